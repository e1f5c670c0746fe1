import type { DropState } from '@layerloom/api';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  blockerMessage,
  countdownLabel,
  formatCountdown,
  formatPrice,
  formatStart,
  mintAllowance,
  mintedPercent,
  nextPhase,
  overLimitMessage,
  phaseLabel,
  stateAt,
  walletLimit,
  walletLimitFigure,
  walletLimitLabel,
} from './mint-rules.ts';

const ROOT = `0x${'ab'.repeat(32)}`;

const state = (change: Partial<DropState> = {}): DropState => ({
  minted: 0,
  maxSupply: 10,
  phase: 'public',
  publicPrice: parseEther('0.01').toString(),
  allowlistPrice: parseEther('0.005').toString(),
  maxPerWallet: 3,
  allowlistMaxPerWallet: 2,
  revealed: true,
  allowlistRoot: null,
  allowlistStart: null,
  publicStart: null,
  readAt: '2026-11-24T10:00:00.000Z',
  ...change,
});

describe('phase wording', () => {
  it('names each phase as a collector reads it', () => {
    expect(phaseLabel('public')).toBe('Public sale');
    expect(phaseLabel('allowlist')).toBe('Allowlist sale');
    expect(phaseLabel('closed')).toBe('Sale not open yet');
  });

  it('states the per-wallet limit and price of the current phase', () => {
    expect(walletLimitLabel(state())).toBe('Up to 3 per wallet');
    expect(walletLimitLabel(state({ phase: 'allowlist' }))).toBe('Up to 2 per wallet');
    expect(formatPrice(parseEther('0.01'), 'ETH')).toBe('0.01 ETH');
    expect(formatPrice(parseEther('12.5'), 'POL')).toBe('12.5 POL');
    expect(formatPrice(0n, 'ETH')).toBe('Free');
  });
});

describe('quantity limits', () => {
  it('offers up to the per-wallet limit on a fresh wallet', () => {
    expect(mintAllowance({ state: state() })).toEqual({ max: 3, blocker: null });
  });

  it('takes off what the wallet already minted in this sale', () => {
    expect(mintAllowance({ state: state(), mintedInPhase: 1 })).toEqual({ max: 2, blocker: null });
    expect(mintAllowance({ state: state(), mintedInPhase: 3 })).toEqual({ max: 0, blocker: 'wallet-limit' });
  });

  it('never offers more than the supply left', () => {
    expect(mintAllowance({ state: state({ minted: 9 }) })).toEqual({ max: 1, blocker: null });
  });

  it('is sold out when every token is minted, whatever the phase', () => {
    expect(mintAllowance({ state: state({ minted: 10 }) }).blocker).toBe('sold-out');
    expect(mintAllowance({ state: state({ minted: 10, phase: 'closed' }) }).blocker).toBe('sold-out');
  });

  it('offers nothing while the sale is closed', () => {
    expect(mintAllowance({ state: state({ phase: 'closed' }) })).toEqual({ max: 0, blocker: 'closed' });
  });

  it('uses the allowlist limit in the allowlist phase, and refuses a wallet not on the list', () => {
    const allowlist = state({ phase: 'allowlist', allowlistRoot: ROOT });
    expect(mintAllowance({ state: allowlist, listed: true, proofRoot: ROOT })).toEqual({
      max: 2,
      blocker: null,
    });
    // Listed on the uploaded list, which the creator has not set on the contract yet.
    expect(mintAllowance({ state: allowlist, listed: true, proofRoot: `0x${'cd'.repeat(32)}` })).toEqual({
      max: 0,
      blocker: 'list-not-on-chain',
    });
    expect(mintAllowance({ state: allowlist, listed: true, proofRoot: ROOT, mintedInPhase: 2 }).blocker).toBe(
      'wallet-limit',
    );
    expect(mintAllowance({ state: allowlist, listed: false })).toEqual({ max: 0, blocker: 'not-listed' });
  });

  it("offers a listed wallet its own allowance in the allowlist phase, over or under the phase's limit", () => {
    const allowlist = state({ phase: 'allowlist', allowlistRoot: ROOT });
    const listed = { state: allowlist, listed: true, proofRoot: ROOT };
    // Over the phase limit of 2.
    expect(mintAllowance({ ...listed, listedAllowance: 5 })).toEqual({ max: 5, blocker: null });
    expect(mintAllowance({ ...listed, listedAllowance: 5, mintedInPhase: 3 })).toEqual({
      max: 2,
      blocker: null,
    });
    // Under it.
    expect(mintAllowance({ ...listed, listedAllowance: 1 })).toEqual({ max: 1, blocker: null });
    expect(mintAllowance({ ...listed, listedAllowance: 1, mintedInPhase: 1 })).toEqual({
      max: 0,
      blocker: 'wallet-limit',
    });
    // Never more than the supply left.
    expect(mintAllowance({ ...listed, listedAllowance: 50, mintedInPhase: 0 }).max).toBe(10);
    expect(walletLimit(allowlist, 7)).toBe(7);
    // The public sale keeps its own limit whatever the allowance.
    expect(mintAllowance({ state: state(), listedAllowance: 5 })).toEqual({ max: 3, blocker: null });
  });

  it('gives a wallet listed without a quantity (allowance 0) the allowlist phase limit', () => {
    const allowlist = state({ phase: 'allowlist', allowlistRoot: ROOT });
    expect(mintAllowance({ state: allowlist, listed: true, proofRoot: ROOT, listedAllowance: 0 })).toEqual({
      max: 2,
      blocker: null,
    });
    expect(
      mintAllowance({ state: allowlist, listed: true, proofRoot: ROOT, listedAllowance: null }).max,
    ).toBe(2);
    expect(walletLimit(allowlist, 0)).toBe(2);
  });

  it('fills the progress bar by the share minted, full only when sold out', () => {
    expect(mintedPercent(state({ minted: 0 }))).toBe(0);
    expect(mintedPercent(state({ minted: 5 }))).toBe(50);
    expect(mintedPercent({ minted: 999, maxSupply: 1000 })).toBe(99);
    expect(mintedPercent(state({ minted: 10 }))).toBe(100);
  });
});

