import type { Hash, PublicClient, TransactionReceipt } from 'viem';
import { TransactionRevertedError } from '../errors.ts';
import { toContractsError } from './to-contracts-error.ts';

/** Runs `send` (simulate + submit), reports the hash, waits for the receipt and checks it succeeded. */
export async function sendAndConfirm(parameters: {
  publicClient: PublicClient;
  send: () => Promise<Hash>;
  onTransactionSubmitted?: ((hash: Hash) => void) | undefined;
}): Promise<{ hash: Hash; receipt: TransactionReceipt }> {
  const { publicClient, send, onTransactionSubmitted } = parameters;
  let hash: Hash;
  let receipt: TransactionReceipt;
  try {
    hash = await send();
    onTransactionSubmitted?.(hash);
    receipt = await publicClient.waitForTransactionReceipt({ hash });
  } catch (error) {
    throw toContractsError(error);
  }
  if (receipt.status !== 'success') throw new TransactionRevertedError({ hash });
  return { hash, receipt };
}
