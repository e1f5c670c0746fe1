import { describe, expect, it } from 'vitest';
import { defaultLaunchValues, symbolFromName } from './launch-defaults.ts';

describe('symbolFromName', () => {
  it('takes the initials of the words, upper-case', () => {
    expect(symbolFromName('Loom Cats')).toBe('LC');
    expect(symbolFromName('hosted blobs of the night')).toBe('HBOTN');
  });

  it('splits on punctuation and drops accents', () => {
    expect(symbolFromName('Élan-Vital: pixel café')).toBe('EVPC');
  });

  it('gives a one-word name its first four letters', () => {
    expect(symbolFromName('Blobs')).toBe('BLOB');
    expect(symbolFromName('Ox')).toBe('OX');
  });

  it('keeps at most ten characters', () => {
    expect(symbolFromName('a b c d e f g h i j k l')).toBe('ABCDEFGHIJ');
  });

  it('gives nothing for a name without letters or digits', () => {
    expect(symbolFromName('  ✨ ')).toBe('');
  });
});

describe('defaultLaunchValues', () => {
  it('starts from the collection on a test network, free, with 5 % royalties to the wallet', () => {
    const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    expect(defaultLaunchValues({ name: 'Loom Cats', size: 250, account })).toEqual({
      chainId: 84_532,
      name: 'Loom Cats',
      symbol: 'LC',
      maxSupply: 250,
      mintPrice: '0',
      maxPerWallet: 5,
      allowlistPrice: '0',
      allowlistMaxPerWallet: 1,
      royaltyPercent: 5,
      royaltyTo: 'wallet',
      royaltyReceiver: account,
      royaltyPayees: [
        { address: account, percent: 50 },
        { address: '', percent: 50 },
      ],
      payees: [{ address: account, percent: 100 }],
      revealMode: 'revealed',
      allowlistStart: '',
      publicStart: '',
    });
  });

  it('launches pre-reveal by default once the publication has a placeholder', () => {
    expect(defaultLaunchValues({ name: 'Loom Cats', size: 10, hasPlaceholder: true }).revealMode).toBe(
      'prereveal',
    );
  });

  it('leaves the addresses empty until a wallet is connected', () => {
    const values = defaultLaunchValues({ name: 'Loom Cats', size: 10 });
    expect(values.royaltyReceiver).toBe('');
    expect(values.payees).toEqual([{ address: '', percent: 100 }]);
  });

  it("starts on the network it is given (the wallet's, when the server reads it)", () => {
    expect(defaultLaunchValues({ name: 'Loom Cats', size: 10, chainId: 31_337 }).chainId).toBe(31_337);
  });
});