describe('why a wallet cannot mint', () => {
  it('says it in one plain sentence for each reason', () => {
    expect(blockerMessage('sold-out', state({ minted: 10 }))).toBe('Sold out: all 10 tokens are minted.');
    expect(blockerMessage('closed', state({ phase: 'closed' }))).toBe(
      'The sale is not open yet. Come back when the creator opens it.',
    );
    expect(blockerMessage('not-listed', state({ phase: 'allowlist' }))).toBe(
      'This wallet is not on the allowlist for this sale.',
    );
    expect(blockerMessage('wallet-limit', state())).toBe(
      'This wallet has minted its limit for this sale (3 per wallet).',
    );
    expect(blockerMessage('wallet-limit', state({ phase: 'allowlist' }), 4)).toBe(
      'This wallet has minted its allowance for this sale (4 for this wallet).',
    );
    expect(blockerMessage('wallet-limit', state({ phase: 'allowlist' }), 0)).toBe(
      'This wallet has minted its limit for this sale (2 per wallet).',
    );
  });

  it("explains the contract's refusal of a mint over the wallet's allowance", () => {
    expect(overLimitMessage(3n, 2n)).toBe(
      'This wallet may mint 3 in this sale and has minted 2: choose 1 token and mint again.',
    );
    expect(overLimitMessage(5n, 1n)).toBe(
      'This wallet may mint 5 in this sale and has minted 1: choose at most 4 and mint again.',
    );
    expect(overLimitMessage(2n, 2n)).toBe(
      'This wallet may mint 2 in this sale and has minted 2, so it cannot mint more.',
    );
  });
});

