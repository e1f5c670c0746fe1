import { parseEther, zeroHash } from 'viem';
import { describe, expect, it } from 'vitest';
import { defaultLaunchValues } from './launch-defaults.ts';
import {
  fieldOfConfigError,
  type LaunchFormValues,
  percentToBps,
  provenanceBytes32,
  toCollectionSettings,
  toRecordedPayees,
  toSaleSchedule,
  validateLaunchField,
  validateLaunchForm,
} from './launch-form-values.ts';

const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const limits = { collectionSize: 100 };
const valid = (changes: Partial<LaunchFormValues> = {}): LaunchFormValues => ({
  ...defaultLaunchValues({ name: 'Loom Cats', size: 100, account: wallet }),
  ...changes,
});

describe('validateLaunchForm', () => {
  it('accepts the defaults once a wallet is connected', () => {
    expect(validateLaunchForm(valid(), limits)).toEqual({});
  });

  it('asks for a wallet or an address when the addresses are empty', () => {
    const errors = validateLaunchForm(
      valid({ royaltyReceiver: '', payees: [{ address: ' ', percent: 100 }] }),
      limits,
    );
    expect(errors.royaltyReceiver).toBe('Connect a wallet, or enter the address that receives royalties.');
    expect(errors.payees).toBe('Connect a wallet, or enter the address that receives the sales.');
  });

  it('refuses an address that is not one, and one whose checksum shows a typo', () => {
    expect(validateLaunchField('royaltyReceiver', valid({ royaltyReceiver: '0x1234' }), limits)).toBe(
      'Enter a wallet address: 0x followed by 40 letters and digits (0-9, a-f).',
    );
    const typo = `${wallet.slice(0, -1)}6`.replace('f39F', 'F39F');
    expect(validateLaunchField('royaltyReceiver', valid({ royaltyReceiver: typo }), limits)).toBe(
      'This address has a typo: its capital letters do not match its checksum.',
    );
    // All lower case carries no checksum, so it is accepted.
    expect(
      validateLaunchField(
        'payees',
        valid({ payees: [{ address: wallet.toLowerCase(), percent: 100 }] }),
        limits,
      ),
    ).toBe(null);
  });

  it('keeps the max supply between 1 and the collection size', () => {
    expect(validateLaunchField('maxSupply', valid({ maxSupply: 101 }), limits)).toBe(
      'Max supply can be at most 100: the collection has 100 tokens.',
    );
    expect(validateLaunchField('maxSupply', valid({ maxSupply: 0 }), limits)).toBe(
      'Max supply must be at least 1.',
    );
    expect(validateLaunchField('maxSupply', valid({ maxSupply: 2.5 }), limits)).toBe(
      'Max supply must be a whole number.',
    );
    expect(validateLaunchField('maxSupply', valid({ maxSupply: null }), limits)).toBe(
      'Enter the max supply.',
    );
    expect(validateLaunchField('maxSupply', valid({ maxSupply: 100 }), limits)).toBe(null);
  });

  it('reads the price as a decimal number of the native currency', () => {
    expect(validateLaunchField('mintPrice', valid({ mintPrice: '' }), limits)).toBe(
      'Enter a price (0 for a free mint).',
    );
    expect(validateLaunchField('mintPrice', valid({ mintPrice: '-1' }), limits)).toBe(
      'Enter a price as a number, such as 0.02.',
    );
    expect(validateLaunchField('mintPrice', valid({ mintPrice: '0.1234567890123456789' }), limits)).toBe(
      'Use at most 18 decimals.',
    );
    expect(validateLaunchField('mintPrice', valid({ mintPrice: '400000000' }), limits)).toBe(
      'This price is too high for the contract.',
    );
    expect(validateLaunchField('mintPrice', valid({ mintPrice: '0.02' }), limits)).toBe(null);
  });

  it('keeps royalties from 0 to 10 % with at most two decimals', () => {
    expect(validateLaunchField('royaltyPercent', valid({ royaltyPercent: 10.5 }), limits)).toBe(
      'Royalties must be from 0 to 10 %.',
    );
    expect(validateLaunchField('royaltyPercent', valid({ royaltyPercent: 2.255 }), limits)).toBe(
      'Use at most two decimals (2.5 or 2.25).',
    );
    expect(validateLaunchField('royaltyPercent', valid({ royaltyPercent: 2.25 }), limits)).toBe(null);
    expect(validateLaunchField('royaltyPercent', valid({ royaltyPercent: 0 }), limits)).toBe(null);
  });

  it('wants a name, and a symbol of at most ten characters without spaces', () => {
    expect(validateLaunchField('name', valid({ name: '  ' }), limits)).toBe('Enter the contract name.');
    expect(validateLaunchField('symbol', valid({ symbol: 'LO OM' }), limits)).toBe(
      'The symbol cannot contain spaces.',
    );
    expect(validateLaunchField('symbol', valid({ symbol: 'ABCDEFGHIJK' }), limits)).toBe(
      'The symbol can be at most 10 characters.',
    );
  });

  it('wants a per-wallet limit of at least one', () => {
    expect(validateLaunchField('maxPerWallet', valid({ maxPerWallet: 0 }), limits)).toBe(
      'Per-wallet limit must be at least 1.',
    );
  });
});

