import type { Marketplace } from '@layerloom/api';
import { freezeMetadata, layerloomCollectionAbi } from '@layerloom/contracts';
import { Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { encodeFunctionData } from 'viem';
import { errorMessage } from '../../lib/api-error.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import { FROZEN_REASON, freezeRefusals } from './marketplace-status.ts';
import { useMarketplace } from './use-marketplace.ts';
import './marketplace-cards.css';
import { useMetadataTransaction } from './use-metadata-transaction.ts';

/**
 * "Freeze metadata forever": makes the tokens' metadata and the marketplace listing permanent on chain
 * (`freezeMetadata`, one-way). Every reason it cannot be done yet is shown before the click, and the
 * owner types the collection's name to confirm.
 */
export function FreezeCard({
  collectionId,
  context,
  deployedAt,
}: {
  collectionId: string;
  context: DropContext;
  deployedAt: string;
}) {
  const marketplace = useMarketplace(collectionId);
  return (
    <DropCard id="freeze" title="Freeze metadata forever">
      {marketplace.data ? (
        <Freeze
          collectionId={collectionId}
          context={context}
          deployedAt={deployedAt}
          marketplace={marketplace.data}
        />
      ) : marketplace.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(marketplace.error)}
        </Typography.Text>
      ) : null}
    </DropCard>
  );
}

function Freeze({
  collectionId,
  context,
  deployedAt,
  marketplace,
}: {
  collectionId: string;
  context: DropContext;
  deployedAt: string;
  marketplace: Marketplace;
}) {
  const { state, canManage, actions, chainId } = context;
  const { send, record } = useMetadataTransaction(collectionId, context);
  const [isAsking, setIsAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const refusals = freezeRefusals(marketplace, state, deployedAt);
  const isFrozen = refusals[0] === FROZEN_REASON;
  const freeze = marketplace.updates.find((update) => update.kind === 'freeze');
  const isConfirmed = typed.trim() === state.name;

  const close = () => {
    setIsAsking(false);
    setTyped('');
  };
  const confirm = () => {
    close();
    void send('freeze', 'Freeze the metadata', (clients) => freezeMetadata(clients));
  };

  if (isFrozen) {
    return (
      <>
        <p className="llc-drop-label llc-drop-ok">{FROZEN_REASON}.</p>
        <p className="llc-drop-hint llc-muted">
          {freeze
            ? `Frozen on ${new Date(freeze.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}. `
            : ''}
          Tokens read their metadata from <code className="llc-drop-hash">{state.baseURI}</code> for good, and
          the listing cannot change.
        </p>
        <DropSteps steps={actions.steps} actions={['freeze']} chainId={chainId} />
      </>
    );
  }

  const disabledReasons = canManage ? refusals : ['Only the contract’s owner can freeze it.', ...refusals];
  return (
    <>
      <p className="llc-drop-hint">
        Freezing makes the tokens&apos; metadata and the marketplace listing permanent on chain, so collectors
        know they will never change. <strong>It cannot be undone</strong>: no edit, no new address, ever.
      </p>
      {disabledReasons.length > 0 ? (
        <div className="llc-drop-row">
          <span className="llc-drop-label" id="llc-freeze-refusals-title">
            Not possible yet
          </span>
          <ul
            id="llc-freeze-refusals"
            className="llc-drop-problems"
            aria-labelledby="llc-freeze-refusals-title"
          >
            {disabledReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="llc-drop-buttons">
        <Button
          danger
          disabled={disabledReasons.length > 0 || actions.isRunning}
          loading={actions.running === 'freeze'}
          onClick={() => setIsAsking(true)}
          aria-describedby={disabledReasons.length > 0 ? 'llc-freeze-refusals' : undefined}
        >
          Freeze metadata forever…
        </Button>
        {disabledReasons.length === 0 ? (
          <FeeHint
            context={context}
            data={encodeFunctionData({ abi: layerloomCollectionAbi, functionName: 'freezeMetadata' })}
          />
        ) : null}
      </div>
      {record.isError ? (
        <Typography.Text type="danger" role="alert">
          The transaction went through, but Layerloom could not record it: {errorMessage(record.error)}
        </Typography.Text>
      ) : null}
      <DropSteps steps={actions.steps} actions={['freeze']} chainId={chainId} />
      <Modal
        open={isAsking}
        title="Freeze the metadata forever?"
        okText="Freeze forever"
        okButtonProps={{ danger: true, disabled: !isConfirmed }}
        cancelText="Cancel"
        onOk={confirm}
        onCancel={close}
        destroyOnHidden
      >
        <p>
          The contract will always read token metadata from{' '}
          <code className="llc-drop-hash">{state.baseURI}</code> and the listing from{' '}
          <code className="llc-drop-hash">{state.contractURI}</code>. No one, you included, can change them
          afterwards. This cannot be undone.
        </p>
        <label className="llc-drop-file llc-freeze-confirm" htmlFor="llc-freeze-confirm">
          <span>
            Type <strong>{state.name}</strong> to confirm
          </span>
          <Input
            id="llc-freeze-confirm"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
        </label>
      </Modal>
    </>
  );
}