describe('the Limit figure', () => {
  it('states the phase limit until a wallet is connected', () => {
    expect(walletLimitFigure(state())).toEqual({ value: 'Up to 3 per wallet', note: null });
    expect(walletLimitFigure(state({ phase: 'allowlist' }), { mintedInPhase: 0 })).toEqual({
      value: 'Up to 2 per wallet',
      note: null,
    });
  });

  it("shows what the connected wallet has left of the public sale's per-wallet limit", () => {
    expect(walletLimitFigure(state(), { mintedInPhase: 1 })).toEqual({
      value: '2 of 3 left',
      note: 'for this wallet',
    });
    expect(walletLimitFigure(state(), { mintedInPhase: 5 }).value).toBe('0 of 3 left');
  });

  it("uses a listed wallet's own allowance in the allowlist sale, not the phase limit", () => {
    const allowlist = state({ phase: 'allowlist' });
    expect(walletLimitFigure(allowlist, { mintedInPhase: 1, listed: true, listedAllowance: 5 })).toEqual({
      value: '4 of 5 left',
      note: "this wallet's allowance",
    });
    expect(walletLimitFigure(allowlist, { mintedInPhase: 0, listed: true, listedAllowance: 0 })).toEqual({
      value: '2 of 2 left',
      note: 'for this wallet',
    });
    expect(walletLimitFigure(allowlist, { mintedInPhase: 0, listed: false }).value).toBe(
      'Not on the allowlist',
    );
  });
});

describe('a scheduled sale', () => {
  const allowlistStart = '2026-12-01T14:00:00.000Z';
  const publicStart = '2026-12-02T14:00:00.000Z';
  const at = (iso: string, plusMs = 0) => Date.parse(iso) + plusMs;
  const scheduled = state({ phase: 'closed', allowlistStart, publicStart });

  it('opens each sale at its start as the contract does, and counts down to the next', () => {
    expect(stateAt(scheduled, at(allowlistStart, -1)).phase).toBe('closed');
    expect(nextPhase(scheduled, at(allowlistStart, -1))).toEqual({
      phase: 'allowlist',
      at: new Date(allowlistStart),
    });
    expect(stateAt(scheduled, at(allowlistStart)).phase).toBe('allowlist');
    expect(nextPhase(scheduled, at(allowlistStart))).toEqual({ phase: 'public', at: new Date(publicStart) });
    expect(stateAt(scheduled, at(publicStart)).phase).toBe('public');
    expect(nextPhase(scheduled, at(publicStart))).toBeNull();
  });

  it('never goes back behind what the chain read, and leaves a sale run by hand as read', () => {
    // A visitor whose clock runs late still sees the public sale the chain reported.
    expect(
      stateAt(state({ phase: 'public', allowlistStart, publicStart }), at(allowlistStart, -5000)).phase,
    ).toBe('public');
    const manual = state({ phase: 'allowlist' });
    expect(stateAt(manual, at(publicStart))).toBe(manual);
    expect(nextPhase(manual, at(publicStart))).toBeNull();
    // Only a public start: closed until then, no allowlist sale.
    const publicOnly = state({ phase: 'closed', publicStart });
    expect(nextPhase(publicOnly, at(allowlistStart))).toEqual({ phase: 'public', at: new Date(publicStart) });
    expect(stateAt(publicOnly, at(publicStart, -1)).phase).toBe('closed');
  });

  it("reads the time left as a countdown, and the start in the visitor's zone", () => {
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(3_600_000 + 62_500)).toBe('01:01:03');
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('2 d 03:04:05');
    expect(formatCountdown(-3_000)).toBe('00:00');
    expect(countdownLabel({ phase: 'public', at: new Date(publicStart) }, at(publicStart, -90_000))).toBe(
      'Public sale opens in 01:30',
    );
    expect(formatStart(new Date(publicStart), 'UTC')).toBe('Wed, Dec 2, 14:00 UTC');
  });

  it('says when a closed sale opens instead of asking to come back', () => {
    const future = state({ phase: 'closed', publicStart: new Date(Date.now() + 86_400_000).toISOString() });
    expect(blockerMessage('closed', future)).toMatch(
      /^The sale is not open yet: the public sale opens \w{3}, /,
    );
    expect(blockerMessage('closed', state({ phase: 'closed' }))).toBe(
      'The sale is not open yet. Come back when the creator opens it.',
    );
  });
});
