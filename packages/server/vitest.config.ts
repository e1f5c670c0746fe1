import { defineProject, mergeConfig } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared.ts';

// Without the bundlers' "module" condition: the AWS SDK's "module" builds import files without their
// extensions, which Node cannot load as they are; its "node" builds (what the server runs) load fine.
const withoutModule = (conditions: string[]) => conditions.filter((condition) => condition !== 'module');
const resolve = {
  resolve: { conditions: withoutModule(sourceResolve.resolve.conditions) },
  ssr: { resolve: { conditions: withoutModule(sourceResolve.ssr.resolve.conditions) } },
};

export default mergeConfig(
  resolve,
  defineProject({
    test: {
      name: 'server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);
