import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Modules that only declare things (no import-time effects) although their package does not say so: the
 * API contract (zod schemas, constants) and antd's `@rc-component/*` building blocks.
 */
function isDeclarationsOnly(id: string): boolean {
  return /[\\/](packages[\\/]api[\\/]src|node_modules[\\/]@rc-component)[\\/]/.test(id);
}

// Workspace packages are bundled from their TypeScript sources (the `@layerloom/source` condition),
// so the web build never waits for their `dist/`. `npm run dev -w @layerloom/web` proxies the API to :3000.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@layerloom/source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The API contract only declares schemas and constants, so a page that imports `plans` from it (the
      // landing page) gets that module alone, not every endpoint's zod schema. Other modules keep their
      // package.json `sideEffects`.
      treeshake: { moduleSideEffects: (id) => (isDeclarationsOnly(id) ? false : undefined) },
    },
  },
});
