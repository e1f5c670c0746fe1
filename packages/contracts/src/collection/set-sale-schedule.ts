import { InvalidCollectionConfigError } from '../errors.ts';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

/** Start times of the sales, as `Date`s; `null` leaves that sale unscheduled. */
export interface SaleSchedule {
  allowlistStart: Date | null;
  publicStart: Date | null;
}

export interface SetSaleScheduleParameters extends CollectionWriteParameters, SaleSchedule {}

export type SetSaleScheduleReturnType = CollectionWriteReturnType;

/** The contract counts seconds in 40 bits. */
const MAX_SECONDS = 2 ** 40 - 1;

/** A start time as the contract's Unix seconds (0 for none), checked. */
export function toScheduleSeconds(date: Date | null, field: keyof SaleSchedule): number {
  if (date === null) return 0;
  const seconds = Math.floor(date.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SECONDS) {
    throw new InvalidCollectionConfigError({ field, message: 'is not a valid date' });
  }
  return seconds;
}

/**
 * Lets the sale open by itself (owner only): the allowlist sale from `allowlistStart`, the public sale from
 * `publicStart`, closed before. Both `null` clears the schedule and closes the sale; opening or closing a
 * phase with `setPhase` later also ends the schedule.
 */
export async function setSaleSchedule(
  parameters: SetSaleScheduleParameters,
): Promise<SetSaleScheduleReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const allowlistStart = toScheduleSeconds(parameters.allowlistStart, 'allowlistStart');
  const publicStart = toScheduleSeconds(parameters.publicStart, 'publicStart');
  if (allowlistStart !== 0 && publicStart !== 0 && allowlistStart >= publicStart) {
    throw new InvalidCollectionConfigError({
      field: 'publicStart',
      message: 'must be after the allowlist sale starts',
    });
  }
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setSaleSchedule',
        args: [allowlistStart, publicStart],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
