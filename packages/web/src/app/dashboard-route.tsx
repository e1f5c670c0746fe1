import { RequireUser } from '../features/auth/require-user.tsx';
import { DashboardLayout } from '../features/dashboard/dashboard-layout.tsx';

/** `/dashboard/*`: the signed-in frame, for signed-in users only. */
export function DashboardRoute() {
  return (
    <RequireUser>
      <DashboardLayout />
    </RequireUser>
  );
}
