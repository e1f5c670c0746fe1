import type { User } from '@layerloom/api';
import { Avatar } from 'antd';
import { initials } from '../auth/session.ts';

/** The signed-in user's avatar: their picture, else their initials. */
export function UserAvatar({ user, size = 40 }: { user: User; size?: number }) {
  return user.avatar ? (
    <Avatar size={size} src={user.avatar} alt="" />
  ) : (
    <Avatar size={size} className="ll-avatar" aria-hidden="true">
      {initials(user)}
    </Avatar>
  );
}

/**
 * Avatar and first and last name, as the dashboard header shows them. The user is known by their name: their
 * ID is an internal key, shown (short, copyable) on Profile only.
 */
export function UserBadge({ user, compact = false }: { user: User; compact?: boolean }) {
  const name = `${user.name.first} ${user.name.last}`;
  return (
    <div className="ll-user-badge">
      <UserAvatar user={user} size={compact ? 36 : 40} />
      {!compact && (
        <div className="ll-user-badge__text">
          <span className="ll-user-badge__name">{name}</span>
        </div>
      )}
    </div>
  );
}
