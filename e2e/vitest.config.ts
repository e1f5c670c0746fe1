import { defineProject } from 'vitest/config';

// Browser tests drive the built app in Chromium. Each file starts its own server (own port and DATA_DIR),
// browser and chain, so files run side by side with the other projects' (the root config's maxWorkers).
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    setupFiles: ['./support/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // In CI the browser shares two cores with the other test projects: give a polled UI state up to
    // 15 s to appear (Vitest's default is 1 s), as a person would wait for a slow screen.
    expect: { poll: { timeout: 15_000 } },
  },
});
