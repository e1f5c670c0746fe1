// Chunks by first load: the modules the pages with a weight budget (e2e/bench/web.ts) load before they are
// usable are grouped by which of those pages load them, so such a page fetches a handful of files instead of a
// hundred small ones that each cost a request and compress alone. Which page loads what is read from a first
// build with the default chunking (tree-shaken, as shipped), so a group holds only modules the same pages load.
import { build, type Plugin, type Rolldown } from 'vite';

/** antd's providers: every page that shows an antd component loads them with its route. */
const ANTD_PROVIDERS = /[\\/]src[\\/]app[\\/]antd-providers\.tsx$/;
/** The dashboard's frame (menu, header), loaded with every /dashboard page. */
const DASHBOARD_ROUTE = /[\\/]src[\\/]app[\\/]dashboard-route\.tsx$/;
/** The route table: every page it loads lazily is a route. */
const ROUTER = /[\\/]src[\\/]app[\\/]router\.tsx$/;

/** The pages with a budget, by the modules their route loads on the first visit. */
const BUDGETED_PAGES: Record<string, RegExp[]> = {
  landing: [/[\\/]features[\\/]site[\\/]landing-page\.tsx$/],
  dashboard: [ANTD_PROVIDERS, DASHBOARD_ROUTE, /[\\/]features[\\/]dashboard[\\/]overview-page\.tsx$/],
  generate: [ANTD_PROVIDERS, DASHBOARD_ROUTE, /[\\/]features[\\/]generate[\\/]generate-page\.tsx$/],
  mint: [ANTD_PROVIDERS, /[\\/]features[\\/]mint[\\/]mint-page\.tsx$/],
};

/** Set while the first build runs, so that build chunks by default and does not start another. */
const SURVEY_FLAG = 'LAYERLOOM_FIRST_LOAD_SURVEY';

/**
 * The group of each module a budgeted page loads first: its name says which budgeted pages load it and, with
 * `-more`, that another route loads it first too; the entry chunk's modules are one group, so they stay the
 * entry. Modules no budgeted page loads first (the parts loaded on demand, other routes' own code) and the
 * entry's other static imports (React's chunk) keep their chunking.
 */
export function firstLoadGroupsOf(chunks: Rolldown.OutputChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holding = (module: RegExp) => chunks.filter((chunk) => chunk.moduleIds.some((id) => module.test(id)));
  const staticClosure = (files: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...files];
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const loadedByEntry = staticClosure(entries);
  const pageRoots = new Set<string>();
  const pages = Object.entries(BUDGETED_PAGES).map(([page, modules]) => {
    const roots = modules.flatMap((module) => {
      const found = holding(module).map((chunk) => chunk.fileName);
      if (found.length === 0) throw new Error(`first-load chunks: no chunk holds ${module} (${page})`);
      return found;
    });
    for (const root of roots) pageRoots.add(root);
    return { page, loads: staticClosure([...entries, ...roots]) };
  });
  const router = holding(ROUTER)[0];
  if (!router) throw new Error('first-load chunks: no chunk holds the router');
  const otherRoutes = router.dynamicImports
    .filter((file) => !pageRoots.has(file))
    .map((file) => staticClosure([file]));
  const groups = new Map<string, string>();
  for (const chunk of chunks) {
    // The entry's own modules stay one chunk (the entry): left to the default splitting beside the groups,
    // those the groups import too came apart into small chunks the entry waits for (landing LCP 916 -> 1172 ms).
    if (chunk.isEntry) {
      for (const id of chunk.moduleIds) groups.set(id, 'index');
      continue;
    }
    if (loadedByEntry.has(chunk.fileName)) continue;
    const loadedBy = pages.filter(({ loads }) => loads.has(chunk.fileName)).map(({ page }) => page);
    if (loadedBy.length === 0) continue;
    const more = otherRoutes.some((loads) => loads.has(chunk.fileName)) ? '-more' : '';
    for (const id of chunk.moduleIds) groups.set(id, `first-${loadedBy.join('-')}${more}`);
  }
  return groups;
}

/**
 * `build.rolldownOptions.output.codeSplitting.groups` entry that groups the budgeted pages' first loads, and
 * the plugin that fills it before a production build (a first build, not written, with the default chunking).
 * Each module goes to exactly one group, without its dependencies: those are grouped by the pages that load
 * them, always the same pages or more, so no chunk waits on one its pages do not load.
 */
export function firstLoadChunks(configFile: string): {
  plugin: Plugin;
  group: { name: (id: string) => string | null; includeDependenciesRecursively: false };
} {
  let groups = new Map<string, string>();
  const plugin: Plugin = {
    name: 'layerloom:first-load-chunks',
    apply: (_config, env) => env.command === 'build' && process.env[SURVEY_FLAG] !== '1',
    async config(config, env) {
      process.env[SURVEY_FLAG] = '1';
      try {
        const output = await build({
          configFile,
          root: config.root,
          mode: env.mode,
          logLevel: 'silent',
          build: { write: false, minify: false, reportCompressedSize: false, copyPublicDir: false },
        });
        const bundle = Array.isArray(output) ? output[0] : output;
        if (!bundle || !('output' in bundle))
          throw new Error('first-load chunks: the first build gave no output');
        groups = firstLoadGroupsOf(
          bundle.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk'),
        );
      } finally {
        delete process.env[SURVEY_FLAG];
      }
    },
  };
  return {
    plugin,
    group: { name: (id) => groups.get(id) ?? null, includeDependenciesRecursively: false },
  };
}
