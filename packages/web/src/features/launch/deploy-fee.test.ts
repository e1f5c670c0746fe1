import type { CollectionSettings } from '@layerloom/contracts';
import { layerloomCollectionAbi, layerloomCollectionBytecode } from '@layerloom/contracts';
import { decodeDeployData, parseEther, parseGwei } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { deployData, deployFeeLine, estimateDeployFee, formatFee } from './deploy-fee.ts';

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const friend = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const settings: CollectionSettings = {
  name: 'Loom Cats',
  symbol: 'LC',
  maxSupply: 100,
  mintPrice: parseEther('0.01'),
  maxPerWallet: 5,
  preRevealURI: '',
  payees: [
    { address: owner, shares: 6000 },
    { address: friend, shares: 4000 },
  ],
  royalty: { bps: 500 },
};

describe('formatFee', () => {
  it('rounds to three significant digits in the chain currency', () => {
    expect(formatFee(parseEther('0.012345'), 'ETH')).toBe('0.0123 ETH');
    expect(formatFee(parseEther('1.23456'), 'POL')).toBe('1.23 POL');
    expect(formatFee(parseEther('0.00001'), 'ETH')).toBe('less than 0.0001 ETH');
    expect(formatFee(0n, 'ETH')).toBe('0 ETH');
  });
});

describe('deployData', () => {
  it('carries the settings and the payout split into the constructor', () => {
    const { args } = decodeDeployData({
      abi: layerloomCollectionAbi,
      bytecode: layerloomCollectionBytecode,
      data: deployData(settings, owner),
    });
    expect(args[0]).toMatchObject({
      name: 'Loom Cats',
      symbol: 'LC',
      maxSupply: 100n,
      publicPrice: parseEther('0.01'),
      owner,
      royaltyReceiver: owner,
      royaltyBps: 500n,
      payees: [owner, friend],
      shares: [6000n, 4000n],
    });
  });
});

describe('estimateDeployFee', () => {
  it("multiplies the deploy's gas by the network's gas price", async () => {
    const estimateGas = vi.fn(async () => 3_000_000n);
    const publicClient = { estimateGas, getGasPrice: async () => parseGwei('2') };
    const estimate = await estimateDeployFee({
      publicClient: publicClient as never,
      account: owner,
      settings,
    });
    expect(estimate.fee).toBe(parseEther('0.006'));
    expect(formatFee(estimate.fee, 'ETH')).toBe('0.006 ETH');
    expect(estimateGas).toHaveBeenCalledWith({ account: owner, data: deployData(settings, owner) });
  });
});

describe('deployFeeLine', () => {
  it('says what deploying costs before the wallet is asked', () => {
    expect(deployFeeLine({ currency: 'ETH', hasSettings: true, fee: parseEther('0.0123') })).toEqual({
      text: 'Deploying costs about 0.0123 ETH (network fee), paid from your wallet; setting up the sale afterwards takes a few much smaller transactions.',
      tone: 'plain',
    });
  });

  it('says plainly when the fee could not be estimated, and that the wallet still shows it', () => {
    expect(
      deployFeeLine({ currency: 'ETH', hasSettings: true, failure: 'The RPC did not answer' }).text,
    ).toBe(
      'Could not estimate the network fee: The RPC did not answer. Your wallet still shows the fee before you confirm.',
    );
    expect(
      deployFeeLine({ currency: 'ETH', hasSettings: true, failure: 'Connect a wallet first.' }).tone,
    ).toBe('bad');
  });

  it('waits for a complete form, then for the estimate', () => {
    expect(deployFeeLine({ currency: 'ETH', hasSettings: false }).text).toBe(
      'The network fee is estimated once every field is filled in correctly.',
    );
    expect(deployFeeLine({ currency: 'ETH', hasSettings: true }).text).toBe('Estimating the network fee…');
  });
});
