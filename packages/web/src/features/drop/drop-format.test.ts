import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  allowlistSync,
  countOf,
  dropPermissions,
  formatBalance,
  formatLimit,
  formatMinted,
  formatPrice,
  limitError,
  notOwnerMessage,
  priceError,
  summaryFromChain,
  summaryFromServer,
} from './drop-format.ts';

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const payout = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const stranger = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('who may run the drop', () => {
  it('lets the owner do everything, whatever the case of the address', () => {
    expect(dropPermissions({ account: owner.toLowerCase(), owner, payoutAddress: payout })).toEqual({
      isOwner: true,
      canWithdraw: true,
    });
    expect(notOwnerMessage(owner.toLowerCase(), owner)).toBeNull();
  });

  it('lets the payout address withdraw and nothing else', () => {
    expect(dropPermissions({ account: payout, owner, payoutAddress: payout })).toEqual({
      isOwner: false,
      canWithdraw: true,
    });
  });

  it('tells any other wallet which wallet owns the contract', () => {
    expect(dropPermissions({ account: stranger, owner, payoutAddress: null })).toEqual({
      isOwner: false,
      canWithdraw: false,
    });
    expect(notOwnerMessage(stranger, owner)).toBe(`Connect the wallet that owns this contract (${owner}).`);
    expect(notOwnerMessage(undefined, owner)).toBe(`Connect the wallet that owns this contract (${owner}).`);
  });
});

describe('the state as the panel shows it', () => {
  it('formats prices, balances, limits and supply', () => {
    expect(formatPrice(parseEther('0.02'), 'ETH')).toBe('0.02 ETH');
    expect(formatPrice(0n, 'POL')).toBe('Free');
    expect(formatBalance(0n, 'ETH')).toBe('0 ETH');
    expect(formatBalance(parseEther('1.5'), 'ETH')).toBe('1.5 ETH');
    expect(formatLimit(3)).toBe('3 per wallet');
    expect(formatLimit(0)).toBe('0 per wallet (no one can mint)');
    expect(formatMinted(2n, 10_000n)).toBe('2 of 10,000');
    expect(countOf(1, 'wallet')).toBe('1 wallet');
    expect(countOf(0, 'wallet')).toBe('0 wallets');
    expect(countOf(1_200, 'wallet')).toBe('1,200 wallets');
  });

  it('pays the owner when no payout address is set', () => {
    const chain = {
      phase: 'public' as const,
      totalSupply: 1n,
      maxSupply: 6n,
      mintPrice: parseEther('0.01'),
      maxPerWallet: 2,
      allowlist: { price: 0n, maxPerWallet: 1 },
      revealed: true,
      balance: parseEther('0.01'),
      owner,
      payoutAddress: null,
    };
    expect(summaryFromChain(chain).payTo).toEqual({ address: owner, isOwner: true });
    expect(summaryFromChain({ ...chain, payoutAddress: payout }).payTo).toEqual({
      address: payout,
      isOwner: false,
    });
  });

  it('reads the server’s cached state without funds or owner', () => {
    expect(
      summaryFromServer({
        phase: 'allowlist',
        minted: 3,
        maxSupply: 6,
        publicPrice: '10000000000000000',
        allowlistPrice: '0',
        maxPerWallet: 2,
        allowlistMaxPerWallet: 1,
        revealed: false,
      }),
    ).toMatchObject({
      source: 'server',
      totalSupply: 3n,
      mintPrice: parseEther('0.01'),
      allowlistPrice: 0n,
      balance: null,
      payTo: null,
    });
  });

  it('compares the uploaded allowlist with the root on chain', () => {
    const root = `0x${'ab'.repeat(32)}`;
    expect(allowlistSync(null, null)).toBe('none');
    expect(allowlistSync(root, null)).toBe('not-on-chain');
    expect(allowlistSync(root, root.toUpperCase().replace('0X', '0x'))).toBe('matches');
    expect(allowlistSync(root, `0x${'cd'.repeat(32)}`)).toBe('differs');
    expect(allowlistSync(undefined, root)).toBe('only-on-chain');
  });

  it('checks prices and limits as typed', () => {
    expect(priceError('0.02')).toBeNull();
    expect(priceError('0')).toBeNull();
    expect(priceError('')).toBe('Enter a price (0 for a free mint).');
    expect(priceError('1,5')).toBe('Enter a price as a number, such as 0.02.');
    expect(priceError(`0.${'1'.repeat(19)}`)).toBe('Use at most 18 decimals.');
    expect(priceError('400000000')).toBe('This price is too high for the contract.');
    expect(limitError(0)).toBeNull();
    expect(limitError(null)).toBe('Enter the per-wallet limit.');
    expect(limitError(1.5)).toBe('The limit must be a whole number, 0 or more.');
    expect(limitError(2 ** 32)).toBe('This limit is too high for the contract.');
  });
});
