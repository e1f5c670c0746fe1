// The workspace packages in build order, shared by the build, typecheck and start scripts.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Library packages compiled by tsc, in dependency order (dependencies first). */
export const libraries = ['api', 'engine', 'contracts', 'sdk', 'server']
  .map((name) => ({ name, dir: join(root, 'packages', name) }))
  .filter((pkg) => existsSync(join(pkg.dir, 'src', 'index.ts')));

/** Every folder with a tsconfig.json that the typecheck covers. */
export const typecheckTargets = [
  ...libraries.map((pkg) => pkg.dir),
  join(root, 'packages', 'web'),
  join(root, 'e2e'),
].filter((dir) => existsSync(join(dir, 'tsconfig.json')) && hasSources(dir));

function hasSources(dir) {
  const src = join(dir, 'src');
  return dir.endsWith('e2e') || (existsSync(src) && readdirSync(src).length > 0);
}
