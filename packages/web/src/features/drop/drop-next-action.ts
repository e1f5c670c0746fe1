import type { GetCollectionStateReturnType } from '@layerloom/contracts';

/** The one thing Run the drop suggests doing next, shown as its only primary button. */
export type DropNextAction = 'open-allowlist' | 'open-public' | 'reveal' | 'withdraw' | null;

/**
 * What the owner most likely does next with the contract: open a closed sale (the allowlist's when one is
 * set on chain), move an allowlist sale on to the public one, then reveal and withdraw once tokens sold;
 * null when nothing waits (a public sale running, revealed, nothing to withdraw).
 */
export function dropNextAction(
  state: Pick<
    GetCollectionStateReturnType,
    'phase' | 'totalSupply' | 'maxSupply' | 'revealed' | 'balance' | 'allowlist'
  >,
): DropNextAction {
  const isSoldOut = state.totalSupply >= state.maxSupply;
  if (!isSoldOut && state.phase === 'closed') {
    return state.allowlist.merkleRoot ? 'open-allowlist' : 'open-public';
  }
  if (!isSoldOut && state.phase === 'allowlist') return 'open-public';
  if (state.balance > 0n) return 'withdraw';
  if (!state.revealed && state.totalSupply > 0n) return 'reveal';
  return null;
}
