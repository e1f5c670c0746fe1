import { describe, expect, it } from 'vitest';
import { evenPercents, firstPayeeProblem, payeeProblems, toPayeeShares } from './payout-split.ts';

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('payeeProblems', () => {
  it('accepts one wallet with all of the sales, and a split that adds up to 100 %', () => {
    expect(payeeProblems([{ address: alice, percent: 100 }])).toEqual({ rows: [{}] });
    const split = [
      { address: alice, percent: 50 },
      { address: bob, percent: 33.33 },
      { address: carol, percent: 16.67 },
    ];
    expect(payeeProblems(split)).toEqual({ rows: [{}, {}, {}] });
  });

  it('says when the shares do not add up to 100 %, with their total', () => {
    const problems = payeeProblems([
      { address: alice, percent: 60 },
      { address: bob, percent: 30.5 },
    ]);
    expect(problems.split).toBe('The shares add up to 90.5 %; they must add up to exactly 100 %.');
    expect(problems.rows).toEqual([{}, {}]);
  });

  it('points at each wrong address: missing, malformed, mistyped, zero, or listed twice', () => {
    const typo = alice.replace('f39F', 'F39F');
    const problems = payeeProblems([
      { address: '', percent: 20 },
      { address: '0x1234', percent: 20 },
      { address: typo, percent: 20 },
      { address: '0x0000000000000000000000000000000000000000', percent: 20 },
      { address: bob, percent: 10 },
      { address: ` ${bob.toLowerCase()} `, percent: 10 },
    ]);
    expect(problems.rows.map((row) => row.address)).toEqual([
      "Enter this payee's wallet address.",
      'Enter a wallet address: 0x followed by 40 letters and digits (0-9, a-f).',
      'This address has a typo: its capital letters do not match its checksum.',
      'This is the zero address: nothing sent there can ever be spent.',
      undefined,
      'This wallet is already in the split: list each wallet once.',
    ]);
    expect(problems.split).toBeUndefined();
  });

  it('asks a lone payee for a wallet connection or an address', () => {
    expect(firstPayeeProblem([{ address: ' ', percent: 100 }])).toBe(
      'Connect a wallet, or enter the address that receives the sales.',
    );
  });

  it('refuses shares that are missing, not positive, over 100 % or too precise, and leaves the total alone then', () => {
    const problems = payeeProblems([
      { address: alice, percent: null },
      { address: bob, percent: 0 },
      { address: carol, percent: 12.345 },
    ]);
    expect(problems.rows.map((row) => row.percent)).toEqual([
      "Enter this payee's share.",
      'A share must be more than 0 %.',
      'Use at most two decimals, such as 12.5 or 33.33.',
    ]);
    expect(problems.split).toBeUndefined();
    expect(
      payeeProblems([
        { address: alice, percent: 150 },
        { address: bob, percent: 10 },
      ]).rows[0]?.percent,
    ).toBe('A share can be at most 100 %.');
  });

  it('allows at most ten wallets', () => {
    const rows = Array.from({ length: 11 }, (_, index) => ({
      address: `0x${(index + 1).toString(16).padStart(40, '0')}`,
      percent: index === 0 ? 0 : 10,
    }));
    expect(payeeProblems(rows).split).toBe('A split can have at most 10 wallets; remove 1.');
    expect(firstPayeeProblem([])).toBe('Add at least one wallet to receive the sales.');
  });
});

describe('toPayeeShares', () => {
  it('gives the contract checksummed addresses and shares in basis points', () => {
    expect(
      toPayeeShares([
        { address: alice.toLowerCase(), percent: 62.5 },
        { address: bob, percent: 37.5 },
      ]),
    ).toEqual([
      { address: alice, shares: 6250 },
      { address: bob, shares: 3750 },
    ]);
  });

  it('gives a lone wallet all of the sales, whatever share it carries', () => {
    expect(toPayeeShares([{ address: alice, percent: null }])).toEqual([{ address: alice, shares: 10_000 }]);
    expect(firstPayeeProblem([{ address: alice, percent: 40 }])).toBeNull();
  });

  it('refuses a split with a problem, saying which', () => {
    expect(() =>
      toPayeeShares([
        { address: alice, percent: 90 },
        { address: bob, percent: 9 },
      ]),
    ).toThrow('The shares add up to 99 %; they must add up to exactly 100 %.');
  });
});

describe('evenPercents', () => {
  it('splits 100 % evenly in hundredths, the remainder to the first payees', () => {
    expect(evenPercents(2)).toEqual([50, 50]);
    expect(evenPercents(3)).toEqual([33.34, 33.33, 33.33]);
    expect(evenPercents(3).reduce((sum, percent) => sum + Math.round(percent * 100), 0)).toBe(10_000);
    expect(evenPercents(0)).toEqual([]);
  });
});