describe('the reveal choice', () => {
  it('needs a placeholder to launch pre-reveal, and none to reveal at once', () => {
    expect(validateLaunchField('revealMode', valid({ revealMode: 'prereveal' }), limits)).toBe(
      'Set a pre-reveal placeholder under Publication first, or choose Revealed at once.',
    );
    expect(
      validateLaunchField('revealMode', valid({ revealMode: 'prereveal' }), {
        ...limits,
        hasPlaceholder: true,
      }),
    ).toBeNull();
    expect(validateLaunchField('revealMode', valid({ revealMode: 'revealed' }), limits)).toBeNull();
  });

  it("deploys pre-reveal with the placeholder's metadata URL as every token's URI", () => {
    const metadataUrl = 'https://layerloom.example.com/hosted/loom-cats-abc123/placeholder.json';
    expect(toCollectionSettings(valid({ revealMode: 'prereveal' }), { metadataUrl }).preRevealURI).toBe(
      metadataUrl,
    );
    // Revealed at once: the launch reveals right after deploying, so the placeholder is never used.
    expect(toCollectionSettings(valid({ revealMode: 'revealed' }), { metadataUrl }).preRevealURI).toBe('');
    expect(() => toCollectionSettings(valid({ revealMode: 'prereveal' }))).toThrow(
      'A pre-reveal launch needs the placeholder metadata URL',
    );
  });
});

describe('toCollectionSettings', () => {
  it('turns the form into wei, basis points and addresses', () => {
    const settings = toCollectionSettings(
      valid({
        name: ' Loom Cats ',
        mintPrice: '0.02',
        royaltyPercent: 2.5,
        maxSupply: 40,
        allowlistPrice: '0.005',
        allowlistMaxPerWallet: 2,
      }),
    );
    expect(settings).toEqual({
      name: 'Loom Cats',
      symbol: 'LC',
      maxSupply: 40,
      mintPrice: parseEther('0.02'),
      maxPerWallet: 5,
      allowlist: { merkleRoot: zeroHash, price: parseEther('0.005'), maxPerWallet: 2 },
      preRevealURI: '',
      payoutAddress: wallet,
      royalty: { bps: 250, receiver: wallet },
    });
  });

  it('pays several wallets by their shares, and one wallet as the payout address', () => {
    const friend = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const split = toCollectionSettings(
      valid({
        payees: [
          { address: wallet, percent: 70 },
          { address: friend.toLowerCase(), percent: 30 },
        ],
      }),
    );
    expect(split.payees).toEqual([
      { address: wallet, shares: 7000 },
      { address: friend, shares: 3000 },
    ]);
    expect(split.payoutAddress).toBeUndefined();
    expect(toRecordedPayees(valid())).toEqual([{ address: wallet, shares: 10_000 }]);
    expect(() =>
      toCollectionSettings(
        valid({
          payees: [
            { address: wallet, percent: 70 },
            { address: friend, percent: 20 },
          ],
        }),
      ),
    ).toThrow('The shares add up to 90 %');
  });

  it('rounds percent to whole basis points', () => {
    expect(percentToBps(2.25)).toBe(225);
    expect(percentToBps(0.1)).toBe(10);
  });
});

