import { defineProject } from 'vitest/config';

// Browser tests drive the built app in Chromium. Each file starts its own server (own port and DATA_DIR),
// browser and chain, so files run side by side with the other projects' (the root config's maxWorkers).
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    setupFiles: ['./support/setup.ts'],
    // A worker keeps the modules it loaded from one file to the next (playwright-core, axe, viem, the support
    // files): each file starts its own server, browser and chain in its hooks and shares no state through
    // modules, and loading them again cost about 1.3 s of CPU per file (4 files: 49.4 s -> 44.1 s CPU).
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // In CI the browser shares two cores with the other test projects: give a polled UI state up to
    // 15 s to appear (Vitest's default is 1 s), as a person would wait for a slow screen.
    expect: { poll: { timeout: 15_000 } },
  },
});
