import { CollectionRevertedError, NotAllowlistedError } from '@layerloom/contracts';
import { InsufficientFundsError } from 'viem';
import { findCause, type LaunchErrorContext, launchErrorMessage } from '../launch/launch-error-message.ts';

/** What a mint message names: the drop's chain and currency. */
export type MintErrorContext = LaunchErrorContext;

/** Contract refusals in a collector's words; the rest say what the library says. */
const revertMessages: Record<string, (context: MintErrorContext) => string> = {
  InvalidMerkleProof: () => 'This wallet is not on the allowlist for this sale.',
  WalletLimitExceeded: () => 'This wallet would go over its mint limit for this sale. Choose fewer tokens.',
  ExceedsMaxSupply: () => 'Not enough tokens left for this quantity: the collection is (nearly) sold out.',
  // A scheduled sale opens with the chain's first block after its start time, a few seconds after it.
  SalePhaseNotActive: () =>
    'This sale is not open on chain yet. A scheduled sale opens with the first block after its start time: try again in a few seconds.',
  IncorrectPayment: () => 'The price changed while you were minting. Try again at the new price.',
};

/**
 * The one sentence a failed mint shows: rejected in the wallet, not enough funds for price and gas, wrong
 * network, a contract refusal (not listed, over the limit, sold out, sale closed), or the rest.
 */
export function mintErrorMessage(error: unknown, context: MintErrorContext): string {
  if (findCause(error, (cause) => cause instanceof InsufficientFundsError)) {
    return `This wallet does not have enough ${context.currencySymbol} on ${context.chainName} to pay for this mint and its gas.`;
  }
  if (error instanceof NotAllowlistedError) return 'This wallet is not on the allowlist for this sale.';
  const reverted = findCause(error, (cause) => cause instanceof CollectionRevertedError);
  if (reverted instanceof CollectionRevertedError && reverted.reason) {
    const message = revertMessages[reverted.reason];
    if (message) return message(context);
  }
  return launchErrorMessage(error, context);
}
