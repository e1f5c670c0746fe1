import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Anvil, startAnvil } from '../src/testing/index.ts';
import { connectTestChain, type TestChain } from './support/clients.ts';
import { formatGasTable, measureMintGas } from './support/gas.ts';

let anvil: Anvil;
let chain: TestChain;

beforeAll(async () => {
  anvil = await startAnvil();
  chain = await connectTestChain(anvil.rpcUrl);
});

afterAll(async () => {
  await anvil?.stop();
});

it('mints 1 and 5 tokens within 5 % of the gas of a plain ERC721A', async () => {
  const rows = await measureMintGas(chain);
  console.log(`\n${formatGasTable(rows)}\n`);
  expect(rows.map((row) => row.quantity)).toEqual([1, 5]);
  for (const row of rows) {
    expect(row.reference).toBeGreaterThan(21_000n);
    expect(row.overhead).toBeLessThan(0.05);
  }
});
