import { defineProject, mergeConfig } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceResolve,
  defineProject({
    // Rendering tests take a few seconds on a busy machine (CI runs every project at once): no timed assertions here.
    test: { name: 'engine', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
  }),
);
