import type { GetCollectionStateReturnType } from '@layerloom/contracts';
import type { Address, Hex } from 'viem';
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
  /**
   * The network fee (wei) a call with this data would cost the connected wallet now, if it can tell: to the
   * collection, or to `to` (its royalty splitter).
   */
  estimateFee?: (data: Hex, to?: Address) => Promise<bigint>;
}
