import {
  CollectionRevertedError,
  type CollectionWriteParameters,
  type CollectionWriteReturnType,
  layerloomCollectionAbi,
  TransactionFailedError,
  TransactionRejectedError,
  TransactionRevertedError,
} from '@layerloom/contracts';
import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from 'viem';

export interface SetMaxPerWalletParameters extends CollectionWriteParameters {
  /** Tokens one wallet may buy in the public sale. */
  limit: number;
}

/**
 * Changes the public sale's per-wallet limit (owner only). The contract has `setMaxPerWallet` but the
 * contracts library does not wrap it yet, so this simulates, sends and waits as its writes do, and
 * throws the same typed errors.
 */
export async function setMaxPerWallet(
  parameters: SetMaxPerWalletParameters,
): Promise<CollectionWriteReturnType> {
  const { walletClient, publicClient, address, limit, onTransactionSubmitted } = parameters;
  const account = parameters.account ?? walletClient.account;
  if (!account) throw new TransactionFailedError({ cause: new Error('No account') });
  let hash: CollectionWriteReturnType['hash'];
  let receipt: CollectionWriteReturnType['receipt'];
  try {
    const { request } = await publicClient.simulateContract({
      address,
      abi: layerloomCollectionAbi,
      functionName: 'setMaxPerWallet',
      args: [limit],
      account,
    });
    hash = await walletClient.writeContract(request);
    onTransactionSubmitted?.(hash);
    receipt = await publicClient.waitForTransactionReceipt({ hash });
  } catch (error) {
    throw toTypedError(error);
  }
  if (receipt.status !== 'success') throw new TransactionRevertedError({ hash });
  return { hash, receipt };
}

function toTypedError(error: unknown): Error {
  if (error instanceof BaseError) {
    const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) {
      return new CollectionRevertedError({
        reason: revert.data?.errorName as CollectionRevertedError['reason'],
        args: revert.data?.args ?? [],
        cause: error,
      });
    }
    if (error.walk((cause) => cause instanceof UserRejectedRequestError)) {
      return new TransactionRejectedError({ cause: error });
    }
  }
  return new TransactionFailedError({ cause: error });
}
