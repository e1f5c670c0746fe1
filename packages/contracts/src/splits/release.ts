import { type Address, isAddressEqual, parseEventLogs } from 'viem';
import type { CollectionWriteParameters, CollectionWriteReturnType } from '../collection/types.ts';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { layerloomPaymentSplitterAbi } from '../generated/layerloom-payment-splitter.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';

export interface ReleaseParameters extends CollectionWriteParameters {
  /** The payee to pay; the funds go to it whoever sends the transaction. */
  payee: Address;
  /** An ERC-20 (e.g. WETH royalties) to pay instead of Ether; payment splitters only. */
  token?: Address;
}

export interface ReleaseReturnType extends CollectionWriteReturnType {
  /** The payee paid. */
  to: Address;
  /** Wei (or token units) sent. */
  amount: bigint;
}

/**
 * Pays one payee what it is owed now, from a collection's sale proceeds or from a payment splitter
 * (`address` may be either). With payees anyone may send it; a collection without payees pays its one
 * payee (the payout address or the owner) as `withdraw` does, and only the owner or that payee may send it.
 */
export async function release(parameters: ReleaseParameters): Promise<ReleaseReturnType> {
  const { walletClient, publicClient, address, payee, token, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  const result = await sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      // The collection's ABI holds the Ether release of both contracts (same signature) and every error
      // either reverts with; the token release exists on the splitter only.
      if (token) {
        const { request } = await publicClient.simulateContract({
          address,
          abi: layerloomPaymentSplitterAbi,
          functionName: 'release',
          args: [token, payee],
          account,
        });
        return walletClient.writeContract(request);
      }
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'release',
        args: [payee],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
  // A split emits PaymentReleased (ERC20PaymentReleased for a token); a collection without payees pays
  // through withdraw, which emits Withdrawn.
  const logs = result.receipt.logs.filter((log) => isAddressEqual(log.address, address));
  const paid = [
    ...parseEventLogs({ abi: layerloomCollectionAbi, logs }).flatMap((log) =>
      log.eventName === 'PaymentReleased' || log.eventName === 'Withdrawn'
        ? [{ to: log.args.to, amount: log.args.amount }]
        : [],
    ),
    ...parseEventLogs({ abi: layerloomPaymentSplitterAbi, logs, eventName: 'ERC20PaymentReleased' }).map(
      (log) => ({ to: log.args.to, amount: log.args.amount }),
    ),
  ];
  const [event] = paid;
  if (!event) throw new TypeError(`no payment event in transaction ${result.hash}`);
  return { ...result, ...event };
}
