import { allowlistMint, mint } from '@layerloom/contracts';
import { useCallback, useState } from 'react';
import type { Address, Hash, Hex } from 'viem';
import { useConfig } from 'wagmi';
import { walletClients } from '../launch/wallet-clients.ts';
import { type MintErrorContext, mintErrorMessage } from './mint-error-message.ts';

/** `wallet`: waiting for the collector to confirm in the wallet; `pending`: sent, not yet mined. */
export type MintStatus = 'idle' | 'wallet' | 'pending' | 'confirmed' | 'failed';

export interface MintFlowState {
  status: MintStatus;
  hash?: Hash;
  /** The tokens this mint created, once confirmed. */
  tokenIds?: bigint[];
  error?: string;
}

/** One mint: the public sale, or the allowlist sale with the wallet's proof. */
export interface MintJob {
  chainId: number;
  address: Address;
  quantity: number;
  /** Present for an allowlist mint. */
  proof?: readonly Hex[];
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
        const result = job.proof ? await allowlistMint({ ...common, proof: job.proof }) : await mint(common);
        setState({ status: 'confirmed', hash: result.hash, tokenIds: result.tokenIds });
      } catch (error) {
        setState((previous) => ({ ...previous, status: 'failed', error: mintErrorMessage(error, context) }));
      } finally {
        onSettled();
      }
    },
    [config, context, onSettled],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
