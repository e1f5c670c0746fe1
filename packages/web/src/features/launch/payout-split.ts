import { MAX_DEPLOYMENT_PAYEES } from '@layerloom/api';
import { type Address, getAddress, isAddress, zeroAddress } from 'viem';

/** One row of the payout split as typed: a wallet and its share of the sales in percent (60 or 12.5). */
export interface PayeeRow {
  address: string;
  percent: number | null;
}

/** A payee as the contract and the server take it: shares in basis points (6000 = 60 %). */
export interface PayeeShares {
  address: Address;
  shares: number;
}

/** What is wrong with a split: per row (address, share) and with the whole (count, total). */
export interface PayeeProblems {
  rows: { address?: string; percent?: string }[];
  /** Too many payees, none, or shares that do not add up to 100 %. */
  split?: string;
}

export const MAX_PAYEES = MAX_DEPLOYMENT_PAYEES;
const WHOLE_BPS = 10_000;

/** A wallet address's problem in words, or null ("" means none was typed). */
export function addressProblem(value: string, missing: string): string | null {
  const text = value.trim();
  if (text === '') return missing;
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
    return 'Enter a wallet address: 0x followed by 40 letters and digits (0-9, a-f).';
  }
  // Mixed case carries an EIP-55 checksum: a wrong one means a typo.
  if (!isAddress(text)) return 'This address has a typo: its capital letters do not match its checksum.';
  return null;
}

/** A percent as basis points (12.5 → 1250), or null when it has more than two decimals. */
function percentToBasisPoints(percent: number): number | null {
  const bps = Math.round(percent * 100);
  return Math.abs(bps - percent * 100) < 1e-6 ? bps : null;
}

/** "100", "99.5", "33.33": a sum of basis points as the percent people read. */
function formatPercent(bps: number): string {
  return String(bps / 100);
}

/** A lone wallet receives all of the sales whatever share it carries (the form shows none for it). */
function withLoneShare(rows: readonly PayeeRow[]): readonly PayeeRow[] {
  const [only] = rows;
  return rows.length === 1 && only ? [{ address: only.address ?? '', percent: 100 }] : rows;
}

/** Every problem of a payout split, each where it shows in the form; no problems: it can be deployed. */
export function payeeProblems(typed: readonly PayeeRow[]): PayeeProblems {
  const rows = withLoneShare(typed);
  const problems: PayeeProblems = { rows: rows.map(() => ({})) };
  if (rows.length === 0) problems.split = 'Add at least one wallet to receive the sales.';
  if (rows.length > MAX_PAYEES) {
    problems.split = `A split can have at most ${MAX_PAYEES} wallets; remove ${rows.length - MAX_PAYEES}.`;
  }
  const seen = new Set<string>();
  let total = 0;
  let isTotalKnown = true;
  rows.forEach((row, index) => {
    const problem = problems.rows[index] ?? {};
    problems.rows[index] = problem;
    const address = row.address ?? '';
    const addressError = addressProblem(
      address,
      rows.length === 1
        ? 'Connect a wallet, or enter the address that receives the sales.'
        : "Enter this payee's wallet address.",
    );
    if (addressError) {
      problem.address = addressError;
    } else if (address.trim().toLowerCase() === zeroAddress) {
      problem.address = 'This is the zero address: nothing sent there can ever be spent.';
    } else {
      const key = address.trim().toLowerCase();
      if (seen.has(key)) problem.address = 'This wallet is already in the split: list each wallet once.';
      seen.add(key);
    }
    const percent = row.percent;
    if (percent === null || percent === undefined || Number.isNaN(percent)) {
      problem.percent = "Enter this payee's share.";
      isTotalKnown = false;
      return;
    }
    const bps = percentToBasisPoints(percent);
    if (percent <= 0) problem.percent = 'A share must be more than 0 %.';
    else if (percent > 100) problem.percent = 'A share can be at most 100 %.';
    else if (bps === null) problem.percent = 'Use at most two decimals, such as 12.5 or 33.33.';
    if (problem.percent || bps === null) {
      isTotalKnown = false;
      return;
    }
    total += bps;
  });
  if (!problems.split && isTotalKnown && rows.length > 0 && total !== WHOLE_BPS) {
    problems.split = `The shares add up to ${formatPercent(total)} %; they must add up to exactly 100 %.`;
  }
  return problems;
}

/** The first problem of a split in words, or null when it can be deployed. */
export function firstPayeeProblem(rows: readonly PayeeRow[]): string | null {
  const problems = payeeProblems(rows);
  for (const row of problems.rows) {
    const problem = row.address ?? row.percent;
    if (problem) return problem;
  }
  return problems.split ?? null;
}

/** A checked split as the contract's payees: checksummed addresses and shares in basis points. */
export function toPayeeShares(typed: readonly PayeeRow[]): PayeeShares[] {
  const rows = withLoneShare(typed);
  const problem = firstPayeeProblem(rows);
  if (problem) throw new Error(problem);
  return rows.map((row) => ({
    address: getAddress(row.address.trim()),
    shares: Math.round((row.percent ?? 0) * 100),
  }));
}

/**
 * Shares that add up to 100 % for `count` payees, in whole basis points: an even split, the remainder to
 * the first ones (3 payees: 33.34, 33.33, 33.33).
 */
export function evenPercents(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(WHOLE_BPS / count);
  const left = WHOLE_BPS - base * count;
  return Array.from({ length: count }, (_, index) => (base + (index < left ? 1 : 0)) / 100);
}
