import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PlainApp } from './app-shell.tsx';
import { plainButtonClass } from './plain-button.tsx';
import { CloseCircleFilled } from './plain-icons.tsx';

export { PageLoading } from './page-loading.tsx';

/**
 * Shown when a page fails to load or render: says so, and offers a way on. Built without antd (the look of
 * its Result), since it is part of the first load and must show even when no other code can be loaded.
 */
export function RouteError() {
  const error = useRouteError();
  const isChunkFailure =
    error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message);
  const title = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkFailure
      ? 'Layerloom was updated'
      : 'Something went wrong';
  useDocumentTitle(title);
  const subTitle = isChunkFailure
    ? 'Part of the app could not be loaded. Reload the page to get the newest version.'
    : 'This page could not be shown. Reload, or go back to the home page.';
  return (
    <PlainApp>
      <div className="ll-result">
        <div className="ll-result-icon">
          <CloseCircleFilled />
        </div>
        <div className="ll-result-title">{title}</div>
        <div className="ll-result-subtitle">{subTitle}</div>
        <div className="ll-result-extra">
          <button
            type="button"
            className={plainButtonClass({ type: 'primary' })}
            onClick={() => window.location.reload()}
          >
            <span>Reload</span>
          </button>
          <Link to="/" className={plainButtonClass({})}>
            <span>Home</span>
          </Link>
        </div>
      </div>
    </PlainApp>
  );
}
