// `npm start`: builds what is missing or stale, then runs the server on embedded defaults.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './run.mjs';
import { root } from './workspaces.mjs';

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

const packages = join(root, 'packages');
const sources = readdirSync(packages).map((name) => newest(join(packages, name, 'src')));
const serverEntry = join(packages, 'server', 'dist', 'server.js');
const webEntry = join(packages, 'web', 'dist', 'index.html');
const built =
  existsSync(serverEntry) && existsSync(webEntry)
    ? Math.min(statSync(serverEntry).mtimeMs, statSync(webEntry).mtimeMs)
    : 0;
if (built < Math.max(...sources)) {
  console.log('Building Layerloom…');
  await run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
}
await run(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root }).catch(() =>
  process.exit(1),
);
