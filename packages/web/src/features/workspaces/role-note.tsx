import { LockOutlined } from '@ant-design/icons';
import type { Permission } from './permissions.ts';

/**
 * Why a control is disabled for the member's role, shown beside it (its `id` is what the control's
 * aria-describedby names); nothing when the role allows it.
 */
export function RoleNote({ id, permission }: { id: string; permission: Permission }) {
  if (permission.allowed) return null;
  return (
    <p id={id} className="llw-role-note">
      <LockOutlined aria-hidden="true" /> {permission.reason}
    </p>
  );
}
