import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { firstLoadChunks } from './scripts/first-load-chunks.ts';

/**
 * Modules that only declare things (no import-time effects) although their package does not say so: the
 * API contract (zod schemas, constants), antd's `@rc-component/*` building blocks, and this app's own
 * TypeScript modules (components, hooks, helpers: none is imported for an effect; main.tsx is the entry).
 * So a module that is only re-exported through another (PageLoading through route-error.tsx) is loaded
 * where it is used, not with every importer of the re-exporting module.
 */
function isDeclarationsOnly(id: string): boolean {
  return (
    /[\\/](packages[\\/]api[\\/]src|node_modules[\\/]@rc-component)[\\/]/.test(id) ||
    /[\\/]packages[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id)
  );
}

/** The landing page's own module: its chunks are fetched with the app's code when `/` is opened. */
const LANDING_PAGE = /[\\/]features[\\/]site[\\/]landing-page\.tsx$/;
/** The text fonts every page shows at once (Inter for text, Space Grotesk for headings), latin subset. */
const FIRST_PAINT_FONTS = /(^|\/)(inter|space-grotesk)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Hints in index.html that shorten the first paint, which waits for the fonts and, on `/`, for the landing
 * page's lazily loaded chunks (found only once the app's code has run): the fonts are preloaded on every page,
 * and a tiny script preloads the landing page's chunks and style sheet (what the entry does not load
 * already) when the address is `/`. A script file, not inline code: the CSP allows scripts from the app's origin only.
 */
function firstLoadHints(): Plugin {
  let base = '/';
  return {
    name: 'layerloom:first-load-hints',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const landing = chunks.find((chunk) => chunk.moduleIds.some((id) => LANDING_PAGE.test(id)));
      if (!entry || !landing) this.error('first-load hints: the entry or the landing page chunk is missing');
      const staticClosure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        const file = bundle[fileName];
        if (file?.type === 'chunk') for (const imported of file.imports) staticClosure(imported, seen);
        return seen;
      };
      const loadedByEntry = staticClosure(entry.fileName);
      const landingFiles = [...staticClosure(landing.fileName)].filter((file) => !loadedByEntry.has(file));
      const landingCss = landingFiles.flatMap((file) => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
      });
      const hints = [
        ...landingFiles.map((file) => ['modulepreload', base + file]),
        ...landingCss.map((file) => ['preload', base + file]),
      ];
      const script = `if(location.pathname==='/')for(const[rel,href]of ${JSON.stringify(hints)}){const link=document.createElement('link');link.rel=rel;link.href=href;link.crossOrigin='';if(rel==='preload')link.as='style';document.head.append(link)}\n`;
      const scriptFile = this.getFileName(
        this.emitFile({ type: 'asset', name: 'preload-landing.js', source: script }),
      );
      const fonts = Object.keys(bundle).filter((file) => FIRST_PAINT_FONTS.test(file));
      if (fonts.length !== 2)
        this.error(`first-load hints: expected the 2 text fonts, found ${fonts.join(', ')}`);
      const tags = [
        ...fonts.map(
          (font) => `<link rel="preload" as="font" type="font/woff2" href="${base}${font}" crossorigin>`,
        ),
        // A classic deferred script runs before the entry module (same queue, document order), as soon as the
        // page is parsed, so the landing page's chunks load alongside the app's code.
        `<script defer src="${base}${scriptFile}"></script>`,
      ];
      const source = String(html.source);
      if (!source.includes('</title>')) this.error('first-load hints: index.html has no </title>');
      html.source = source.replace('</title>', `</title>\n    ${tags.join('\n    ')}`);
    },
  };
}

/** The budgeted pages' first loads in a few chunks (scripts/first-load-chunks.ts). */
const firstLoads = firstLoadChunks(fileURLToPath(import.meta.url));

// Workspace packages are bundled from their TypeScript sources (the `@layerloom/source` condition),
// so the web build never waits for their `dist/`. `npm run dev -w @layerloom/web` proxies the API to :3000.
export default defineConfig({
  plugins: [react(), firstLoadHints(), firstLoads.plugin],
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
      output: {
        // What every page runs (React, the router, the server-state cache) in one long-cached chunk, rather
        // than spread over chunks named after whichever module first shared them. Then what the budgeted
        // pages (landing, dashboard, Generate NFT, mint page) load first, grouped by which of them load it:
        // each such page fetches a few files, and the rest (antd components of other pages, parts loaded on
        // demand) stays split, so a page loads the components it shows.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
            },
            firstLoads.group,
          ],
        },
      },
    },
  },
});
