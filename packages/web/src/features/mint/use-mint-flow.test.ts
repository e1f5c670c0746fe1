import { CollectionRevertedError } from '@layerloom/contracts';
import { BaseError } from 'viem';
import { describe, expect, it } from 'vitest';
import { mintFailureMessage } from './use-mint-flow.ts';

const context = { chainName: 'Local (anvil)', currencySymbol: 'ETH' };

describe('what a failed mint says', () => {
  it("names the wallet's allowance and what is left when the contract refuses a mint over it", () => {
    // As the library throws it: the contract's error inside viem's.
    const refused = new BaseError('Execution reverted', {
      cause: new CollectionRevertedError({ reason: 'WalletLimitExceeded', args: [3n, 2n] }),
    });
    expect(mintFailureMessage(refused, context)).toBe(
      'This wallet may mint 3 in this sale and has minted 2: choose 1 token and mint again.',
    );
    expect(
      mintFailureMessage(
        new CollectionRevertedError({ reason: 'WalletLimitExceeded', args: [3n, 3n] }),
        context,
      ),
    ).toBe('This wallet may mint 3 in this sale and has minted 3, so it cannot mint more.');
  });

  it('says the rest as the mint messages do', () => {
    expect(mintFailureMessage(new CollectionRevertedError({ reason: 'InvalidMerkleProof' }), context)).toBe(
      'This wallet is not on the allowlist for this sale.',
    );
    // A limit refusal without its figures still reads plainly.
    expect(mintFailureMessage(new CollectionRevertedError({ reason: 'WalletLimitExceeded' }), context)).toBe(
      'This wallet would go over its mint limit for this sale. Choose fewer tokens.',
    );
  });
});
