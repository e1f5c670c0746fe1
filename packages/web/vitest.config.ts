import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared.ts';

// Component tests run in jsdom; the whole app is tested in a real browser under e2e/.
export default defineProject({
  plugins: [react()],
  ...sourceResolve,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Most of a file's time was jsdom's getComputedStyle matching antd's css-in-js rules for each query:
    // setup.ts cuts those sheets to the rules queries read (src/test/visibility-styles.ts). Measured and
    // not kept: pool 'threads' (the same CPU as forks), deps.optimizer.client for antd and its icons (the
    // icons came out undefined), importing icons one by one (no gain beyond noise).
    setupFiles: ['./src/test/setup.ts'],
    // Rendering antd forms in jsdom takes seconds on a busy 2-core machine: 5 s timed out in CI, 20 s under heavy load.
    testTimeout: 60_000,
  },
});
