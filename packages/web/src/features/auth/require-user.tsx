import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, wasSignedOut } from './session.ts';

const AdminsOnly = lazy(() => import('./admins-only.tsx').then((module) => ({ default: module.AdminsOnly })));

/**
 * Renders its children for a signed-in user (an admin when `admin`); sends visitors to login and back
 * after, and someone who just logged out to the home page.
 */
export function RequireUser({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const client = useQueryClient();
  const loading = (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Spin size="large" aria-label="Loading" />
    </div>
  );
  if (session.isPending) return loading;
  if (!session.data) {
    // Logging out is leaving on purpose: home, not a login form asking to come back.
    if (wasSignedOut(client)) return <Navigate to="/" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (admin && session.data.role !== 'admin') {
    return (
      <Suspense fallback={loading}>
        <AdminsOnly />
      </Suspense>
    );
  }
  return children;
}
