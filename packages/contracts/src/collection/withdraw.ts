import { type Address, parseEventLogs } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export type WithdrawParameters = CollectionWriteParameters;

export interface WithdrawReturnType extends CollectionWriteReturnType {
  /** Who received the funds: the payout address, or the owner when none is set. */
  to: Address;
  /** Wei sent. */
  amount: bigint;
}

/** Sends the collection's whole balance to its payout address (or owner); callable by either. */
export async function withdraw(parameters: WithdrawParameters): Promise<WithdrawReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  const result = await sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'withdraw',
        account,
      });
      return walletClient.writeContract(request);
    },
  });
  const [event] = parseEventLogs({
    abi: layerloomCollectionAbi,
    eventName: 'Withdrawn',
    logs: result.receipt.logs,
  });
  // A successful withdraw always emits Withdrawn; its absence means the address is not this contract.
  if (!event) throw new TypeError(`no Withdrawn event in transaction ${result.hash}`);
  return { ...result, to: event.args.to, amount: event.args.amount };
}
