import type { DropState } from '@layerloom/api';
import type { GetCollectionStateReturnType } from '@layerloom/contracts';

/** The sale as the server reports it (`GET /drops/{slug}/state`), from a read of the contract made here. */
export function toDropState(state: GetCollectionStateReturnType, readAt: Date): DropState {
  return {
    minted: Number(state.totalSupply),
    maxSupply: Number(state.maxSupply),
    phase: state.phase,
    publicPrice: state.mintPrice.toString(),
    allowlistPrice: state.allowlist.price.toString(),
    maxPerWallet: state.maxPerWallet,
    allowlistMaxPerWallet: state.allowlist.maxPerWallet,
    revealed: state.revealed,
    allowlistRoot: state.allowlist.merkleRoot,
    allowlistStart: state.schedule.allowlistStart?.toISOString() ?? null,
    publicStart: state.schedule.publicStart?.toISOString() ?? null,
    readAt: readAt.toISOString(),
  };
}
