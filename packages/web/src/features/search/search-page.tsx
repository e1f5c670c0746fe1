import type { SearchKind } from '@layerloom/api';
import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSession } from '../auth/session.ts';
import { useWorkspace } from '../workspaces/workspace-context.tsx';
import { SearchHitContent } from './search-hit.tsx';
import { hitKey, hitPath, kindLabels } from './search-links.ts';
import { useSearch } from './search-queries.ts';
import './search.css';

/** Results per kind and page. */
export const RESULTS_PAGE_SIZE = 10;

/** One kind's results with its own paging. */
function ResultSection({ kind, text }: { kind: SearchKind; text: string }) {
  const [page, setPage] = useState(1);
  const headingId = useId();
  const results = useSearch(text, { kind, page, pageSize: RESULTS_PAGE_SIZE });
  const { current } = useWorkspace();
  const group = results.data?.groups[0];
  const total = group?.total ?? 0;
  return (
    <section className="ll-search-page__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ll-search-page__kind">
        {kindLabels[kind]}
        {group && <span className="ll-search__count">{total.toLocaleString('en-US')}</span>}
      </h2>
      {results.isError ? (
        <Alert
          type="error"
          showIcon
          title={`${kindLabels[kind]} could not be searched`}
          description={errorMessage(results.error)}
          action={
            <Button size="small" onClick={() => void results.refetch()}>
              Retry
            </Button>
          }
        />
      ) : results.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : total === 0 ? (
        <p className="ll-search-page__none">
          No {kindLabels[kind].toLowerCase()} match “{text}”.
        </p>
      ) : (
        <>
          <ul className="ll-search-page__hits">
            {group?.hits.map((hit) => (
              <li key={hitKey(hit)}>
                <Link to={hitPath(hit, current.id)} className="ll-search-hit">
                  <SearchHitContent hit={hit} />
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            className="ll-search-page__pages"
            current={page}
            total={total}
            pageSize={RESULTS_PAGE_SIZE}
            onChange={setPage}
            hideOnSinglePage
            showSizeChanger={false}
            size="small"
          />
        </>
      )}
    </section>
  );
}

/**
 * Search results (`/dashboard/search?q=…`): every kind the user may search (their projects,
 * collections and tokens; users for admins), each with its own pages.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const text = (params.get('q') ?? '').trim();
  const user = useSession().data;
  useDocumentTitle(text ? `Search: ${text}` : 'Search');
  const kinds: SearchKind[] =
    user?.role === 'admin' ? ['project', 'collection', 'token', 'user'] : ['project', 'collection', 'token'];
  return (
    <div className="ll-search-page">
      <h1 className="ll-search-page__title ll-display">{text ? `Results for “${text}”` : 'Search'}</h1>
      {text ? (
        <p className="ll-search-page__lead">
          Names of the projects and collections in your workspaces, their tokens by trait (“gold hat”) or
          edition (“#12”)
          {user?.role === 'admin' ? ', and users by name or email' : ''}.
        </p>
      ) : null}
      {!text ? (
        <Empty description="Type in the search box at the top (press / to get there) to find projects, collections and tokens." />
      ) : (
        <div className="ll-search-page__sections">
          {kinds.map((kind) => (
            <ResultSection key={`${kind}:${text}`} kind={kind} text={text} />
          ))}
        </div>
      )}
    </div>
  );
}
