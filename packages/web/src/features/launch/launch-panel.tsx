import type { Publication } from '@layerloom/api';
import { getChain, getExplorerUrl } from '@layerloom/contracts';
import { Alert, App, Button, Form, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useConnection, useSwitchChain, WagmiProvider } from 'wagmi';
import { usePlaceholder, useRecordReveal } from '../collections/use-placeholder.ts';
import { DropPanel } from '../drop/drop-panel.tsx';
import { DeployFeeNotice } from './deploy-fee-notice.tsx';
import { DeploymentsList } from './deployments-list.tsx';
import { defaultNetwork, findLaunchChain, isMainnet, networkSwitch } from './launch-chains.ts';
import { defaultLaunchValues, symbolFromName } from './launch-defaults.ts';
import { launchErrorMessage } from './launch-error-message.ts';
import { LaunchForm } from './launch-form.tsx';
import {
  type LaunchFormValues,
  toCollectionSettings,
  toRecordedPayees,
  toRoyaltySplit,
  toSaleSchedule,
  validateLaunchForm,
} from './launch-form-values.ts';
import { LaunchSteps } from './launch-steps.tsx';
import type { PayeeRow } from './payout-split.ts';
import { useDeployments } from './use-deployments.ts';
import { useLaunchChains } from './use-launch-chains.ts';
import { useLaunchFlow } from './use-launch-flow.ts';
import { launchWagmiConfig } from './wagmi-config.ts';
import { WalletSection } from './wallet-section.tsx';
import './launch.css';
import { skipToken, useQuery } from '@tanstack/react-query';
import { collectionsKey } from '../collections/collections-queries.ts';
import { useCollectionApproval } from '../review/review-queries.ts';
import { RoleNote } from '../workspaces/role-note.tsx';
import { usePermission } from '../workspaces/workspace-context.tsx';

export interface LaunchPanelProps {
  collectionId: string;
  name: string;
  size: number;
  publication: Publication;
  /**
   * Where the wallet and "Run the drop" go once the collection has a contract (the collection page's third
   * step); inline when null or left out.
   */
  runTarget?: HTMLElement | null;
}

// The wallet fields that follow the connected wallet: the royalty receiver and the first payee.
const addressFields: ('royaltyReceiver' | ['payees', number, 'address'])[] = [
  'royaltyReceiver',
  ['payees', 0, 'address'],
];

