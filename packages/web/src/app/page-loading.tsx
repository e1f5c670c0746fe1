import { Spin } from 'antd';

/** A centred spinner while a page's code or data loads. */
export function PageLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spin size="large" aria-label="Loading" />
    </div>
  );
}
