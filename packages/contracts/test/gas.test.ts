import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Anvil, startAnvil } from '../src/testing/index.ts';
import { connectTestChain, type TestChain } from './support/clients.ts';
import {
  formatAllowlistGasTable,
  formatGasTable,
  measureAllowlistMintGas,
  measureMintGas,
  splitFrozenVariant,
} from './support/gas.ts';

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

it('mints for the same gas with 10 payees splitting the proceeds and frozen metadata, within 5 % of a plain ERC721A', async () => {
  const plain = await measureMintGas(chain);
  const rows = await measureMintGas(chain, [1, 5], splitFrozenVariant);
  console.log(`\n${formatGasTable([...plain, ...rows])}\n`);
  expect(rows.map((row) => [row.variant, row.quantity])).toEqual([
    ['10 payees, frozen', 1],
    ['10 payees, frozen', 5],
  ]);
  for (const [index, row] of rows.entries()) {
    expect(row.overhead).toBeLessThan(0.05);
    // Splits are settled when a payee is paid and the freeze is checked by the URI setters: a mint reads neither.
    expect(row.collection).toBe(plain[index]!.collection);
  }
}, 30_000);

it('mints on the allowlist for at most the cost of a 10-hash proof over a public mint, whatever the allowance', async () => {
  const [publicOne, publicFive] = await measureMintGas(chain);
  const rows = await measureAllowlistMintGas(chain);
  console.log(`\n${formatAllowlistGasTable(rows)}\n`);
  expect(rows.map((row) => [row.quantity, row.allowance])).toEqual([
    [1, 0],
    [5, 0],
    [1, 10],
    [5, 10],
  ]);
  for (const row of rows) {
    const publicGas = row.quantity === 1 ? publicOne!.collection : publicFive!.collection;
    // A 1,000-wallet list: 10 hashes of calldata and hashing (~6,000 gas), plus the leaf and the root's SLOAD.
    expect(row.gas - publicGas).toBeLessThan(12_000n);
  }
  // The allowance in the leaf is the same price whether it is the phase limit (0) or a quantity.
  const [zeroOne, zeroFive, ownOne, ownFive] = rows;
  expect(zeroOne!.gas - ownOne!.gas).toBeLessThan(100n);
  expect(zeroFive!.gas - ownFive!.gas).toBeLessThan(100n);
}, 30_000);
