import { allowlistMint, CollectionRevertedError, mint } from '@layerloom/contracts';
import { useCallback, useState } from 'react';
import type { Address, Hash, Hex } from 'viem';
import { useConfig } from 'wagmi';
import { findCause } from '../launch/launch-error-message.ts';
import { walletClients } from '../launch/wallet-clients.ts';
import { type MintErrorContext, mintErrorMessage } from './mint-error-message.ts';
import { overLimitMessage } from './mint-rules.ts';

/** `wallet`: waiting for the collector to confirm in the wallet; `pending`: sent, not yet mined. */
export type MintStatus = 'idle' | 'wallet' | 'pending' | 'confirmed' | 'failed';

export interface MintFlowState {
  status: MintStatus;
  hash?: Hash;
  /** The tokens this mint created, once confirmed. */
  tokenIds?: bigint[];
  error?: string;
}

/** One mint: the public sale, or the allowlist sale with the wallet's allowance and proof. */
export interface MintJob {
  chainId: number;
  address: Address;
  quantity: number;
  /** Present for an allowlist mint: the wallet's leaf on the list (allowance 0 = the phase limit) and its proof. */
  allowlist?: { allowance: number; proof: readonly Hex[] };
}

/** A failed mint in a collector's words; a refusal over the wallet's limit says the limit and what is left. */
export function mintFailureMessage(error: unknown, context: MintErrorContext): string {
  const reverted = findCause(error, (cause) => cause instanceof CollectionRevertedError);
  if (reverted instanceof CollectionRevertedError && reverted.reason === 'WalletLimitExceeded') {
    const [limit, minted] = reverted.args;
    if (typeof limit === 'bigint' && typeof minted === 'bigint') return overLimitMessage(limit, minted);
  }
  return mintErrorMessage(error, context);
}

/** Mints from the connected wallet and reports each step; `onSettled` runs after success or failure. */
export function useMintFlow({ context, onSettled }: { context: MintErrorContext; onSettled: () => void }) {
  const config = useConfig();
  const [state, setState] = useState<MintFlowState>({ status: 'idle' });

  const start = useCallback(
    async (job: MintJob) => {
      setState({ status: 'wallet' });
      try {
        const { walletClient, publicClient } = await walletClients(config, job.chainId);
        const common = {
          walletClient,
          publicClient,
          address: job.address,
          quantity: job.quantity,
          onTransactionSubmitted: (hash: Hash) => setState({ status: 'pending', hash }),
        };
        const result = job.allowlist
          ? await allowlistMint({ ...common, ...job.allowlist })
          : await mint(common);
        setState({ status: 'confirmed', hash: result.hash, tokenIds: result.tokenIds });
      } catch (error) {
        setState((previous) => ({
          ...previous,
          status: 'failed',
          error: mintFailureMessage(error, context),
        }));
      } finally {
        onSettled();
      }
    },
    [config, context, onSettled],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
