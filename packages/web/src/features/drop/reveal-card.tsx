import type { Publication } from '@layerloom/api';
import { reveal, setProvenanceHash } from '@layerloom/contracts';
import { App, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { usePlaceholder, useRecordReveal } from '../collections/use-placeholder.ts';
import { provenanceBytes32 } from '../launch/launch-form-values.ts';
import { provenanceCallData, revealCallData } from './drop-call-data.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { dropNextAction } from './drop-next-action.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';

/**
 * The provenance hash (once, before the first mint) and the one-way reveal at the published base URI. After
 * the reveal's transaction, Layerloom is told so it starts serving the art it kept behind the placeholder.
 */
export function RevealCard({
  collectionId,
  context,
  publication,
}: {
  collectionId: string;
  context: DropContext;
  publication: Publication;
}) {
  const { modal } = App.useApp();
  const { state, canManage, actions, chainId } = context;
  const publishedHash = provenanceBytes32(publication.provenanceHash);
  const isLocked = state.totalSupply > 0n;
  const placeholder = usePlaceholder(collectionId);
  const recordReveal = useRecordReveal(collectionId);
  const isArtHidden = Boolean(placeholder.data && !placeholder.data.revealedAt);

  // Revealed on chain but not yet known to Layerloom (the page closed right after the transaction, or the
  // contract was revealed elsewhere): tell it once, so the art is served without waiting.
  const told = useRef(false);
  const { mutate: tellRevealed } = recordReveal;
  useEffect(() => {
    if (!state.revealed || !isArtHidden || told.current) return;
    told.current = true;
    tellRevealed();
  }, [isArtHidden, state.revealed, tellRevealed]);

  const setProvenance = () =>
    void actions.run([
      {
        action: 'provenance',
        title: 'Set the provenance hash',
        send: (clients) => setProvenanceHash({ ...clients, provenanceHash: publishedHash }),
      },
    ]);

  const confirmReveal = () =>
    modal.confirm({
      title: 'Reveal the collection?',
      content: `Every token will show its own metadata and image from ${publication.baseUri}${isArtHidden ? ' instead of the placeholder, and the art becomes public' : ''}. A reveal cannot be undone.`,
      okText: 'Reveal',
      cancelText: 'Cancel',
      onOk: () => {
        void actions
          .run([
            {
              action: 'reveal',
              title: 'Reveal the tokens',
              send: (clients) => reveal({ ...clients, baseURI: publication.baseUri }),
            },
          ])
          .then((ok) => {
            if (ok && isArtHidden) {
              told.current = true;
              recordReveal.mutate();
            }
          });
      },
    });

  return (
    <DropCard id="reveal" title="Provenance and reveal">
      <div className="llc-drop-row">
        <span className="llc-drop-label">Provenance hash</span>
        {state.provenanceHash ? (
          <>
            <code className="llc-drop-hash">{state.provenanceHash}</code>
            <span
              className={
                state.provenanceHash.toLowerCase() === publishedHash ? 'llc-drop-ok' : 'llc-drop-bad'
              }
            >
              {state.provenanceHash.toLowerCase() === publishedHash
                ? 'Matches the publication.'
                : 'Differs from the publication.'}
            </span>
          </>
        ) : isLocked ? (
          <span className="llc-muted">Not set, and locked now that tokens are minted.</span>
        ) : (
          <div className="llc-drop-buttons">
            <span className="llc-muted">
              Not set yet. It can be set once, before the first mint, to the publication&apos;s{' '}
              <code className="llc-drop-hash">{publishedHash}</code>
            </span>
            <Button
              disabled={!canManage || actions.isRunning}
              loading={actions.running === 'provenance'}
              onClick={setProvenance}
            >
              Set the provenance hash
            </Button>
            {canManage ? <FeeHint context={context} data={provenanceCallData(publishedHash)} /> : null}
          </div>
        )}
      </div>
      <div className="llc-drop-row">
        <span className="llc-drop-label">Reveal</span>
        {state.revealed ? (
          <>
            <div className="llc-drop-buttons">
              <Button disabled>Revealed</Button>
            </div>
            <span className="llc-muted">
              Tokens show their metadata at <code className="llc-drop-hash">{state.baseURI}</code>
            </span>
          </>
        ) : (
          <>
            <span className="llc-muted">
              {state.preRevealURI
                ? 'Tokens show the placeholder until the reveal, which is one-way.'
                : 'Tokens have no placeholder yet: until the reveal, which is one-way, their URI is empty.'}
            </span>
            <div className="llc-drop-buttons">
              <Button
                type={dropNextAction(state) === 'reveal' ? 'primary' : 'default'}
                disabled={!canManage || actions.isRunning}
                loading={actions.running === 'reveal'}
                onClick={confirmReveal}
              >
                Reveal…
              </Button>
              {canManage ? <FeeHint context={context} data={revealCallData(publication.baseUri)} /> : null}
            </div>
          </>
        )}
      </div>
      {state.revealed && recordReveal.isError ? (
        <p className="llc-drop-bad" role="alert">
          Layerloom could not confirm the reveal yet ({errorMessage(recordReveal.error)}); it serves the art
          as soon as it reads the reveal on chain.
        </p>
      ) : null}
      <DropSteps steps={actions.steps} actions={['provenance', 'reveal']} chainId={chainId} />
    </DropCard>
  );
}
