import type { Address, Hash } from 'viem';
import type { layerloomCollectionAbi } from './generated/layerloom-collection.generated.ts';

/** Every error code this package throws. */
export type ContractsErrorCode =
  | 'COLLECTION_REVERTED'
  | 'TRANSACTION_REVERTED'
  | 'TRANSACTION_REJECTED'
  | 'TRANSACTION_FAILED'
  | 'DEPLOYMENT_FAILED'
  | 'MISSING_ACCOUNT'
  | 'INVALID_COLLECTION_CONFIG'
  | 'UNSUPPORTED_CHAIN'
  | 'INVALID_ALLOWLIST'
  | 'NOT_ALLOWLISTED'
  | 'INVALID_PAYEES';

/** The custom errors the collection contract (and the ERC721A / OpenZeppelin code in it) can revert with. */
export type CollectionErrorName = Extract<(typeof layerloomCollectionAbi)[number], { type: 'error' }>['name'];

interface BaseErrorOptions {
  details?: string;
  cause?: unknown;
}

/** Base of every error thrown by `@layerloom/contracts`: a code, a short message, optional details and cause. */
export abstract class ContractsError extends Error {
  abstract readonly code: ContractsErrorCode;
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    });
    this.shortMessage = shortMessage;
    this.details = options.details;
  }
}

const revertMessages: Partial<Record<CollectionErrorName, string>> = {
  SalePhaseNotActive: 'This sale phase is not open.',
  InvalidSaleSchedule: 'The public sale must start after the allowlist sale.',
  IncorrectPayment: 'The amount sent does not match the mint price.',
  WalletLimitExceeded: 'This wallet would go over its mint limit.',
  ExceedsMaxSupply: 'Not enough tokens left: the collection is (nearly) sold out.',
  InvalidMerkleProof: 'This wallet is not on the allowlist.',
  ProvenanceLocked: 'The provenance hash is already set or minting has started.',
  AlreadyRevealed: 'The collection is already revealed.',
  EmptyBaseURI: 'The base URI must not be empty.',
  NothingToWithdraw: 'There are no funds to withdraw.',
  WithdrawFailed: 'The payout address refused the funds.',
  NotOwnerOrPayout: 'Only the owner or the payout address can withdraw.',
  MetadataIsFrozen: 'The metadata is frozen: its URIs can never change again.',
  NotRevealed: 'Reveal the collection before freezing its metadata.',
  MetadataNotFrozen: 'Freeze the metadata first.',
  InvalidTokenRange: 'That token range is not valid.',
  PaymentsAreSplit: 'Sale proceeds are split among payees: each payee is paid with release.',
  NotPayee: 'That address is not a payee.',
  ReleaseFailed: 'The payee refused the funds; the other payees can still be paid.',
  TooManyPayees: 'A split takes at most 10 payees.',
  InvalidPayee: 'A payee is the zero address or is listed twice.',
  InvalidShares: 'Every payee needs a whole number of shares from 1 to 4294967295.',
  OwnableUnauthorizedAccount: 'Only the collection owner can do this.',
  MintZeroQuantity: 'Mint at least one token.',
  ArrayLengthMismatch: 'Recipients and quantities differ in length.',
};

/** The collection contract rejected a call; `reason` is the contract's custom error name, `args` its arguments. */
export class CollectionRevertedError extends ContractsError {
  override name = 'CollectionRevertedError';
  readonly code = 'COLLECTION_REVERTED';
  readonly reason: CollectionErrorName | undefined;
  readonly args: readonly unknown[];

  constructor(options: {
    reason: CollectionErrorName | undefined;
    args?: readonly unknown[];
    cause?: unknown;
  }) {
    const message = options.reason
      ? (revertMessages[options.reason] ?? `The collection contract reverted with ${options.reason}.`)
      : 'The collection contract reverted.';
    super(message, { details: options.reason, cause: options.cause });
    this.reason = options.reason;
    this.args = options.args ?? [];
  }
}

