import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import { type SalePhase, salePhases } from './sale-phase.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface SetPhaseParameters extends CollectionWriteParameters {
  phase: SalePhase;
}

export type SetPhaseReturnType = CollectionWriteReturnType;

/** Opens or closes a sale phase (owner only). */
export async function setPhase(parameters: SetPhaseParameters): Promise<SetPhaseReturnType> {
  const { walletClient, publicClient, address, phase, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setSalePhase',
        args: [salePhases.indexOf(phase)],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
