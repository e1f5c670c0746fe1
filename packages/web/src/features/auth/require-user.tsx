import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './session.ts';

/** Renders its children for a signed-in user (an admin when `admin`); sends visitors to login and back after. */
export function RequireUser({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <Spin size="large" aria-label="Loading" />
      </div>
    );
  }
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (admin && session.data.role !== 'admin') {
    return <Result status="403" title="Admins only" subTitle="This page is for Layerloom administrators." />;
  }
  return children;
}
