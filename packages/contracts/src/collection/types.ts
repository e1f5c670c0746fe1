import type { Account, Address, Hash, PublicClient, TransactionReceipt, WalletClient } from 'viem';

/** What every write to a deployed collection takes. */
export interface CollectionWriteParameters {
  /** Signs and sends; in the browser this is the user's wallet. */
  walletClient: WalletClient;
  /** Reads, simulates and waits for receipts on the collection's chain. */
  publicClient: PublicClient;
  /** The collection contract. */
  address: Address;
  /** Sender; defaults to the wallet client's account. */
  account?: Account | Address;
  /** Called with the transaction hash as soon as the wallet has sent it, before it is mined. */
  onTransactionSubmitted?: (hash: Hash) => void;
}

/** What every write to a deployed collection returns once its transaction is mined. */
export interface CollectionWriteReturnType {
  hash: Hash;
  receipt: TransactionReceipt;
}

/** What every read of a deployed collection takes. */
export interface CollectionReadParameters {
  publicClient: PublicClient;
  address: Address;
}
