import {
  CollectionRevertedError,
  InvalidCollectionConfigError,
  TransactionRejectedError,
  TransactionRevertedError,
  UnsupportedChainError,
} from '@layerloom/contracts';
import {
  BaseError,
  ChainMismatchError,
  ChainNotFoundError,
  InsufficientFundsError,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { fieldOfConfigError, launchFieldLabels } from './launch-form-values.ts';

/** What a wallet message names: the network the user chose and its currency. */
export interface LaunchErrorContext {
  chainName: string;
  currencySymbol: string;
}

/**
 * The first error in the chain of causes that matches: viem's own `walk()` inside its errors, and
 * the plain `cause` links of everything else (the contracts library wraps viem's errors).
 */
export function findCause(error: unknown, matches: (cause: unknown) => boolean): unknown {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    if (matches(current)) return current;
    if (current instanceof BaseError) {
      const found = current.walk((cause) => matches(cause));
      if (found && matches(found)) return found;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const isRejection = (cause: unknown) =>
  cause instanceof UserRejectedRequestError ||
  cause instanceof TransactionRejectedError ||
  // An EIP-1193 error a wallet threw that nobody wrapped.
  (typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code === 4001);

const isWrongNetwork = (cause: unknown) =>
  cause instanceof ChainMismatchError ||
  (cause instanceof Error && cause.name === 'ConnectorChainMismatchError');

const isUnknownNetwork = (cause: unknown) =>
  cause instanceof ChainNotFoundError ||
  cause instanceof SwitchChainError ||
  (typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code === 4902);

/** The one sentence a launch failure shows: rejected, out of funds, wrong network, a setting, or the rest. */
export function launchErrorMessage(error: unknown, context: LaunchErrorContext): string {
  if (findCause(error, isRejection)) return 'You rejected the request in your wallet.';
  if (findCause(error, (cause) => cause instanceof InsufficientFundsError)) {
    return `This wallet does not have enough ${context.currencySymbol} on ${context.chainName} to pay for gas.`;
  }
  if (findCause(error, isWrongNetwork)) {
    return `Your wallet is on another network. Switch to ${context.chainName} and try again.`;
  }
  if (findCause(error, isUnknownNetwork) || error instanceof UnsupportedChainError) {
    return `Your wallet could not switch to ${context.chainName}. Add the network in your wallet, then try again.`;
  }
  if (error instanceof InvalidCollectionConfigError) {
    const field = fieldOfConfigError(error.field);
    const detail = error.shortMessage.replace(/^Invalid collection setting "[^"]*": /, '');
    return `${field ? launchFieldLabels[field] : error.field}: ${detail}.`;
  }
  if (error instanceof CollectionRevertedError) return error.shortMessage;
  if (error instanceof TransactionRevertedError) {
    return 'The transaction was mined but failed (reverted). Nothing changed; try again.';
  }
  if (error instanceof ApiError) return errorMessage(error);
  if (error instanceof Error && error.name === 'ConnectorNotConnectedError') return 'Connect a wallet first.';
  if (error instanceof Error && error.name === 'ProviderNotFoundError') {
    return 'No browser wallet found. Install or unlock one (MetaMask, Rabby, Coinbase Wallet), then try again.';
  }
  const viemError = findCause(error, (cause) => cause instanceof BaseError);
  if (viemError instanceof BaseError) return viemError.shortMessage;
  return errorMessage(error);
}
