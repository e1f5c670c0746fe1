import { defineProject, mergeConfig } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceResolve,
  defineProject({
    // The tests start a real Layerloom server (from its sources) and generate small collections on it.
    test: {
      name: 'sdk',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      globalSetup: ['test/support/global-setup.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  }),
);
