import { defineProject } from 'vitest/config';

// Browser tests drive the built app in Chromium; one file at a time keeps the 2-core CI machine responsive.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
