import { LockOutlined, RedoOutlined } from '@ant-design/icons';
import type { Amendment, Collection } from '@layerloom/api';
import { Alert, App, Button, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useAmendments, useReroll, useRerollChanges } from './amendments-queries.ts';
import { ChangeByline } from './change-byline.tsx';
import { tokenThumbnailUrl } from './collections-queries.ts';
import { formatCount } from './format.ts';
import './amendments.css';

const CHANGES_PAGE = 12;

/** "3 kept · 5 to reroll". */
export function keptSummary(kept: number, size: number): string {
  return `${formatCount(kept)} kept · ${formatCount(size - kept)} to reroll`;
}

/**
 * Lock and reroll: the user picks the tokens to keep in the gallery (`kept` is null until they start),
 * then rerolls every other one as a background job; below, the latest reroll before and after. Shown only
 * until the collection is published (its tokens are final then).
 */
export function RerollPanel({
  collection,
  kept,
  onKeptChange,
}: {
  collection: Collection;
  kept: ReadonlySet<number> | null;
  onKeptChange: (kept: Set<number> | null) => void;
}) {
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const reroll = useReroll(collection.id);
  const amendments = useAmendments(collection.id, true);
  const latest = amendments.data?.find(
    (amendment) => amendment.kind === 'reroll' && amendment.status === 'done',
  );
  const toReroll = kept ? collection.size - kept.size : 0;

  const onReroll = () => {
    if (!kept) return;
    modal.confirm({
      title: `Reroll ${formatCount(toReroll)} ${toReroll === 1 ? 'token' : 'tokens'}?`,
      icon: <RedoOutlined />,
      content:
        kept.size > 0
          ? `The ${formatCount(kept.size)} kept ${kept.size === 1 ? 'token stays' : 'tokens stay'} exactly as ${kept.size === 1 ? 'it is' : 'they are'}; every other token gets new traits under the same rules, all still unique. The replaced versions stay visible under “Before and after”.`
          : 'Every token gets new traits under the same rules, all still unique. The replaced versions stay visible under “Before and after”.',
      okText: 'Reroll',
      cancelText: 'Not now',
      onOk: () =>
        reroll.mutateAsync({ keep: [...kept].sort((a, b) => a - b) }).then(
          () => {
            feedback.success('Reroll started');
            onKeptChange(null);
          },
          (error: unknown) => feedback.notifyError('Could not reroll', error),
        ),
    });
  };

  return (
    <section className="llc-panel llc-amend-panel" aria-labelledby="llc-reroll-title">
      <h2 id="llc-reroll-title" className="llc-section-title">
        Lock and reroll
      </h2>
      <p className="llc-muted">
        Keep the tokens you like and draw new traits for the rest, under the same rules and with every token
        still unique. Kept tokens stay byte for byte; rarity ranks, IPFS CIDs and downloads are recomputed.
      </p>
      {kept ? (
        <div className="llc-reroll-bar">
          <span className="llc-reroll-count" aria-live="polite">
            <LockOutlined aria-hidden="true" /> {keptSummary(kept.size, collection.size)}
          </span>
          <span className="llc-muted llc-reroll-hint">Select tokens in the gallery below to keep them.</span>
          <div className="llc-reroll-actions">
            <Button onClick={() => onKeptChange(null)}>Cancel</Button>
            <Button
              icon={<RedoOutlined />}
              disabled={toReroll === 0}
              loading={reroll.isPending}
              onClick={onReroll}
            >
              Reroll {formatCount(toReroll)} {toReroll === 1 ? 'token' : 'tokens'}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button icon={<LockOutlined />} onClick={() => onKeptChange(new Set())}>
            Choose tokens to keep
          </Button>
        </div>
      )}
      {amendments.isError ? (
        <Alert
          type="error"
          showIcon
          title="The history could not be loaded"
          description={errorMessage(amendments.error)}
        />
      ) : null}
      {latest ? <RerollChanges collection={collection} amendment={latest} /> : null}
      {amendments.data && amendments.data.length > 0 ? (
        <AmendmentHistory amendments={amendments.data} />
      ) : null}
    </section>
  );
}

/** The latest reroll's tokens: the image and traits before, the image and traits now. */
function RerollChanges({ collection, amendment }: { collection: Collection; amendment: Amendment }) {
  const [page, setPage] = useState(1);
  const changes = useRerollChanges(collection.id, amendment.id, page, CHANGES_PAGE);
  return (
    <div className="llc-changes">
      <h3 className="llc-changes-title">Before and after</h3>
      {changes.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : changes.isError ? (
        <Alert
          type="error"
          showIcon
          title="The reroll could not be loaded"
          description={errorMessage(changes.error)}
        />
      ) : (
        <>
          <ul className="llc-changes-list">
            {changes.data.changes.map((change) => {
              const before = new Map(change.before.attributes.map((a) => [a.trait_type, String(a.value)]));
              const changed = change.after.attributes.filter(
                (a) => before.get(a.trait_type) !== String(a.value),
              );
              return (
                <li key={change.edition} className="llc-change">
                  <figure>
                    <img
                      src={change.before.image}
                      alt={`${change.before.name} before the reroll`}
                      width={collection.width}
                      height={collection.height}
                      className={collection.width <= 256 ? 'llc-pixelated' : undefined}
                    />
                    <figcaption>Before</figcaption>
                  </figure>
                  <span className="llc-change-arrow" aria-hidden="true">
                    →
                  </span>
                  <figure>
                    <img
                      src={tokenThumbnailUrl(collection.id, change.edition, collection.revision)}
                      alt={`${change.after.name} after the reroll`}
                      width={collection.width}
                      height={collection.height}
                      className={collection.width <= 256 ? 'llc-pixelated' : undefined}
                    />
                    <figcaption>After</figcaption>
                  </figure>
                  <div className="llc-change-traits">
                    <strong>#{change.edition}</strong>
                    <ul aria-label={`Traits changed on #${change.edition}`}>
                      {changed.map((attribute) => (
                        <li key={attribute.trait_type}>
                          {attribute.trait_type}: {before.get(attribute.trait_type) ?? 'none'} →{' '}
                          {String(attribute.value)}
                        </li>
                      ))}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ul>
          <Pagination
            size="small"
            current={page}
            pageSize={CHANGES_PAGE}
            total={changes.data.total}
            onChange={setPage}
            hideOnSinglePage
          />
        </>
      )}
    </div>
  );
}

/** Who changed the collection's tokens, when, and what. */
function AmendmentHistory({ amendments }: { amendments: readonly Amendment[] }) {
  return (
    <div className="llc-changes">
      <h3 className="llc-changes-title">History</h3>
      <ol className="llc-history">
        {amendments.map((amendment) => (
          <li key={amendment.id}>
            <span>
              {amendment.kind === 'reroll'
                ? `Rerolled ${formatCount(amendment.editions.length)} ${amendment.editions.length === 1 ? 'token' : 'tokens'}`
                : `Added ${formatCount(amendment.editions.length)} ${amendment.editions.length === 1 ? 'token' : 'tokens'} (#${formatCount(amendment.editions[0] ?? 0)}–#${formatCount(amendment.editions.at(-1) ?? 0)})`}
            </span>
            <ChangeByline change={amendment} />
          </li>
        ))}
      </ol>
    </div>
  );
}