function LaunchArea({ collectionId, name, size, publication, runTarget }: LaunchPanelProps) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<LaunchFormValues>();
  const connection = useConnection();
  const switchChain = useSwitchChain();
  const placeholder = usePlaceholder(collectionId);
  const recordReveal = useRecordReveal(collectionId);
  const hasPlaceholder = Boolean(placeholder.data && !placeholder.data.revealedAt);
  const flow = useLaunchFlow({
    collectionId,
    publication,
    onRevealed: hasPlaceholder ? () => recordReveal.mutateAsync() : undefined,
  });
  // The first render's values; later wallet changes are applied below, and the form keeps its own state.
  const [initialValues] = useState(() =>
    defaultLaunchValues({ name, size, account: connection.address, hasPlaceholder }),
  );
  const symbolEdited = useRef(false);
  const revealModeEdited = useRef(false);
  const chainEdited = useRef(false);
  const launchChains = useLaunchChains();

  // A placeholder that loads (or is set) after the form opened makes pre-reveal the default, unless the
  // user already chose; one that goes away leaves only "Revealed at once" valid.
  useEffect(() => {
    if (revealModeEdited.current || placeholder.isPending) return;
    form.setFieldValue('revealMode', hasPlaceholder ? 'prereveal' : 'revealed');
  }, [form, hasPlaceholder, placeholder.isPending]);

  // The custom royalty split's first wallet follows the wallet too. Set as a whole list: a form not shown
  // yet has no rows, and one row set alone would replace the default two.
  const fillRoyaltyWallet = useCallback(
    (account: string, previous: string) => {
      const rows =
        (form.getFieldValue('royaltyPayees') as PayeeRow[] | undefined) ?? initialValues.royaltyPayees;
      const first = String(rows[0]?.address ?? '').trim();
      if (first !== '' && first.toLowerCase() !== previous.toLowerCase()) return;
      form.setFieldValue(
        'royaltyPayees',
        rows.map((row, index) => (index === 0 ? { ...row, address: account } : row)),
      );
    },
    [form, initialValues.royaltyPayees],
  );

  // The addresses follow the connected wallet unless the user typed another one.
  const previousAccount = useRef(connection.address);
  useEffect(() => {
    const previous = previousAccount.current ?? '';
    const next = connection.address;
    previousAccount.current = next;
    if (!next || next === previous) return;
    for (const field of addressFields) {
      const value = String(form.getFieldValue(field) ?? '').trim();
      if (value === '' || value.toLowerCase() === previous.toLowerCase()) form.setFieldValue(field, next);
    }
    fillRoyaltyWallet(next, previous);
  }, [connection.address, form, fillRoyaltyWallet]);

  const chainId = (Form.useWatch('chainId', form) as number | undefined) ?? initialValues.chainId;
  const chain = findLaunchChain(chainId) ?? getChain({ chainId: initialValues.chainId });
  const context = { chainName: chain.name, currencySymbol: chain.chain.nativeCurrency.symbol };
  // Deploying needs the Admin role in the collection's workspace (read from the collection page's cached
  // answer, never fetched here): others see why beside the button.
  const collectionData = useQuery({ queryKey: [...collectionsKey, collectionId], queryFn: skipToken }).data as
    | { workspaceId?: string }
    | undefined;
  const role = usePermission('launch', 'deploying', collectionData?.workspaceId);
  // A workspace that reviews launches deploys only an approved collection: the wallet is not asked before
  // (the contract would be on chain, paid for, and then refused).
  const approval = useCollectionApproval(collectionId);
  const launching =
    role.allowed && approval.data?.state === 'waiting'
      ? {
          allowed: false as const,
          reason:
            "This collection needs an Owner's or Admin's approval before it is deployed: see Approval above.",
        }
      : role;
  const isConnected = connection.status === 'connected';
  const isWrongNetwork = isConnected && connection.chainId !== chain.chain.id;
  const needsSwitch = networkSwitch({
    isConnected,
    walletChainId: connection.chainId,
    chainId: chain.chain.id,
  });
  // The whole form as typed, for the fee estimate: deploy settings once every field is right.
  const watched = Form.useWatch((values: LaunchFormValues) => values, { form, preserve: true });
  const typed = { ...initialValues, ...watched } as LaunchFormValues;
  const feeSettings = (() => {
    if (Object.keys(validateLaunchForm(typed, { collectionSize: size, hasPlaceholder })).length > 0)
      return null;
    try {
      return toCollectionSettings(
        typed,
        typed.revealMode === 'prereveal' ? (placeholder.data ?? null) : null,
      );
    } catch {
      return null;
    }
  })();
  const feeRoyaltySplit = (() => {
    try {
      return feeSettings ? toRoyaltySplit(typed) : null;
    } catch {
      return null;
    }
  })();
  const job = flow.state.job;
  const steps = flow.state.steps;
  const hasFailed = Object.values(steps).some((step) => step.status === 'failed');
  const isDone =
    steps.provenance.status === 'confirmed' &&
    steps.record.status === 'confirmed' &&
    (!job?.schedule || steps.schedule.status === 'confirmed');
  const address = flow.state.address;
  // Until a contract exists its settings can change; a failed deploy is simply deployed again.
  const canDeploy = !flow.isRunning && address === null;
  // Once the collection has a contract, the form to deploy another waits behind a button.
  const deployments = useDeployments(collectionId);
  const [wantsAnother, setWantsAnother] = useState(false);
  const showForm = job !== null || wantsAnother || deployments.data?.length === 0;

  // A form opened after the wallet connected (another contract) starts with the wallet's address where
  // none is typed: the effect above only follows changes of the wallet.
  useEffect(() => {
    const account = connection.address;
    if (!showForm || !account || flow.state.job) return;
    for (const field of addressFields) {
      if (String(form.getFieldValue(field) ?? '').trim() === '') form.setFieldValue(field, account);
    }
    fillRoyaltyWallet(account, '');
  }, [connection.address, form, showForm, flow.state.job, fillRoyaltyWallet]);

  // The network starts on the wallet's own when the server reads it, else the first the server reads;
  // it follows the wallet until the user picks one (and is set again when the form opens).
  useEffect(() => {
    if (chainEdited.current || !launchChains.data || !showForm || flow.state.job) return;
    const walletChainId = connection.status === 'connected' ? connection.chainId : undefined;
    form.setFieldValue('chainId', defaultNetwork({ walletChainId, available: launchChains.data }));
  }, [connection.chainId, connection.status, form, launchChains.data, showForm, flow.state.job]);

  // The wallet that signs, then the newest contract's drop (nothing before there is one).
  const wallet = (
    <>
      <h3 className="llc-section-label">Wallet</h3>
      <WalletSection {...context} />
      <DropPanel collectionId={collectionId} publication={publication} />
    </>
  );

  const onValuesChange = (changed: Partial<LaunchFormValues>) => {
    if ('symbol' in changed) symbolEdited.current = true;
    if ('revealMode' in changed) revealModeEdited.current = true;
    if ('name' in changed && !symbolEdited.current) {
      form.setFieldValue('symbol', symbolFromName(changed.name ?? ''));
    }
    // A new network makes an earlier switch error irrelevant; the user's choice no longer follows the wallet.
    if ('chainId' in changed) {
      chainEdited.current = true;
      switchChain.reset();
    }
  };

  const onFinish = (values: LaunchFormValues) => {
    const all = { ...initialValues, ...values, ...form.getFieldsValue(true) } as LaunchFormValues;
    const isPreReveal = all.revealMode === 'prereveal';
    const start = () =>
      flow.start({
        chainId: all.chainId,
        settings: toCollectionSettings(all, isPreReveal ? (placeholder.data ?? null) : null),
        revealAtLaunch: !isPreReveal,
        schedule: toSaleSchedule(all),
        payees: toRecordedPayees(all),
        royaltySplit: toRoyaltySplit(all),
      });
    if (isMainnet(chain)) {
      modal.confirm({
        title: `Deploy on ${chain.name}?`,
        content: `This is a mainnet: the transactions cost real ${chain.chain.nativeCurrency.symbol} in gas, and the contract cannot be deleted.`,
        okText: `Deploy on ${chain.name}`,
        cancelText: 'Cancel',
        onOk: start,
      });
    } else {
      start();
    }
  };

  const contractUrl =
    address && job ? getExplorerUrl({ chainId: job.chainId, type: 'address', address }) : null;

  return (
    <div className="llc-launch-body">
      <p className="llc-muted llc-launch-intro">
        Deploy your own contract for this collection from your wallet. Its tokens point to the published
        metadata, revealed at once or after a pre-reveal placeholder; the provenance hash proves the images
        never change.
      </p>
      <DeploymentsList collectionId={collectionId} />
      {runTarget && deployments.data?.length
        ? createPortal(<div className="llc-launch-body">{wallet}</div>, runTarget)
        : wallet}
      <h3 className="llc-section-label">Contract</h3>
      {showForm ? null : (
        <div>
          <Button onClick={() => setWantsAnother(true)}>Deploy another contract</Button>
        </div>
      )}
      {showForm ? (
        <LaunchForm
          form={form}
          initialValues={initialValues}
          collectionSize={size}
          hasPlaceholder={hasPlaceholder}
          chains={launchChains.data}
          disabled={!canDeploy}
          onValuesChange={onValuesChange}
          onFinish={onFinish}
        >
          <div className="llc-launch-actions">
            {needsSwitch.needed ? (
              <Alert
                type="warning"
                showIcon
                title={`Your wallet is on ${needsSwitch.from}`}
                description={
                  <div className="llc-launch-switch">
                    <span>
                      Switch it to {needsSwitch.to} to deploy there; your wallet adds the network if it does
                      not know it yet.
                    </span>
                    <Button
                      type="primary"
                      disabled={false}
                      loading={switchChain.isPending}
                      onClick={() => switchChain.switchChain({ chainId: chain.chain.id })}
                    >
                      Switch network to {needsSwitch.to}
                    </Button>
                  </div>
                }
              />
            ) : null}
            {switchChain.isError ? (
              <Alert type="error" showIcon title={launchErrorMessage(switchChain.error, context)} />
            ) : null}
            {canDeploy ? (
              <DeployFeeNotice
                chainId={chain.chain.id}
                chainName={chain.name}
                currency={chain.chain.nativeCurrency.symbol}
                account={connection.address}
                settings={feeSettings}
                royaltySplit={feeRoyaltySplit}
                isReady={isConnected && !isWrongNetwork}
              />
            ) : null}
            {canDeploy ? (
              <div className="llc-launch-buttons">
                <Button
                  // One primary button: while the wallet must switch networks, that is the next step.
                  type={isWrongNetwork ? 'default' : 'primary'}
                  htmlType="submit"
                  size="large"
                  disabled={!isConnected || isWrongNetwork || !launching.allowed}
                  title={!isConnected ? 'Connect a wallet first' : undefined}
                  aria-describedby={launching.allowed ? undefined : 'llc-launch-role-note'}
                >
                  Deploy on {chain.name}
                </Button>
                {!isConnected ? <span className="llc-muted">Connect a wallet to deploy.</span> : null}
                <RoleNote id="llc-launch-role-note" permission={launching} />
              </div>
            ) : null}
          </div>
        </LaunchForm>
      ) : null}
      {job ? (
        <div className="llc-launch-progress">
          <h3 className="llc-section-label">Progress on {getChain({ chainId: job.chainId }).name}</h3>
          <LaunchSteps state={flow.state} chainId={job.chainId} />
          {address ? (
            <p className="llc-launch-address">
              Contract:{' '}
              {contractUrl ? (
                <Typography.Link href={contractUrl} target="_blank" rel="noreferrer">
                  <code>{address}</code>
                </Typography.Link>
              ) : (
                <code>{address}</code>
              )}
            </p>
          ) : null}
          {isDone ? (
            <Alert
              type="success"
              showIcon
              title="Your collection is deployed"
              description={`${
                job?.revealAtLaunch === false
                  ? 'The contract is yours: its tokens show the placeholder until you reveal them from Run the drop, and the provenance hash is set.'
                  : 'The contract is yours: its tokens are revealed and the provenance hash is set.'
              } ${job?.schedule ? 'The sale opens by itself at the times you set.' : 'The sale starts closed.'}`}
            />
          ) : null}
          <div className="llc-launch-buttons">
            {hasFailed && address !== null ? (
              <Button type="primary" onClick={flow.retry} loading={flow.isRunning}>
                Try again
              </Button>
            ) : null}
            {!flow.isRunning && address !== null && (hasFailed || isDone) ? (
              <Button onClick={flow.reset}>{isDone ? 'Deploy another contract' : 'Start over'}</Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The launch area of a published collection, inside its own wallet context (a lazily loaded chunk). */
export default function LaunchPanel(props: LaunchPanelProps) {
  return (
    <WagmiProvider config={launchWagmiConfig}>
      <LaunchArea {...props} />
    </WagmiProvider>
  );
}
