import { defaultClientConditions, defaultServerConditions } from 'vite';

/** Resolve workspace packages to their TypeScript sources in tests (see the `@layerloom/source` export condition). */
export const sourceResolve = {
  resolve: { conditions: ['@layerloom/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@layerloom/source', ...defaultServerConditions] } },
};
