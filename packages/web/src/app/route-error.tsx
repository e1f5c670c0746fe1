import { Button, Result, Spin } from 'antd';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** A centred spinner while a page's code or data loads. */
export function PageLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spin size="large" aria-label="Loading" />
    </div>
  );
}

/** Shown when a page fails to load or render: says so, and offers a way on. */
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
    <Result
      status="error"
      title={title}
      subTitle={subTitle}
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>,
        <Link key="home" to="/">
          <Button>Home</Button>
        </Link>,
      ]}
    />
  );
}
