import { type Deployment, type DeploymentPayee, type Publication, recordDeployment } from '@layerloom/api';
import {
  type CollectionSettings,
  deployCollection,
  deployPaymentSplitter,
  getChain,
  reveal,
  type SaleSchedule,
  setProvenanceHash,
  setSaleSchedule,
} from '@layerloom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Address, Hash } from 'viem';
import { useConfig } from 'wagmi';
import { call } from '../../lib/api.ts';
import { refreshDropState } from '../drop/refresh-drop-state.ts';
import { launchErrorMessage } from './launch-error-message.ts';
import { provenanceBytes32 } from './launch-form-values.ts';
import { deploymentsKey } from './use-deployments.ts';
import { walletClients } from './wallet-clients.ts';

/** The launch's steps, in the order they run. */
export const launchSteps = ['splitter', 'deploy', 'record', 'reveal', 'provenance', 'schedule'] as const;
export type LaunchStep = (typeof launchSteps)[number];

/** `wallet`: waiting for the user to confirm in the wallet; `pending`: sent, not yet mined (or answered). */
export type StepStatus = 'idle' | 'wallet' | 'pending' | 'confirmed' | 'failed';

export interface StepState {
  status: StepStatus;
  hash?: Hash;
  error?: string;
}

/** What one launch deploys: the chain and the contract library's settings. */
export interface LaunchJob {
  chainId: number;
  settings: CollectionSettings;
  /**
   * Revealed at once: the launch reveals at the publication's base URI right after deploying. Pre-reveal
   * (false): the contract keeps returning its `preRevealURI` until the owner reveals from the drop panel.
   */
  revealAtLaunch: boolean;
  /** Start times the sale then follows by itself (a last transaction); null: the sale starts closed. */
  schedule?: SaleSchedule | null;
  /** Who receives the sales (shares in basis points), recorded with the deployment; the server checks it. */
  payees?: DeploymentPayee[];
  /**
   * The royalty split: a payment splitter with these payees is deployed first (its own transaction) and
   * the collection pays its royalties (ERC-2981 receiver) to it; null: royalties go to one wallet.
   */
  royaltySplit?: DeploymentPayee[] | null;
}

export interface LaunchState {
  job: LaunchJob | null;
  steps: Record<LaunchStep, StepState>;
  /** The royalty splitter, once its deploy is mined. */
  splitter: Address | null;
  /** The new contract, once the deploy is mined. */
  address: Address | null;
  deployer: Address | null;
  /** The server's record of it. */
  deployment: Deployment | null;
}

const idleSteps = (): Record<LaunchStep, StepState> => ({
  splitter: { status: 'idle' },
  deploy: { status: 'idle' },
  record: { status: 'idle' },
  reveal: { status: 'idle' },
  provenance: { status: 'idle' },
  schedule: { status: 'idle' },
});

const initialState = (): LaunchState => ({
  job: null,
  steps: idleSteps(),
  splitter: null,
  address: null,
  deployer: null,
  deployment: null,
});

/**
 * Deploys from the connected wallet, then records the contract with Layerloom, reveals the tokens at the
 * publication's base URI (unless the launch is pre-reveal) and sets its provenance hash. A failed step can
 * be tried again from where it stopped; a failed record does not stop the chain steps.
 */
