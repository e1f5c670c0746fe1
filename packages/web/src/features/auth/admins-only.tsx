import { Result } from 'antd';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * What a signed-in non-admin sees at an admin page. Its own module, loaded only then: antd's Result (with
 * its pictures) is not part of every dashboard page's first load.
 */
export function AdminsOnly() {
  useDocumentTitle('Admins only');
  // antd's subtitle grey (#8c8c8c-like) is below 4.5:1 on the dashboard's background.
  return (
    <Result
      status="403"
      title="Admins only"
      subTitle={<span style={{ color: '#4a4366' }}>This page is for Layerloom administrators.</span>}
    />
  );
}
