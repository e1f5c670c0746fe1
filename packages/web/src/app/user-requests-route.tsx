import { UserRequestsPage } from '../features/admin/user-requests-page.tsx';
import { RequireUser } from '../features/auth/require-user.tsx';

/** `/dashboard/user-requests`: for admins only. */
export function UserRequestsRoute() {
  return (
    <RequireUser admin>
      <UserRequestsPage />
    </RequireUser>
  );
}
