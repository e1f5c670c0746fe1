import { Outlet } from 'react-router';

// Temporary: replaced by the dashboard shell this session.
export function DashboardLayout() {
  return <Outlet />;
}