/** A transaction was mined but reverted (e.g. out of gas, or the state changed after simulation). */
export class TransactionRevertedError extends ContractsError {
  override name = 'TransactionRevertedError';
  readonly code = 'TRANSACTION_REVERTED';
  readonly hash: Hash;

  constructor(options: { hash: Hash }) {
    super('The transaction was mined but reverted.', { details: `transaction ${options.hash}` });
    this.hash = options.hash;
  }
}

/** The user declined the request in their wallet. */
export class TransactionRejectedError extends ContractsError {
  override name = 'TransactionRejectedError';
  readonly code = 'TRANSACTION_REJECTED';

  constructor(options: { cause: unknown }) {
    super('The request was rejected in the wallet.', { cause: options.cause });
  }
}

/** Sending or confirming a transaction failed for a reason other than a revert or a rejection (RPC, network…). */
export class TransactionFailedError extends ContractsError {
  override name = 'TransactionFailedError';
  readonly code = 'TRANSACTION_FAILED';

  constructor(options: { cause: unknown }) {
    const detail =
      options.cause instanceof Error ? options.cause.message.split('\n')[0] : String(options.cause);
    super('The transaction could not be sent or confirmed.', { details: detail, cause: options.cause });
  }
}

/** A deployment transaction was mined without creating a contract. */
export class DeploymentFailedError extends ContractsError {
  override name = 'DeploymentFailedError';
  readonly code = 'DEPLOYMENT_FAILED';
  readonly hash: Hash;

  constructor(options: { hash: Hash }) {
    super('The deployment did not create a contract.', { details: `transaction ${options.hash}` });
    this.hash = options.hash;
  }
}

/** The wallet client has no account and none was passed. */
export class MissingAccountError extends ContractsError {
  override name = 'MissingAccountError';
  readonly code = 'MISSING_ACCOUNT';

  constructor() {
    super('No account: connect a wallet or pass `account`.');
  }
}

/** A collection configuration that the contract would reject or that cannot be encoded. */
export class InvalidCollectionConfigError extends ContractsError {
  override name = 'InvalidCollectionConfigError';
  readonly code = 'INVALID_COLLECTION_CONFIG';
  readonly field: string;

  constructor(options: { field: string; message: string }) {
    super(`Invalid collection setting "${options.field}": ${options.message}`);
    this.field = options.field;
  }
}

/** The chain (by id or key) is not in Layerloom's chain table. */
export class UnsupportedChainError extends ContractsError {
  override name = 'UnsupportedChainError';
  readonly code = 'UNSUPPORTED_CHAIN';
  /** The chain id or key that was asked for. */
  readonly chain: number | string;

  constructor(options: { chain: number | string }) {
    super(`Chain ${options.chain} is not supported.`);
    this.chain = options.chain;
  }
}

/** An allowlist that cannot be turned into a Merkle tree (empty, or an entry that is not an address). */
export class InvalidAllowlistError extends ContractsError {
  override name = 'InvalidAllowlistError';
  readonly code = 'INVALID_ALLOWLIST';
  readonly invalidEntries: readonly string[];

  constructor(options: { message: string; invalidEntries?: readonly string[] }) {
    const entries = options.invalidEntries ?? [];
    super(options.message, entries.length > 0 ? { details: entries.slice(0, 10).join(', ') } : {});
    this.invalidEntries = entries;
  }
}

/** A list of payees the split contracts would refuse; `field` names the entry at fault (`payees[1].shares`). */
export class InvalidPayeesError extends ContractsError {
  override name = 'InvalidPayeesError';
  readonly code = 'INVALID_PAYEES';
  readonly field: string;

  constructor(options: { field: string; message: string }) {
    super(`Invalid payees "${options.field}": ${options.message}`);
    this.field = options.field;
  }
}

/** The address is not on the allowlist, so it has no proof. */
export class NotAllowlistedError extends ContractsError {
  override name = 'NotAllowlistedError';
  readonly code = 'NOT_ALLOWLISTED';
  readonly address: Address;

  constructor(options: { address: Address }) {
    super(`${options.address} is not on the allowlist.`);
    this.address = options.address;
  }
}
