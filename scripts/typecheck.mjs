// Typechecks every package against the sources of the others (no build needed).
import { join } from 'node:path';
import { run } from './run.mjs';
import { root, typecheckTargets } from './workspaces.mjs';

const tsc = join(root, 'node_modules', '.bin', 'tsc');
const results = await Promise.allSettled(
  typecheckTargets.map((dir) => run(tsc, ['-p', join(dir, 'tsconfig.json'), '--noEmit'])),
);
const failed = results.filter((result) => result.status === 'rejected');
if (failed.length > 0) {
  for (const failure of failed) console.error(failure.reason.message);
  process.exit(1);
}
