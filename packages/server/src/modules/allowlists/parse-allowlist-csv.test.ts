import { describe, expect, it } from 'vitest';
import { parseAllowlistCsv } from './parse-allowlist-csv.ts';

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('parseAllowlistCsv', () => {
  it('reads addresses with or without a quantity, skipping a header, blanks and comments', () => {
    const csv = `Wallet,Quantity\n\n# friends\n${A.toLowerCase()},2\n"${B}" ; 1\n`;
    expect(parseAllowlistCsv(csv)).toEqual({
      entries: [
        { address: A, quantity: 2 },
        { address: B, quantity: 1 },
      ],
      problems: [],
    });
  });

  it('merges a wallet listed twice at its first place, with the larger quantity', () => {
    expect(
      parseAllowlistCsv(`${A}\n${B},3\n${A.toUpperCase().replace('0X', '0x')},5\n${B},1`).entries,
    ).toEqual([
      { address: A, quantity: 5 },
      { address: B, quantity: 3 },
    ]);
  });

  it('names every malformed line and keeps none of the list', () => {
    const csv = [A, '0x1234', `${B},two`, `${B},0`, `${A},1,extra`, 'address'].join('\n');
    expect(parseAllowlistCsv(csv)).toEqual({
      entries: [],
      problems: [
        { line: 2, message: '"0x1234" is not an address' },
        { line: 3, message: 'quantity "two" is not a whole number from 1 to 1,000,000' },
        { line: 4, message: 'quantity "0" is not a whole number from 1 to 1,000,000' },
        { line: 5, message: 'expected "address" or "address,quantity"' },
        { line: 6, message: '"address" is not an address' },
      ],
    });
  });
});
