import type { GetCollectionStateReturnType } from '@layerloom/contracts';
import type { Hex } from 'viem';
import type { useDropActions } from './use-drop-actions.ts';

/** What every card of the panel works with: the contract's state, who may act, and the runner. */
export interface DropContext {
  chainId: number;
  /** The chain's native currency symbol (ETH, POL). */
  currency: string;
  state: GetCollectionStateReturnType;
  /** The connected wallet owns the contract (and is on its chain). */
  canManage: boolean;
  /** The owner or the payout address. */
  canWithdraw: boolean;
  actions: ReturnType<typeof useDropActions>;
  /** The network fee (wei) a call to the contract with this data would cost the owner now, if it can tell. */
  estimateFee?: (data: Hex) => Promise<bigint>;
}
