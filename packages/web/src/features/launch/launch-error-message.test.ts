import {
  CollectionRevertedError,
  InvalidCollectionConfigError,
  TransactionFailedError,
  TransactionRejectedError,
} from '@layerloom/contracts';
import {
  ChainMismatchError,
  InsufficientFundsError,
  TransactionExecutionError,
  UserRejectedRequestError,
} from 'viem';
import { base, baseSepolia } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { launchErrorMessage } from './launch-error-message.ts';

const context = { chainName: 'Base Sepolia', currencySymbol: 'ETH' };
const rejected = new UserRejectedRequestError(new Error('User denied transaction signature.'));

describe('launchErrorMessage', () => {
  it('says the user rejected the request, however deep the rejection is', () => {
    expect(launchErrorMessage(rejected, context)).toBe('You rejected the request in your wallet.');
    expect(launchErrorMessage(new TransactionRejectedError({ cause: rejected }), context)).toBe(
      'You rejected the request in your wallet.',
    );
    const wrapped = new TransactionExecutionError(rejected, { account: null, chain: baseSepolia });
    expect(launchErrorMessage(new TransactionFailedError({ cause: wrapped }), context)).toBe(
      'You rejected the request in your wallet.',
    );
    expect(launchErrorMessage({ code: 4001, message: 'User rejected' }, context)).toBe(
      'You rejected the request in your wallet.',
    );
  });

  it('says the wallet cannot pay for gas, in the chosen currency', () => {
    const poor = new TransactionExecutionError(new InsufficientFundsError(), {
      account: null,
      chain: baseSepolia,
    });
    expect(launchErrorMessage(new TransactionFailedError({ cause: poor }), context)).toBe(
      'This wallet does not have enough ETH on Base Sepolia to pay for gas.',
    );
  });

  it('says which network to switch to when the wallet is on another one', () => {
    const mismatch = new ChainMismatchError({ chain: baseSepolia, currentChainId: base.id });
    expect(launchErrorMessage(new TransactionFailedError({ cause: mismatch }), context)).toBe(
      'Your wallet is on another network. Switch to Base Sepolia and try again.',
    );
    const wagmiMismatch = Object.assign(new Error('Chain mismatch'), { name: 'ConnectorChainMismatchError' });
    expect(launchErrorMessage(wagmiMismatch, context)).toBe(
      'Your wallet is on another network. Switch to Base Sepolia and try again.',
    );
  });

  it('names the form field a collection setting came from', () => {
    const error = new InvalidCollectionConfigError({
      field: 'royalty.bps',
      message: 'must be a whole number from 0 to 10000',
    });
    expect(launchErrorMessage(error, context)).toBe('Royalties: must be a whole number from 0 to 10000.');
    const allowlist = new InvalidCollectionConfigError({
      field: 'allowlist.price',
      message: 'must be between 0 and 1 wei',
    });
    expect(launchErrorMessage(allowlist, context)).toBe('Allowlist price: must be between 0 and 1 wei.');
    // A setting without a form field is named as the library names it.
    const other = new InvalidCollectionConfigError({
      field: 'allowlist.merkleRoot',
      message: 'must be 32 bytes of hex',
    });
    expect(launchErrorMessage(other, context)).toBe('allowlist.merkleRoot: must be 32 bytes of hex.');
  });

  it('passes on the contract’s own reason and the server’s message', () => {
    expect(launchErrorMessage(new CollectionRevertedError({ reason: 'AlreadyRevealed' }), context)).toBe(
      'The collection is already revealed.',
    );
    expect(
      launchErrorMessage(new ApiError(409, 'CONFLICT', 'This contract is already recorded.'), context),
    ).toBe('This contract is already recorded.');
  });

  it('falls back to a general sentence for anything else', () => {
    expect(launchErrorMessage(new Error('boom'), context)).toBe('Something went wrong. Please try again.');
  });
});
