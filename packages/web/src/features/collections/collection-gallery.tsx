import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import type { Collection } from '@layerloom/api';
import { Alert, Button, Drawer, Empty, Grid, Pagination, Segmented, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useTokens } from './collections-queries.ts';
import { formatCount, traitTypeLabel } from './format.ts';
import { type GallerySort, groupTraits, PAGE_SIZES, toggleTrait, traitKey } from './gallery-state.ts';
import { type GallerySelection, TokenGallery } from './token-gallery.tsx';
import { TraitFilterPanel } from './trait-filter-panel.tsx';
import { useGalleryState } from './use-gallery-state.ts';

/** "Showing 1–48 of 10,000" for the current page. */
function showingText(page: number, pageSize: number, total: number, filtered: boolean): string {
  if (total === 0) return filtered ? 'No matching tokens' : 'No tokens';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const of = `${formatCount(total)} ${filtered ? 'matching' : total === 1 ? 'token' : 'tokens'}`;
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${of}`;
}

/**
 * The gallery of a finished collection: server-paged, sortable, filterable by trait, state in the URL.
 * With `selection`, its tiles toggle which tokens a reroll keeps.
 */
export function CollectionGallery({
  collection,
  selection,
}: {
  collection: Collection;
  selection?: GallerySelection | undefined;
}) {
  const [state, setState] = useGalleryState();
  const tokens = useTokens(collection.id, state, true);
  const screens = Grid.useBreakpoint();
  const wide = screens.xl === true;
  const phone = screens.sm === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const traits = tokens.data?.traits;
  const selected = useMemo(
    () => groupTraits(state.traits, Object.keys(traits ?? {})),
    [state.traits, traits],
  );
  const total = tokens.data?.total ?? 0;
  const filtered = state.traits.length > 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));

  // A page beyond the end (an old link, or a narrower filter) moves to the last page that exists.
  useEffect(() => {
    if (tokens.data && !tokens.isPlaceholderData && state.page > lastPage) {
      setState({ ...state, page: lastPage }, { replace: true });
    }
  }, [tokens.data, tokens.isPlaceholderData, state, lastPage, setState]);

  const toPage = (page: number, pageSize: number) => {
    setState({ ...state, page: pageSize === state.pageSize ? page : 1, pageSize });
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const onToggle = (type: string, value: string, on: boolean) =>
    setState(toggleTrait(state, type, value, on));
  const onClear = () => setState({ ...state, page: 1, traits: [] });
  const panel = traits ? (
    <TraitFilterPanel
      traits={traits}
      selected={selected}
      onToggle={onToggle}
      onClear={onClear}
      showTitle={wide}
    />
  ) : (
    <Skeleton active paragraph={{ rows: 6 }} />
  );

  return (
    <section className="llc-gallery-section" aria-labelledby="llc-gallery-title">
      <div className="llc-gallery-head">
        <h2 id="llc-gallery-title" ref={headingRef} className="llc-section-title">
          Gallery
        </h2>
        <span className="llc-gallery-count" aria-live="polite">
          {/* From the answer shown, not the state asked for: the previous page stays until the next arrives. */}
          {tokens.data ? showingText(tokens.data.page, tokens.data.pageSize, total, filtered) : ''}
        </span>
      </div>
      <div className={wide ? 'llc-gallery-layout llc-gallery-layout-wide' : 'llc-gallery-layout'}>
        {wide ? (
          <aside className="llc-gallery-aside" aria-label="Filter by trait">
            {panel}
          </aside>
        ) : null}
        <div className="llc-gallery-main">
          <div className="llc-gallery-toolbar">
            {wide ? null : (
              <Button icon={<FilterOutlined />} onClick={() => setDrawerOpen(true)}>
                Filters{filtered ? ` (${state.traits.length})` : ''}
              </Button>
            )}
            <div className="llc-sort">
              <span className="llc-sort-label" id="llc-sort-label">
                Sort by
              </span>
              <Segmented<GallerySort>
                aria-labelledby="llc-sort-label"
                value={state.sort}
                onChange={(sort) => setState({ ...state, sort, page: 1 })}
                options={[
                  { value: 'edition', label: 'Edition' },
                  { value: 'rarity', label: 'Rarity rank' },
                ]}
              />
            </div>
          </div>
          {filtered ? (
            <ul className="llc-chips" aria-label="Active filters">
              {[...selected].flatMap(([type, values]) =>
                values.map((value) => (
                  <li key={traitKey(type, value)}>
                    <button
                      type="button"
                      className="llc-chip"
                      onClick={() => onToggle(type, value, false)}
                      aria-label={`Remove filter ${traitTypeLabel(type)}: ${value}`}
                    >
                      {traitTypeLabel(type)}: {value}
                      <CloseOutlined aria-hidden="true" />
                    </button>
                  </li>
                )),
              )}
              {wide ? null : (
                <li>
                  <Button type="link" size="small" onClick={onClear}>
                    Clear all
                  </Button>
                </li>
              )}
            </ul>
          ) : null}
          {tokens.isPending ? (
            <ul className="llc-gallery" aria-label="Loading tokens">
              {Array.from({ length: 12 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={index}>
                  <div className="llc-gallery-placeholder" />
                </li>
              ))}
            </ul>
          ) : tokens.isError ? (
            <Alert
              type="error"
              showIcon
              title="The tokens could not be loaded"
              description={errorMessage(tokens.error)}
              action={
                <Button size="small" onClick={() => void tokens.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : total === 0 ? (
            <Empty description="No token has all of these traits.">
              <Button onClick={onClear}>Clear filters</Button>
            </Empty>
          ) : (
            <TokenGallery
              collectionId={collection.id}
              tokens={tokens.data.tokens}
              width={collection.width}
              height={collection.height}
              busy={tokens.isFetching && tokens.isPlaceholderData}
              revision={collection.revision}
              selection={selection}
            />
          )}
          {total > 0 ? (
            <nav className="llc-pager" aria-label="Gallery pages">
              <Pagination
                current={Math.min(state.page, lastPage)}
                pageSize={state.pageSize}
                total={total}
                onChange={toPage}
                showSizeChanger={!phone && total > PAGE_SIZES[0]}
                pageSizeOptions={PAGE_SIZES.map(String)}
                simple={phone}
                showLessItems={!wide}
                hideOnSinglePage={total <= PAGE_SIZES[0]}
              />
            </nav>
          ) : null}
        </div>
      </div>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title="Filter by trait"
        placement="left"
        footer={
          <Button type="primary" block onClick={() => setDrawerOpen(false)}>
            {tokens.data ? `Show ${formatCount(total)} ${total === 1 ? 'token' : 'tokens'}` : 'Show tokens'}
          </Button>
        }
      >
        {panel}
      </Drawer>
    </section>
  );
}
