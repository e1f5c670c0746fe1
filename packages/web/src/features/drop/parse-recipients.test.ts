import { describe, expect, it } from 'vitest';
import { parseRecipients } from './parse-recipients.ts';

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('parseRecipients', () => {
  it('reads one token per bare address and the quantity after a comma, semicolon, tab or space', () => {
    const parsed = parseRecipients(`${alice}\n${bob},3\n${alice.toLowerCase()}; 2\n${bob}\t1\n${alice} 4`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.recipients).toEqual([
      { to: alice, quantity: 1 },
      { to: bob, quantity: 3 },
      { to: alice, quantity: 2 },
      { to: bob, quantity: 1 },
      { to: alice, quantity: 4 },
    ]);
    expect(parsed.total).toBe(11);
  });

  it('skips blank lines, comments, a header line and Windows line ends', () => {
    const parsed = parseRecipients(`address,quantity\r\n\r\n# friends\r\n${alice},2 # Alice\r\n   \r\n`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.recipients).toEqual([{ to: alice, quantity: 2 }]);
  });

  it('names every malformed line by its number and keeps the good ones apart', () => {
    const parsed = parseRecipients(
      [
        alice,
        '0x1234',
        `${bob},two`,
        `${bob},0`,
        `${alice},1,extra`,
        '0x70997970c51812dc3a010c7d01b50e0d17dc79C8',
      ].join('\n'),
    );
    expect(parsed.problems).toEqual([
      { line: 2, message: '"0x1234" is not an address' },
      { line: 3, message: 'quantity "two" is not a whole number from 1 to 1,000' },
      { line: 4, message: 'quantity "0" is not a whole number from 1 to 1,000' },
      { line: 5, message: 'expected "address" or "address,quantity"' },
      {
        line: 6,
        message:
          '"0x70997970c51812dc3a010c7d01b50e0d17dc79C8" has a typo: its capital letters do not match its checksum',
      },
    ]);
    expect(parsed.recipients).toEqual([{ to: alice, quantity: 1 }]);
  });

  it('is empty for an empty box', () => {
    expect(parseRecipients('  \n')).toEqual({ recipients: [], problems: [], total: 0 });
  });
});
