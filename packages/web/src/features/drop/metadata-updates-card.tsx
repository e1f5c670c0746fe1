import type { Marketplace, MetadataUpdate } from '@layerloom/api';
import { emitMetadataUpdate, layerloomCollectionAbi, setBaseURI } from '@layerloom/contracts';
import { Button, Typography } from 'antd';
import { encodeFunctionData, maxUint256 } from 'viem';
import { errorMessage } from '../../lib/api-error.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import { metadataUpdatePlan } from './marketplace-status.ts';
import { useMarketplace } from './use-marketplace.ts';
import './marketplace-cards.css';
import { useMetadataTransaction } from './use-metadata-transaction.ts';

const kindWords: Record<MetadataUpdate['kind'], string> = {
  'contract-uri': 'Listing updated',
  'base-uri': 'Metadata moved',
  refresh: 'Marketplaces told to refresh',
  freeze: 'Metadata frozen',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Metadata on marketplaces": after the reveal, points the contract at new metadata (`setBaseURI`) or tells
 * marketplaces to read it again (EIP-4906 `BatchMetadataUpdate`), with what changed and the last update.
 */
export function MetadataUpdatesCard({
  collectionId,
  context,
}: {
  collectionId: string;
  context: DropContext;
}) {
  const marketplace = useMarketplace(collectionId);
  return (
    <DropCard id="metadata-updates" title="Metadata on marketplaces">
      {marketplace.data ? (
        <MetadataUpdates collectionId={collectionId} context={context} marketplace={marketplace.data} />
      ) : marketplace.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(marketplace.error)}
        </Typography.Text>
      ) : null}
    </DropCard>
  );
}

function MetadataUpdates({
  collectionId,
  context,
  marketplace,
}: {
  collectionId: string;
  context: DropContext;
  marketplace: Marketplace;
}) {
  const { state, canManage, actions, chainId } = context;
  const { send, record } = useMetadataTransaction(collectionId, context);
  const plan = metadataUpdatePlan(marketplace, state);
  const base = marketplace.metadataBaseUri ?? '';
  const disabledReason = plan.refusal ?? (canManage ? null : 'Only the contract’s owner can update it.');

  const update = () =>
    void send(
      'metadata',
      plan.action === 'set-base' ? 'Point the contract at the new metadata' : 'Tell marketplaces to refresh',
      (clients) =>
        plan.action === 'set-base'
          ? setBaseURI({ ...clients, baseURI: base })
          : emitMetadataUpdate({ ...clients, fromTokenId: 1n }),
    );

  return (
    <>
      <p className="llc-drop-hint llc-muted">
        Marketplaces keep a copy of each token&apos;s metadata. After an edit, the contract tells them to read
        it again (every token, one transaction).
      </p>
      <div className="llc-drop-row">
        <span className="llc-drop-label">What changed</span>
        {plan.changes.length > 0 ? (
          <ul className="llc-drop-problems" aria-label="Changes not on marketplaces yet">
            {plan.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        ) : (
          <span className="llc-muted">Nothing since marketplaces were last told.</span>
        )}
      </div>
      <div className="llc-drop-row" data-field="last-metadata-update">
        <span className="llc-drop-label">Last update</span>
        <span className="llc-muted">
          {plan.lastUpdate
            ? `${kindWords[plan.lastUpdate.kind]} on ${when(plan.lastUpdate.createdAt)}${plan.lastUpdate.kind === 'freeze' ? '' : `: ${plan.lastUpdate.detail}`}`
            : state.revealed
              ? 'None since the reveal, which told marketplaces about every token.'
              : 'None yet.'}
        </span>
      </div>
      <div className="llc-drop-buttons">
        <Button
          disabled={disabledReason !== null || actions.isRunning}
          loading={actions.running === 'metadata'}
          onClick={update}
          aria-describedby={disabledReason ? 'llc-metadata-update-disabled' : undefined}
        >
          Update metadata on marketplaces
        </Button>
        {disabledReason === null ? (
          <FeeHint
            context={context}
            data={
              plan.action === 'set-base'
                ? encodeFunctionData({
                    abi: layerloomCollectionAbi,
                    functionName: 'setBaseURI',
                    args: [base],
                  })
                : encodeFunctionData({
                    abi: layerloomCollectionAbi,
                    functionName: 'emitBatchMetadataUpdate',
                    args: [1n, maxUint256],
                  })
            }
          />
        ) : null}
      </div>
      {disabledReason ? (
        <p id="llc-metadata-update-disabled" className="llc-muted">
          {disabledReason}
        </p>
      ) : null}
      {record.isError ? (
        <Typography.Text type="danger" role="alert">
          The transaction went through, but Layerloom could not record it: {errorMessage(record.error)}
        </Typography.Text>
      ) : null}
      <DropSteps steps={actions.steps} actions={['metadata']} chainId={chainId} />
      {marketplace.updates.length > 0 ? (
        <details className="llc-drop-history">
          <summary>
            History ({marketplace.updates.length}{' '}
            {marketplace.updates.length === 1 ? 'transaction' : 'transactions'})
          </summary>
          <ol aria-label="Metadata transactions">
            {marketplace.updates.map((entry) => (
              <li key={entry.id}>
                <strong>{kindWords[entry.kind]}</strong> {when(entry.createdAt)}:{' '}
                <span className="llc-drop-hash">{entry.detail}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}
