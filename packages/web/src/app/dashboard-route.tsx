import { RequireUser } from '../features/auth/require-user.tsx';
import { DashboardLayout } from '../features/dashboard/dashboard-layout.tsx';
import { WorkspaceProvider } from '../features/workspaces/workspace-context.tsx';

/** `/dashboard/*`: the signed-in frame, for signed-in users only, in the workspace they chose. */
export function DashboardRoute() {
  return (
    <RequireUser>
      <WorkspaceProvider>
        <DashboardLayout />
      </WorkspaceProvider>
    </RequireUser>
  );
}
