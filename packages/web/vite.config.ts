import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Workspace packages are bundled from their TypeScript sources (the `@layerloom/source` condition),
// so the web build never waits for their `dist/`. `npm run dev -w @layerloom/web` proxies the API to :3000.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@layerloom/source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
});
