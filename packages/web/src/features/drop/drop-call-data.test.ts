import { layerloomCollectionAbi } from '@layerloom/contracts';
import { decodeFunctionData, type Hex, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { mintCall } from '../mint/mint-fee.ts';
import {
  airdropCallData,
  allowlistCallData,
  phaseCallData,
  priceCallData,
  scheduleCallData,
} from './drop-call-data.ts';

const decode = (data: Hex) => decodeFunctionData({ abi: layerloomCollectionAbi, data });
const onChain = { mintPrice: parseEther('0.01'), maxPerWallet: 5 };
const ROOT: Hex = `0x${'ab'.repeat(32)}`;

describe("the calls the drop's cards price before the wallet asks", () => {
  it('prices the public sale save as it will be sent: only what changed, nothing while a field is wrong', () => {
    expect(priceCallData({ price: '0.01', limit: 5 }, onChain)).toEqual([]);
    const both = priceCallData({ price: '0.02', limit: 3 }, onChain) ?? [];
    expect(both.map(decode)).toEqual([
      { functionName: 'setMintPrice', args: [parseEther('0.02')] },
      { functionName: 'setMaxPerWallet', args: [3] },
    ]);
    expect(priceCallData({ price: '0.01', limit: 9 }, onChain)?.map(decode)).toEqual([
      { functionName: 'setMaxPerWallet', args: [9] },
    ]);
    expect(priceCallData({ price: 'ten', limit: 5 }, onChain)).toBeNull();
  });

  it('follows the allowlist, airdrop, phase and schedule inputs', () => {
    expect(decode(allowlistCallData(ROOT, { price: '0.005', limit: 2 }) as Hex)).toEqual({
      functionName: 'setAllowlist',
      args: [ROOT, parseEther('0.005'), 2],
    });
    expect(allowlistCallData(ROOT, { price: '', limit: 2 })).toBeNull();
    const to = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    expect(decode(airdropCallData([{ to, quantity: 3 }]) as Hex)).toEqual({
      functionName: 'airdrop',
      args: [[to], [3n]],
    });
    expect(airdropCallData([])).toBeNull();
    expect(decode(phaseCallData('public'))).toEqual({ functionName: 'setSalePhase', args: [2] });
    const start = new Date('2027-01-02T03:04:05Z');
    expect(decode(scheduleCallData({ allowlistStart: null, publicStart: start }))).toEqual({
      functionName: 'setSaleSchedule',
      args: [0, start.getTime() / 1000],
    });
  });

  it("encodes a collector's mint and allowlist mint", () => {
    const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    expect(decode(mintCall({ address, quantity: 2, value: 0n }).data)).toEqual({
      functionName: 'mint',
      args: [2n],
    });
    const proof: Hex[] = [ROOT];
    expect(
      decode(mintCall({ address, quantity: 1, value: 5n, allowlist: { allowance: 3, proof } }).data),
    ).toEqual({
      functionName: 'allowlistMint',
      args: [1n, 3, proof],
    });
  });
});