describe('provenanceBytes32', () => {
  it('prefixes the publication hash with 0x', () => {
    const hash = 'ab'.repeat(32);
    expect(provenanceBytes32(hash)).toBe(`0x${hash}`);
    expect(provenanceBytes32(`0x${hash.toUpperCase()}`)).toBe(`0x${hash}`);
  });

  it('refuses anything that is not 32 bytes', () => {
    expect(() => provenanceBytes32('abcd')).toThrow('Not a 32-byte provenance hash');
  });
});

describe('fieldOfConfigError', () => {
  it('maps the library field names to the form fields', () => {
    expect(fieldOfConfigError('royalty.bps')).toBe('royaltyPercent');
    expect(fieldOfConfigError('royalty.receiver')).toBe('royaltyReceiver');
    expect(fieldOfConfigError('payees[1].address')).toBe('payees');
    expect(fieldOfConfigError('payoutAddress')).toBe('payees');
    // The allowlist's root is set later, not in the form.
    expect(fieldOfConfigError('allowlist.merkleRoot')).toBeUndefined();
  });
});

describe('the sale schedule of a launch', () => {
  const now = new Date(2026, 10, 27, 12, 0).getTime();
  const at = { ...limits, now };

  it('is optional: without start times the sale starts closed', () => {
    expect(validateLaunchForm(valid(), at)).toEqual({});
    expect(toSaleSchedule(valid(), now)).toBeNull();
  });

  it('gives the start times the launch sets on chain after deploying', () => {
    const values = valid({ allowlistStart: '2026-12-01T14:00', publicStart: '2026-12-02T14:00' });
    expect(validateLaunchForm(values, at)).toEqual({});
    expect(toSaleSchedule(values, now)).toEqual({
      allowlistStart: new Date(2026, 11, 1, 14, 0),
      publicStart: new Date(2026, 11, 2, 14, 0),
    });
  });

  it('names the start time that has passed or comes in the wrong order', () => {
    expect(validateLaunchForm(valid({ publicStart: '2026-11-27T11:00' }), at)).toEqual({
      publicStart: 'This time has passed: choose a later one, or open the sale now instead.',
    });
    const reversed = valid({ allowlistStart: '2026-12-02T14:00', publicStart: '2026-12-01T14:00' });
    expect(validateLaunchField('publicStart', reversed, at)).toBe(
      'The public sale must open after the allowlist sale.',
    );
    expect(validateLaunchField('allowlistStart', reversed, at)).toBeNull();
  });
});

describe('the allowlist sale of a launch', () => {
  it('checks its price and limit like the public ones, naming its own fields', () => {
    expect(validateLaunchField('allowlistPrice', valid({ allowlistPrice: 'abc' }), limits)).toBe(
      'Enter a price as a number, such as 0.02.',
    );
    expect(validateLaunchField('allowlistMaxPerWallet', valid({ allowlistMaxPerWallet: 0 }), limits)).toBe(
      'Allowlist limit per wallet must be at least 1.',
    );
    expect(fieldOfConfigError('allowlist.price')).toBe('allowlistPrice');
    expect(fieldOfConfigError('allowlist.maxPerWallet')).toBe('allowlistMaxPerWallet');
  });
});
