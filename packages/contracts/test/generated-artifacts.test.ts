import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildArtifactModules, packageDir } from '../scripts/solidity.ts';
import { buildVerificationModules } from '../scripts/verification-input.ts';

it('keeps the committed ABI, bytecode and verification input modules in step with the Solidity sources', () => {
  for (const { output, text } of [...buildArtifactModules(), ...buildVerificationModules()]) {
    const committed = readFileSync(join(packageDir, output), 'utf8');
    expect(committed, `${output} is stale: run npm run compile -w @layerloom/contracts`).toBe(text);
  }
}, 60_000);
