import type { AllowlistEntry } from '@layerloom/api';
import { getAddress, isAddress } from 'viem';

/** Most wallets one allowlist may hold. */
export const MAX_ALLOWLIST_ENTRIES = 50_000;
const MAX_QUANTITY = 1_000_000;

/** A line of the CSV that could not be read, 1-based, and why. */
export interface CsvProblem {
  line: number;
  message: string;
}

export type ParsedAllowlist =
  | { entries: AllowlistEntry[]; problems: [] }
  | { entries: []; problems: CsvProblem[] };

const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * Reads an allowlist CSV: one wallet per line, `address` or `address,quantity` (commas, semicolons or
 * tabs); a header line, blank lines and `#` comments are skipped; a wallet listed twice is kept once at
 * its first place with the larger quantity. Every malformed line is reported, not only the first.
 */
export function parseAllowlistCsv(csv: string): ParsedAllowlist {
  const problems: CsvProblem[] = [];
  const byAddress = new Map<string, AllowlistEntry>();
  let sawRow = false;
  for (const [index, raw] of csv.split(/\r?\n/).entries()) {
    const line = index + 1;
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    const cells = text.split(/[,;\t]/).map(unquote);
    const [first = '', second, ...rest] = cells;
    if (!sawRow && !isAddress(first, { strict: false }) && /address|wallet/i.test(first)) {
      sawRow = true;
      continue;
    }
    sawRow = true;
    if (rest.some((cell) => cell !== '')) {
      problems.push({ line, message: 'expected "address" or "address,quantity"' });
      continue;
    }
    if (!isAddress(first, { strict: false })) {
      problems.push({ line, message: `"${first.slice(0, 50)}" is not an address` });
      continue;
    }
    let quantity: number | null = null;
    if (second !== undefined && second !== '') {
      quantity = /^\d+$/.test(second) ? Number(second) : Number.NaN;
      if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
        problems.push({
          line,
          message: `quantity "${second.slice(0, 20)}" is not a whole number from 1 to 1,000,000`,
        });
        continue;
      }
    }
    const address = getAddress(first.toLowerCase());
    const known = byAddress.get(address);
    if (known) {
      if (quantity !== null && (known.quantity === null || quantity > known.quantity))
        known.quantity = quantity;
    } else {
      byAddress.set(address, { address, quantity });
    }
  }
  if (problems.length > 0) return { entries: [], problems };
  return { entries: [...byAddress.values()], problems: [] };
}
