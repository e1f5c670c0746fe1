import type { Address } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { mintedTokenIds } from '../internal/minted-token-ids.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface AirdropParameters extends CollectionWriteParameters {
  /** Who receives how many tokens. Free, allowed in any phase, not counted against sale limits. */
  recipients: readonly { to: Address; quantity: bigint | number }[];
}

export interface AirdropReturnType extends CollectionWriteReturnType {
  /** Ids of every token minted, in recipient order. */
  tokenIds: bigint[];
}

/** Owner mint: mints tokens to each recipient in one transaction (owner only). */
export async function airdrop(parameters: AirdropParameters): Promise<AirdropReturnType> {
  const { walletClient, publicClient, address, recipients, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  const result = await sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'airdrop',
        args: [
          recipients.map((recipient) => recipient.to),
          recipients.map((recipient) => BigInt(recipient.quantity)),
        ],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
  return { ...result, tokenIds: mintedTokenIds(result.receipt, address) };
}
