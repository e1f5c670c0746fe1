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
    setupFiles: ['./src/test/setup.ts'],
    // Rendering antd forms in jsdom takes seconds on a busy 2-core machine: 5 s timed out in CI, 20 s under heavy load.
    testTimeout: 60_000,
  },
});
