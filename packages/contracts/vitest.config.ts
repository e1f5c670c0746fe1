import { defineProject, mergeConfig } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared.ts';

export default mergeConfig(
  sourceResolve,
  defineProject({
    test: { name: 'contracts', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
  }),
);
