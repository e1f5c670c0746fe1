import { getChain } from '@layerloom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Address, Hash, PublicClient, WalletClient } from 'viem';
import { useConfig } from 'wagmi';
import { launchErrorMessage } from '../launch/launch-error-message.ts';
import type { StepState } from '../launch/use-launch-flow.ts';
import { walletClients } from '../launch/wallet-clients.ts';
import { dropChainStateKey } from './use-drop-state.ts';

/** The owner's actions, each shown as its own step row. */
export type DropAction =
  | 'phase'
  | 'schedule'
  | 'price'
  | 'limit'
  | 'allowlist'
  | 'airdrop'
  | 'provenance'
  | 'reveal'
  | 'withdraw'
  | 'contract-uri'
  | 'metadata'
  | 'freeze';

/** One transaction of the panel: what it does, and where it stands. */
export interface DropStep extends StepState {
  title: string;
}

/** What a transaction gets: the wallet, a public client on its provider, and the hash callback. */
export interface DropTransactionContext {
  walletClient: WalletClient;
  publicClient: PublicClient;
  address: Address;
  onTransactionSubmitted: (hash: Hash) => void;
}

/** A transaction to run: its row's key and title, and the write (a `@layerloom/contracts` function). */
export interface DropTransaction {
  action: DropAction;
  title: string;
  send: (context: DropTransactionContext) => Promise<{ hash: Hash }>;
}

/**
 * Runs the owner's transactions one at a time through the connected wallet: each step goes from
 * "confirm in your wallet" to pending (with its hash) to confirmed or failed (with the reason in words),
 * and the contract's state is read again after each.
 */
export function useDropActions({ chainId, address }: { chainId: number; address: Address }) {
  const config = useConfig();
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<Partial<Record<DropAction, DropStep>>>({});
  const [running, setRunning] = useState<DropAction | null>(null);
  // One transaction at a time (a double click, or a second dialog confirm, sends nothing more).
  const busy = useRef(false);

  const setStep = useCallback(
    (action: DropAction, step: DropStep | undefined) =>
      setSteps((previous) => ({ ...previous, [action]: step })),
    [],
  );

  /** Runs the transactions in order, stopping at the first failure; true when all were confirmed. */
  const run = useCallback(
    async (transactions: readonly DropTransaction[]): Promise<boolean> => {
      if (busy.current) return false;
      const chain = getChain({ chainId });
      const context = { chainName: chain.name, currencySymbol: chain.chain.nativeCurrency.symbol };
      busy.current = true;
      // A new attempt replaces what these rows showed before.
      setSteps((previous) => {
        const next = { ...previous };
        for (const { action, title } of transactions) next[action] = { title, status: 'idle' };
        return next;
      });
      let ok = true;
      try {
        for (const { action, title, send } of transactions) {
          setRunning(action);
          setStep(action, { title, status: 'wallet' });
          try {
            const clients = await walletClients(config, chainId);
            const { hash } = await send({
              ...clients,
              address,
              onTransactionSubmitted: (submitted) =>
                setStep(action, { title, status: 'pending', hash: submitted }),
            });
            setStep(action, { title, status: 'confirmed', hash });
          } catch (error) {
            setSteps((previous) => ({
              ...previous,
              [action]: {
                ...previous[action],
                title,
                status: 'failed',
                error: launchErrorMessage(error, context),
              },
            }));
            ok = false;
            break;
          }
        }
      } finally {
        busy.current = false;
        setRunning(null);
        await queryClient.invalidateQueries({ queryKey: dropChainStateKey(chainId, address) });
      }
      return ok;
    },
    [address, chainId, config, queryClient, setStep],
  );

  return { steps, running, isRunning: running !== null, run };
}
