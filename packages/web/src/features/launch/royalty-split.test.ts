import { describe, expect, it } from 'vitest';
import { deployFeeLine } from './deploy-fee.ts';
import { defaultLaunchValues } from './launch-defaults.ts';
import {
  type LaunchFormValues,
  toCollectionSettings,
  toRoyaltySplit,
  validateLaunchField,
  validateLaunchForm,
} from './launch-form-values.ts';

const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const partner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const splitter = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const limits = { collectionSize: 100 };
const valid = (changes: Partial<LaunchFormValues> = {}): LaunchFormValues => ({
  ...defaultLaunchValues({ name: 'Loom Cats', size: 100, account: wallet }),
  ...changes,
});
const twoWallets = [
  { address: wallet, percent: 70 },
  { address: partner, percent: 30 },
];

describe('where the royalties go', () => {
  it('sends them to one wallet by default, with no splitter', () => {
    const values = valid();
    expect(values.royaltyTo).toBe('wallet');
    expect(toRoyaltySplit(values)).toBeNull();
    expect(toCollectionSettings(values).royalty).toEqual({ bps: 500, receiver: wallet });
  });

  it('splits them like the sales: the splitter takes the sale payees, and becomes the royalty receiver', () => {
    const values = valid({ royaltyTo: 'sale', payees: twoWallets, royaltyReceiver: '' });
    expect(validateLaunchForm(values, limits)).toEqual({});
    expect(toRoyaltySplit(values)).toEqual([
      { address: wallet, shares: 7000 },
      { address: partner, shares: 3000 },
    ]);
    expect(toCollectionSettings(values, null, splitter).royalty).toEqual({ bps: 500, receiver: splitter });
  });

  it('splits them by a custom split of their own, whatever the sales do', () => {
    const values = valid({
      royaltyTo: 'custom',
      royaltyPayees: [
        { address: partner, percent: 25 },
        { address: wallet, percent: 75 },
      ],
    });
    expect(validateLaunchForm(values, limits)).toEqual({});
    expect(toRoyaltySplit(values)).toEqual([
      { address: partner, shares: 2500 },
      { address: wallet, shares: 7500 },
    ]);
    // The sales still go to the one wallet.
    expect(toCollectionSettings(values, null, splitter)).toMatchObject({ payoutAddress: wallet });
  });

  it('explains each split that cannot be deployed', () => {
    expect(validateLaunchField('royaltyTo', valid({ royaltyTo: 'sale' }), limits)).toBe(
      'The sales go to one wallet: split the sales first, or choose One wallet.',
    );
    expect(validateLaunchField('royaltyTo', valid({ royaltyTo: 'custom', royaltyPercent: 0 }), limits)).toBe(
      'With 0 % royalties there is nothing to split: choose One wallet, or set a percentage.',
    );
    expect(
      validateLaunchField(
        'royaltyPayees',
        valid({ royaltyTo: 'custom', royaltyPayees: [{ address: wallet, percent: 100 }] }),
        limits,
      ),
    ).toBe('A royalty split needs at least two wallets; for one, choose One wallet.');
    expect(
      validateLaunchField(
        'royaltyPayees',
        valid({
          royaltyTo: 'custom',
          royaltyPayees: [
            { address: wallet, percent: 60 },
            { address: partner, percent: 30 },
          ],
        }),
        limits,
      ),
    ).toBe('The shares add up to 90 %; they must add up to exactly 100 %.');
    // The default second row has no wallet yet.
    expect(validateLaunchField('royaltyPayees', valid({ royaltyTo: 'custom' }), limits)).toBe(
      "Enter this payee's wallet address.",
    );
  });

  it('ignores the fields of the choices not taken', () => {
    const values = valid({ royaltyReceiver: '', royaltyPayees: [] });
    expect(validateLaunchField('royaltyReceiver', { ...values, royaltyTo: 'sale' }, limits)).toBeNull();
    expect(validateLaunchField('royaltyPayees', values, limits)).toBeNull();
  });

  it("shows the splitter's fee and the collection's before the wallet is asked", () => {
    expect(
      deployFeeLine({
        currency: 'ETH',
        hasSettings: true,
        fee: 5_000_000_000_000_000n,
        splitterFee: 1_000_000_000_000_000n,
      }).text,
    ).toBe(
      'Deploying costs about 0.005 ETH (network fee), paid from your wallet in two confirmations: about 0.001 ETH for the royalty splitter, then about 0.004 ETH for the collection; setting up the sale afterwards takes a few much smaller transactions.',
    );
  });
});
