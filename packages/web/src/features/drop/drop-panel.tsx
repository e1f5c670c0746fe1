import { ReloadOutlined } from '@ant-design/icons';
import type { Deployment, Publication } from '@layerloom/api';
import { getChain } from '@layerloom/contracts';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useCallback } from 'react';
import type { Address, Hex } from 'viem';
import { useConfig, useConnection, useSwitchChain } from 'wagmi';
import { findLaunchChain } from '../launch/launch-chains.ts';
import { launchErrorMessage } from '../launch/launch-error-message.ts';
import { shortAddress } from '../launch/short-address.ts';
import { useDeployments } from '../launch/use-deployments.ts';
import { walletPublicClient } from '../launch/wallet-clients.ts';
import { AirdropCard } from './airdrop-card.tsx';
import { AllowlistCard } from './allowlist-card.tsx';
import type { DropContext } from './drop-context.ts';
import { dropPermissions, notOwnerMessage, summaryFromChain, summaryFromServer } from './drop-format.ts';
import { DropSummaryList } from './drop-summary.tsx';
import { FreezeCard } from './freeze-card.tsx';
import { ListingCard } from './listing-card.tsx';
import { MetadataUpdatesCard } from './metadata-updates-card.tsx';
import { estimateCallsFee } from './network-fee.ts';
import { PhaseCard } from './phase-card.tsx';
import { PriceCard } from './price-card.tsx';
import { RevealCard } from './reveal-card.tsx';
import { useDropActions } from './use-drop-actions.ts';
import { useDropChainState, useServerDropState } from './use-drop-state.ts';
import { WithdrawCard } from './withdraw-card.tsx';
import './drop.css';

export interface DropPanelProps {
  collectionId: string;
  publication: Publication;
}

/** The owner's screen for one deployed contract: its live state and every action, through the wallet. */
function DropArea({ collectionId, publication, deployment }: DropPanelProps & { deployment: Deployment }) {
  const chainId = deployment.chainId;
  const address = deployment.address as Address;
  const chain = getChain({ chainId });
  const currency = chain.chain.nativeCurrency.symbol;
  const errorContext = { chainName: chain.name, currencySymbol: currency };
  const connection = useConnection();
  const switchChain = useSwitchChain();
  const config = useConfig();
  const account = connection.address;
  // Before a wallet prompt the cards say what it would cost: gas for the call × the network's gas price.
  const estimateFee = useCallback(
    async (data: Hex, to: Address = address) => {
      const publicClient = await walletPublicClient(config, chainId);
      return estimateCallsFee({ publicClient, account: account as Address, calls: [{ to, data }] });
    },
    [account, address, chainId, config],
  );
  const isConnected = connection.status === 'connected';
  const isWrongNetwork = isConnected && connection.chainId !== chainId;
  const chainState = useDropChainState({ chainId, address });
  const actions = useDropActions({ chainId, address });
  const serverState = useServerDropState(publication.slug, !isConnected || isWrongNetwork);
  const state = chainState.data;
  const owner = state?.owner ?? deployment.deployer;
  const permissions = state
    ? dropPermissions({ account: connection.address, owner: state.owner, payoutAddress: state.payoutAddress })
    : { isOwner: false, canWithdraw: false };
  const notOwner = notOwnerMessage(connection.address, owner);

  const context: DropContext | null =
    state && isConnected && !isWrongNetwork
      ? {
          chainId,
          currency,
          state,
          canManage: permissions.isOwner,
          canWithdraw: permissions.canWithdraw,
          actions,
          estimateFee,
        }
      : null;

  const summary = state
    ? summaryFromChain(state)
    : serverState.data?.state
      ? summaryFromServer(serverState.data.state)
      : null;

  return (
    <section className="llc-drop" aria-labelledby="llc-drop-title">
      <div className="llc-drop-head">
        <h3 id="llc-drop-title" className="llc-section-label">
          Run the drop
        </h3>
        {context ? (
          <Button
            icon={<ReloadOutlined aria-hidden="true" />}
            onClick={() => void chainState.refetch()}
            loading={chainState.isFetching}
          >
            Refresh
          </Button>
        ) : null}
      </div>
      <p className="llc-muted llc-drop-intro">
        The sale of <strong>{deployment.name}</strong> on {chain.name} at{' '}
        <code className="llc-drop-hash" title={address}>
          {address}
        </code>
        . Every change is a transaction your wallet signs.
      </p>

      {!isConnected ? (
        <Alert type="info" showIcon title={`Connect the wallet that owns this contract (${owner}).`} />
      ) : isWrongNetwork ? (
        <Alert
          type="warning"
          showIcon
          title={`Your wallet is on ${findLaunchChain(connection.chainId)?.name ?? `chain ${connection.chainId}`}`}
          description={
            <div className="llc-launch-switch">
              <span>Switch it to {chain.name} to run this drop.</span>
              <Button
                type="primary"
                loading={switchChain.isPending}
                onClick={() => switchChain.switchChain({ chainId })}
              >
                Switch to {chain.name}
              </Button>
            </div>
          }
        />
      ) : state && notOwner ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={notOwner}
          description={
            permissions.canWithdraw
              ? `This wallet (${shortAddress(connection.address ?? '')}) is the payout address: it can withdraw the funds, nothing else.`
              : `This wallet (${shortAddress(connection.address ?? '')}) can see the drop but not change it.`
          }
        />
      ) : null}
      {switchChain.isError ? (
        <Alert type="error" showIcon title={launchErrorMessage(switchChain.error, errorContext)} />
      ) : null}

      {chainState.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not read the contract through your wallet"
          description={launchErrorMessage(chainState.error, errorContext)}
          action={<Button onClick={() => void chainState.refetch()}>Try again</Button>}
        />
      ) : null}

      {summary ? (
        <>
          <DropSummaryList summary={summary} currency={currency} />
          {summary.source === 'server' ? (
            <Typography.Text className="llc-muted">
              As Layerloom last read it from the chain. Connect the owner&apos;s wallet on {chain.name} for
              the balance and the actions.
            </Typography.Text>
          ) : null}
        </>
      ) : chainState.isPending && isConnected && !isWrongNetwork ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : null}

      {context ? (
        <div className="llc-drop-cards">
          <PhaseCard context={context} />
          <PriceCard context={context} />
          <AllowlistCard collectionId={collectionId} context={context} />
          <AirdropCard context={context} />
          <RevealCard collectionId={collectionId} context={context} publication={publication} />
          <WithdrawCard collectionId={collectionId} context={context} />
          <ListingCard collectionId={collectionId} context={context} deployedAt={deployment.createdAt} />
          <MetadataUpdatesCard collectionId={collectionId} context={context} />
          <FreezeCard collectionId={collectionId} context={context} deployedAt={deployment.createdAt} />
        </div>
      ) : null}
    </section>
  );
}

/** "Run the drop" for the collection's newest deployment; nothing until a contract is recorded. */
export function DropPanel({ collectionId, publication }: DropPanelProps) {
  const deployments = useDeployments(collectionId);
  const newest = deployments.data?.[0];
  if (!newest) return null;
  // A new contract starts with a fresh screen (its own state, steps and forms).
  return (
    <DropArea key={newest.id} collectionId={collectionId} publication={publication} deployment={newest} />
  );
}
