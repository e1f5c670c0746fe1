import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface SetMaxPerWalletParameters extends CollectionWriteParameters {
  /** Tokens one wallet may buy in the public sale. */
  limit: number;
}

export type SetMaxPerWalletReturnType = CollectionWriteReturnType;

/** Changes the public sale's per-wallet limit (owner only). */
export async function setMaxPerWallet(
  parameters: SetMaxPerWalletParameters,
): Promise<SetMaxPerWalletReturnType> {
  const { walletClient, publicClient, address, limit, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setMaxPerWallet',
        args: [limit],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
