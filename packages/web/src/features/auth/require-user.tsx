import { useQueryClient } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSession, wasSignedOut } from './session.ts';

/**
 * Renders its children for a signed-in user (an admin when `admin`); sends visitors to login and back
 * after, and someone who just logged out to the home page.
 */
export function RequireUser({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const client = useQueryClient();
  if (session.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <Spin size="large" aria-label="Loading" />
      </div>
    );
  }
  if (!session.data) {
    // Logging out is leaving on purpose: home, not a login form asking to come back.
    if (wasSignedOut(client)) return <Navigate to="/" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (admin && session.data.role !== 'admin') return <AdminsOnly />;
  return children;
}

/** What a signed-in non-admin sees at an admin page. */
function AdminsOnly() {
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
