import type { MetadataUpdateKind } from '@layerloom/api';
import { type LayerloomChain, layerloomCollectionAbi } from '@layerloom/contracts';
import {
  type Address,
  createPublicClient,
  decodeFunctionData,
  type Hash,
  HttpRequestError,
  http,
  maxUint256,
  parseEventLogs,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { AppError } from '../../lib/app-error.ts';

/** A metadata transaction of a collection contract, as the chain shows it. */
export interface MetadataTransaction {
  kind: MetadataUpdateKind;
  blockNumber: bigint;
  /** What it set or announced, in words. */
  detail: string;
}

function clientFor(chain: LayerloomChain, rpcUrl: string) {
  return createPublicClient({
    chain: chain.chain,
    transport: http(rpcUrl, { timeout: 5_000, retryCount: 1 }),
  });
}

function isUnreachable(error: unknown): boolean {
  let current: unknown = error;
  while (current instanceof Error) {
    if (current instanceof HttpRequestError || current instanceof TimeoutError) return true;
    current = current.cause;
  }
  return false;
}

const tokenRange = (from: bigint, to: bigint) =>
  to === maxUint256
    ? `Every token from #${from}`
    : from === to
      ? `Token #${from}`
      : `Tokens #${from} to #${to}`;

/**
 * Reads a transaction sent to a collection contract and says what it did to the metadata marketplaces
 * read: the freeze, a new contract URI, a new base URI, or a refresh (BatchMetadataUpdate). 400 when it
 * is not such a transaction of this contract, 503 when the chain does not answer.
 */
export async function readMetadataTransaction(
  chain: LayerloomChain,
  rpcUrl: string,
  contract: Address,
  hash: Hash,
): Promise<MetadataTransaction> {
  const client = clientFor(chain, rpcUrl);
  const refused = (message: string) =>
    new AppError('BAD_REQUEST', message, { fields: [{ path: 'transactionHash', message }] });
  try {
    const [receipt, transaction] = await Promise.all([
      client.getTransactionReceipt({ hash }),
      client.getTransaction({ hash }),
    ]);
    if (receipt.to?.toLowerCase() !== contract.toLowerCase()) {
      throw refused(`That transaction was not sent to this collection's contract (${contract}).`);
    }
    if (receipt.status !== 'success')
      throw refused(`That transaction failed on ${chain.name}: nothing changed.`);
    const logs = parseEventLogs({ abi: layerloomCollectionAbi, logs: receipt.logs }).filter(
      (log) => log.address.toLowerCase() === contract.toLowerCase(),
    );
    const names = new Set(logs.map((log) => log.eventName));
    const blockNumber = receipt.blockNumber;
    if (names.has('MetadataFrozen')) {
      return { kind: 'freeze', blockNumber, detail: 'Metadata frozen for good' };
    }
    if (names.has('ContractURIUpdated')) {
      const call = decodeFunctionData({ abi: layerloomCollectionAbi, data: transaction.input });
      const uri = call.functionName === 'setContractURI' ? String(call.args[0]) : '';
      return { kind: 'contract-uri', blockNumber, detail: uri || 'Collection listing updated' };
    }
    const baseChange = logs.find((log) => log.eventName === 'BaseURIChanged');
    if (baseChange && names.has('BatchMetadataUpdate')) {
      return {
        kind: 'base-uri',
        blockNumber,
        detail: String((baseChange.args as { baseURI: string }).baseURI),
      };
    }
    const update = logs.find((log) => log.eventName === 'BatchMetadataUpdate');
    if (update && !names.has('Revealed')) {
      const { fromTokenId, toTokenId } = update.args as { fromTokenId: bigint; toTokenId: bigint };
      return { kind: 'refresh', blockNumber, detail: tokenRange(fromTokenId, toTokenId) };
    }
    throw refused(
      'That transaction did not change the metadata marketplaces read (no metadata update event).',
    );
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

/** Whether the contract's metadata is frozen, read on chain; undefined when the chain does not answer. */
export async function readMetadataFrozen(
  chain: LayerloomChain,
  rpcUrl: string,
  contract: Address,
): Promise<boolean | undefined> {
  try {
    return await clientFor(chain, rpcUrl).readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'metadataFrozen',
    });
  } catch (error) {
    if (isUnreachable(error)) return undefined;
    throw error;
  }
}
