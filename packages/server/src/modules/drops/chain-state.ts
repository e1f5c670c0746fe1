import type { DropContract, DropState } from '@layerloom/api';
import { getChain, getCollectionState } from '@layerloom/contracts';
import { type Address, createPublicClient, http } from 'viem';

/** How long a chain read is reused: a drop's page is read by many collectors at once. */
const STATE_TTL_MS = 5_000;

/** One round of reads of a contract: the sale's state and the balance the contract holds (wei). */
interface ChainRound {
  state: DropState;
  balance: bigint;
}

const rounds = new Map<string, { at: number; pending: Promise<ChainRound> }>();

/**
 * One round of reads of the contract through `rpcUrl`, shared by every request for the same contract within a
 * few seconds (one round however many collectors look), so RPC limits are not hit.
 */
function readRound(contract: DropContract, rpcUrl: string): Promise<ChainRound> {
  const key = `${contract.chainId}:${contract.address}`;
  const cached = rounds.get(key);
  if (cached && Date.now() - cached.at < STATE_TTL_MS) return cached.pending;
  const client = createPublicClient({
    chain: getChain({ chainId: contract.chainId }).chain,
    // Every read of the round in one eth_call to Multicall3 (run without deploying it where the chain has
    // none, as the local one), and that call and the balance in one JSON-RPC batch: one HTTP request.
    batch: { multicall: { deployless: true } },
    transport: http(rpcUrl, { timeout: 3_000, retryCount: 0, batch: true }),
  });
  const pending = getCollectionState({ publicClient: client, address: contract.address as Address }).then(
    (state): ChainRound => ({
      state: {
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
        readAt: new Date().toISOString(),
      },
      balance: state.balance,
    }),
  );
  rounds.set(key, { at: Date.now(), pending });
  // A failed read is not reused: the next request asks the chain again.
  pending.catch(() => rounds.delete(key));
  if (rounds.size > 1000) rounds.delete(rounds.keys().next().value as string);
  return pending;
}

/** The sale's live state read from the chain through `rpcUrl` (a shared round of reads, see `readRound`). */
export async function readDropState(contract: DropContract, rpcUrl: string): Promise<DropState> {
  return (await readRound(contract, rpcUrl)).state;
}

/** The sale proceeds the contract holds, in wei, from the same shared round of reads as its state. */
export async function readContractBalance(contract: DropContract, rpcUrl: string): Promise<bigint> {
  return (await readRound(contract, rpcUrl)).balance;
}
