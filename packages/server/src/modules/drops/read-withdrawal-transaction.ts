import { type LayerloomChain, layerloomCollectionAbi } from '@layerloom/contracts';
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hash,
  HttpRequestError,
  http,
  parseEventLogs,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { AppError } from '../../lib/app-error.ts';

/** A withdrawal as the chain shows it: who was paid, how much in all, in which block. */
export interface WithdrawalTransaction {
  /** The collection contract the funds left (one of those the caller allowed). */
  contract: Address;
  recipients: Address[];
  amountWei: bigint;
  blockNumber: bigint;
}

function isUnreachable(error: unknown): boolean {
  let current: unknown = error;
  while (current instanceof Error) {
    if (current instanceof HttpRequestError || current instanceof TimeoutError) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Reads a transaction's receipt and says what it paid out of a collection contract: it must have been mined,
 * succeeded, been sent to one of `contracts`, and that contract must have emitted `Withdrawn` (the owner's
 * withdraw) or `PaymentReleased` (a split payee's payment). 400 when it is not such a transaction, 503 when
 * the chain does not answer.
 */
export async function readWithdrawalTransaction(
  chain: LayerloomChain,
  rpcUrl: string,
  contracts: readonly Address[],
  hash: Hash,
): Promise<WithdrawalTransaction> {
  const client = createPublicClient({
    chain: chain.chain,
    transport: http(rpcUrl, { timeout: 5_000, retryCount: 1 }),
  });
  const refused = (message: string) =>
    new AppError('BAD_REQUEST', message, { fields: [{ path: 'transactionHash', message }] });
  try {
    const receipt = await client.getTransactionReceipt({ hash });
    const contract = contracts.find((address) => address.toLowerCase() === receipt.to?.toLowerCase());
    if (!contract) {
      throw refused(
        `That transaction was not sent to this collection's contract (${contracts.map((address) => getAddress(address)).join(', ')}).`,
      );
    }
    if (receipt.status !== 'success') {
      throw refused(`That transaction failed on ${chain.name}: no funds were withdrawn.`);
    }
    const payments = parseEventLogs({
      abi: layerloomCollectionAbi,
      logs: receipt.logs,
      eventName: ['Withdrawn', 'PaymentReleased'],
    }).filter((log) => log.address.toLowerCase() === contract.toLowerCase());
    if (payments.length === 0) {
      throw refused('That transaction withdrew no funds (the contract reported no withdrawal or payment).');
    }
    const recipients = [...new Set(payments.map((log) => getAddress(log.args.to)))];
    const amountWei = payments.reduce((sum, log) => sum + log.args.amount, 0n);
    return { contract: getAddress(contract), recipients, amountWei, blockNumber: receipt.blockNumber };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError) {
      throw refused(
        `Transaction ${hash} was not found on ${chain.name}: check the network, or wait until it is mined.`,
      );
    }
    if (isUnreachable(error)) {
      throw new AppError('UNAVAILABLE', `The ${chain.name} RPC did not answer; try again in a moment.`, {
        cause: error,
      });
    }
    throw error;
  }
}
