import {
  CollectionRevertedError,
  TransactionFailedError,
  TransactionRejectedError,
} from '@layerloom/contracts';
import { ChainMismatchError, InsufficientFundsError } from 'viem';
import { anvil, mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { mintErrorMessage } from './mint-error-message.ts';

const context = { chainName: 'Base Sepolia', currencySymbol: 'ETH' };

describe('mintErrorMessage', () => {
  it('says the collector rejected the mint in the wallet', () => {
    const error = new TransactionRejectedError({ cause: new Error('User rejected the request.') });
    expect(mintErrorMessage(error, context)).toBe('You rejected the request in your wallet.');
  });

  it('says the wallet cannot pay for the mint and its gas', () => {
    const error = new TransactionFailedError({ cause: new InsufficientFundsError() });
    expect(mintErrorMessage(error, context)).toBe(
      'This wallet does not have enough ETH on Base Sepolia to pay for this mint and its gas.',
    );
  });

  it('asks to switch when the wallet is on another network', () => {
    const error = new ChainMismatchError({ chain: anvil, currentChainId: mainnet.id });
    expect(mintErrorMessage(error, context)).toBe(
      'Your wallet is on another network. Switch to Base Sepolia and try again.',
    );
  });

  it('puts the contract refusals in a collector’s words', () => {
    const revert = (
      reason: 'InvalidMerkleProof' | 'WalletLimitExceeded' | 'ExceedsMaxSupply' | 'SalePhaseNotActive',
    ) => mintErrorMessage(new CollectionRevertedError({ reason, args: [] }), context);
    expect(revert('InvalidMerkleProof')).toBe('This wallet is not on the allowlist for this sale.');
    expect(revert('WalletLimitExceeded')).toBe(
      'This wallet would go over its mint limit for this sale. Choose fewer tokens.',
    );
    expect(revert('ExceedsMaxSupply')).toBe(
      'Not enough tokens left for this quantity: the collection is (nearly) sold out.',
    );
    expect(revert('SalePhaseNotActive')).toBe(
      'This sale is not open on chain yet. A scheduled sale opens with the first block after its start time: try again in a few seconds.',
    );
  });
});
