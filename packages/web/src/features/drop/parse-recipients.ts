import { type Address, getAddress, isAddress } from 'viem';

/** One airdrop recipient as read from the box. */
export interface Recipient {
  to: Address;
  quantity: number;
}

/** A line of the box that could not be read (1-based), and why. */
export interface RecipientProblem {
  line: number;
  message: string;
}

export interface ParsedRecipients {
  recipients: Recipient[];
  problems: RecipientProblem[];
  /** Tokens the recipients receive in all. */
  total: number;
}

/** At most this many tokens to one recipient in one airdrop (a typo guard; the contract checks the supply). */
export const MAX_AIRDROP_QUANTITY = 1_000;

/**
 * Reads the airdrop box: one recipient per line, `address` (one token) or `address,quantity` (commas,
 * semicolons, tabs or spaces between); blank lines, `#` comments and an `address` header are skipped.
 * Every malformed line is reported, with its line number, so all can be fixed at once.
 */
export function parseRecipients(text: string): ParsedRecipients {
  const recipients: Recipient[] = [];
  const problems: RecipientProblem[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = index + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (content === '') continue;
    const cells = content.split(/\s*[,;\t ]\s*/).filter((cell) => cell !== '');
    const [first = '', second, ...rest] = cells;
    if (recipients.length === 0 && problems.length === 0 && /^(address|wallet)$/i.test(first)) continue;
    if (rest.length > 0) {
      problems.push({ line, message: 'expected "address" or "address,quantity"' });
      continue;
    }
    const address = first.replace(/^0X/, '0x');
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
      problems.push({ line, message: `"${first.slice(0, 50)}" is not an address` });
      continue;
    }
    if (!isAddress(address)) {
      problems.push({
        line,
        message: `"${first}" has a typo: its capital letters do not match its checksum`,
      });
      continue;
    }
    let quantity = 1;
    if (second !== undefined) {
      if (!/^\d+$/.test(second) || Number(second) < 1 || Number(second) > MAX_AIRDROP_QUANTITY) {
        problems.push({
          line,
          message: `quantity "${second.slice(0, 20)}" is not a whole number from 1 to ${MAX_AIRDROP_QUANTITY.toLocaleString('en-US')}`,
        });
        continue;
      }
      quantity = Number(second);
    }
    recipients.push({ to: getAddress(address), quantity });
  }
  return { recipients, problems, total: recipients.reduce((sum, recipient) => sum + recipient.quantity, 0) };
}