export function useLaunchFlow({
  collectionId,
  publication,
  onRevealed,
}: {
  collectionId: string;
  publication: Publication;
  /** Called once the launch's reveal is confirmed (tells Layerloom to serve the art; best effort). */
  onRevealed?: (() => Promise<unknown>) | undefined;
}) {
  const config = useConfig();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LaunchState>(initialState);
  const [isRunning, setRunning] = useState(false);
  // The latest state for the async steps, which outlive the render that started them.
  const latest = useRef(state);
  latest.current = state;

  const update = useCallback((change: (state: LaunchState) => LaunchState) => {
    setState((previous) => {
      const next = change(previous);
      latest.current = next;
      return next;
    });
  }, []);
  const setStep = useCallback(
    (step: LaunchStep, value: StepState) =>
      update((previous) => ({ ...previous, steps: { ...previous.steps, [step]: value } })),
    [update],
  );

  const record = useCallback(
    async (
      job: LaunchJob,
      address: Address,
      deployer: Address,
      transactionHash: Hash,
      splitter: Address | null,
    ) => {
      setStep('record', { status: 'pending' });
      try {
        const { deployment } = (
          await call(recordDeployment, {
            params: { id: collectionId },
            body: {
              chainId: job.chainId,
              address,
              deployer,
              transactionHash,
              name: job.settings.name,
              symbol: job.settings.symbol,
              maxSupply: Number(job.settings.maxSupply),
              ...(job.payees ? { payees: job.payees } : {}),
              ...(job.royaltySplit && splitter
                ? { royaltySplitter: { address: splitter, payees: job.royaltySplit } }
                : {}),
            },
          })
        ).data;
        update((previous) => ({ ...previous, deployment }));
        setStep('record', { status: 'confirmed' });
      } catch (error) {
        const chain = getChain({ chainId: job.chainId });
        setStep('record', {
          status: 'failed',
          error: launchErrorMessage(error, {
            chainName: chain.name,
            currencySymbol: chain.chain.nativeCurrency.symbol,
          }),
        });
      } finally {
        await queryClient.invalidateQueries({ queryKey: deploymentsKey(collectionId) });
      }
    },
    [collectionId, queryClient, setStep, update],
  );

  // A chain step is shown confirmed once Run the drop has read the contract again, so it never shows an
  // earlier state (a provenance hash "not set") with a button whose transaction would fail.
  const refresh = useCallback(
    (chainId: number, address: Address) => refreshDropState(queryClient, { collectionId, chainId, address }),
    [collectionId, queryClient],
  );

  const execute = useCallback(
    async (job: LaunchJob, from: LaunchStep) => {
      const chain = getChain({ chainId: job.chainId });
      const context = { chainName: chain.name, currencySymbol: chain.chain.nativeCurrency.symbol };
      let current: LaunchStep = from;
      setRunning(true);
      try {
        const { walletClient, publicClient } = await walletClients(config, job.chainId);
        const account = walletClient.account?.address;
        if (!account) throw Object.assign(new Error('No account'), { name: 'ConnectorNotConnectedError' });

        let { address, deployer, splitter } = latest.current;
        if (current === 'splitter' && !job.royaltySplit) current = 'deploy';
        if (current === 'splitter' && job.royaltySplit) {
          setStep('splitter', { status: 'wallet' });
          const deployed = await deployPaymentSplitter({
            walletClient,
            publicClient,
            payees: job.royaltySplit.map((payee) => ({
              address: payee.address as Address,
              shares: payee.shares,
            })),
            onTransactionSubmitted: (hash) => setStep('splitter', { status: 'pending', hash }),
          });
          splitter = deployed.address;
          update((previous) => ({ ...previous, splitter: deployed.address }));
          setStep('splitter', { status: 'confirmed', hash: deployed.hash });
          current = 'deploy';
        }
        if (current === 'deploy') {
          if (job.royaltySplit && !splitter) throw new Error('The royalty splitter address is unknown');
          const royalty =
            job.royaltySplit && splitter && job.settings.royalty
              ? { ...job.settings.royalty, receiver: splitter }
              : job.settings.royalty;
          setStep('deploy', { status: 'wallet' });
          const deployed = await deployCollection({
            walletClient,
            publicClient,
            // The marketplace listing Layerloom serves for the publication (ERC-7572 contractURI).
            collection: {
              ...job.settings,
              ...(royalty ? { royalty } : {}),
              contractURI: job.settings.contractURI ?? publication.contractUri,
            },
            onTransactionSubmitted: (hash) => setStep('deploy', { status: 'pending', hash }),
          });
          address = deployed.address;
          deployer = account;
          update((previous) => ({ ...previous, address: deployed.address, deployer: account }));
          setStep('deploy', { status: 'confirmed', hash: deployed.hash });
          current = 'record';
        }
        if (!address || !deployer) throw new Error('The contract address is unknown');
        if (current === 'record') {
          const hash = latest.current.steps.deploy.hash;
          if (hash) await record(job, address, deployer, hash, splitter);
          current = 'reveal';
        }
        const contract = address;
        if (current === 'reveal' && !job.revealAtLaunch) current = 'provenance';
        if (current === 'reveal') {
          setStep('reveal', { status: 'wallet' });
          const revealed = await reveal({
            walletClient,
            publicClient,
            address: contract,
            baseURI: publication.baseUri,
            onTransactionSubmitted: (hash) => setStep('reveal', { status: 'pending', hash }),
          });
          await refresh(job.chainId, contract);
          setStep('reveal', { status: 'confirmed', hash: revealed.hash });
          // Best effort: should this fail, the server still finds the reveal on chain by itself (it checks
          // whenever a withheld file is asked for), so the launch carries on.
          await onRevealed?.().catch(() => undefined);
          current = 'provenance';
        }
        if (current === 'provenance') {
          setStep('provenance', { status: 'wallet' });
          const proven = await setProvenanceHash({
            walletClient,
            publicClient,
            address: contract,
            provenanceHash: provenanceBytes32(publication.provenanceHash),
            onTransactionSubmitted: (hash) => setStep('provenance', { status: 'pending', hash }),
          });
          await refresh(job.chainId, contract);
          setStep('provenance', { status: 'confirmed', hash: proven.hash });
          current = 'schedule';
        }
        if (job.schedule) {
          setStep('schedule', { status: 'wallet' });
          const scheduled = await setSaleSchedule({
            walletClient,
            publicClient,
            address: contract,
            ...job.schedule,
            onTransactionSubmitted: (hash) => setStep('schedule', { status: 'pending', hash }),
          });
          await refresh(job.chainId, contract);
          setStep('schedule', { status: 'confirmed', hash: scheduled.hash });
        }
      } catch (error) {
        const step = latest.current.steps[current];
        setStep(current, { ...step, status: 'failed', error: launchErrorMessage(error, context) });
      } finally {
        setRunning(false);
      }
    },
    [
      config,
      onRevealed,
      publication.baseUri,
      publication.contractUri,
      publication.provenanceHash,
      record,
      refresh,
      setStep,
      update,
    ],
  );

  /** Starts a new launch (forgets the previous one). */
  const start = useCallback(
    (job: LaunchJob) => {
      update(() => ({ ...initialState(), job }));
      void execute(job, job.royaltySplit ? 'splitter' : 'deploy');
    },
    [execute, update],
  );

  /** Tries the failed step again and carries on from there. */
  const retry = useCallback(() => {
    const { job, steps, address, deployer, splitter } = latest.current;
    const failed = launchSteps.find((step) => steps[step].status === 'failed');
    if (!job || !failed) return;
    const hash = steps.deploy.hash;
    // A failed record alone (the chain steps are done) is only sent again.
    const chainDone =
      steps.provenance.status === 'confirmed' && (!job.schedule || steps.schedule.status === 'confirmed');
    if (failed === 'record' && chainDone && address && deployer && hash) {
      setRunning(true);
      void record(job, address, deployer, hash, splitter).finally(() => setRunning(false));
      return;
    }
    void execute(job, failed === 'record' ? 'record' : failed);
  }, [execute, record]);

  const reset = useCallback(() => update(() => initialState()), [update]);

  return { state, isRunning, start, retry, reset };
}
