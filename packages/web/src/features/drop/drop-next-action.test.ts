import { describe, expect, it } from 'vitest';
import { dropNextAction } from './drop-next-action.ts';

const closed = {
  phase: 'closed' as const,
  totalSupply: 0n,
  maxSupply: 6n,
  revealed: false,
  balance: 0n,
  allowlist: { merkleRoot: null, price: 0n, maxPerWallet: 0 },
};
const root = `0x${'ab'.repeat(32)}` as const;

describe('dropNextAction', () => {
  it('opens a closed sale: the allowlist one when a list is on chain, else the public one', () => {
    expect(dropNextAction(closed)).toBe('open-public');
    expect(dropNextAction({ ...closed, allowlist: { ...closed.allowlist, merkleRoot: root } })).toBe(
      'open-allowlist',
    );
  });

  it('moves an allowlist sale on to the public sale', () => {
    expect(dropNextAction({ ...closed, phase: 'allowlist', totalSupply: 2n, balance: 10n })).toBe(
      'open-public',
    );
  });

  it('during the public sale, withdraws what it holds, then reveals the minted tokens', () => {
    expect(dropNextAction({ ...closed, phase: 'public', totalSupply: 3n, balance: 10n })).toBe('withdraw');
    expect(dropNextAction({ ...closed, phase: 'public', totalSupply: 3n })).toBe('reveal');
    expect(dropNextAction({ ...closed, phase: 'public', totalSupply: 3n, revealed: true })).toBeNull();
  });

  it('once sold out, withdraws and reveals, whatever the phase', () => {
    const soldOut = { ...closed, phase: 'public' as const, totalSupply: 6n };
    expect(dropNextAction({ ...soldOut, balance: 1n })).toBe('withdraw');
    expect(dropNextAction(soldOut)).toBe('reveal');
    expect(dropNextAction({ ...soldOut, phase: 'closed', revealed: true })).toBeNull();
  });
});
