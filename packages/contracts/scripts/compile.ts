// Compiles the Solidity contracts and writes their typed ABI + bytecode modules.
// Usage: npm run compile -w @layerloom/contracts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildArtifactModules, packageDir } from './solidity.ts';
import { buildVerificationModules } from './verification-input.ts';

for (const { output, text } of [...buildArtifactModules(), ...buildVerificationModules()]) {
  const path = join(packageDir, output);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${output}`);
}
