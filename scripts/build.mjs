// Builds every package: tsc for the libraries (in dependency order), Vite for the web app.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './run.mjs';
import { libraries, root } from './workspaces.mjs';

const tsc = join(root, 'node_modules', '.bin', 'tsc');
for (const pkg of libraries) {
  rmSync(join(pkg.dir, 'dist'), { recursive: true, force: true });
  await run(tsc, ['-p', join(pkg.dir, 'tsconfig.build.json')]);
  const after = join(pkg.dir, 'scripts', 'postbuild.mjs');
  if (existsSync(after)) await run(process.execPath, [after], { cwd: pkg.dir });
}
const web = join(root, 'packages', 'web');
if (existsSync(join(web, 'vite.config.ts'))) {
  await run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: web });
  await run(process.execPath, [join(web, 'scripts', 'precompress.mjs')], { cwd: web });
}
