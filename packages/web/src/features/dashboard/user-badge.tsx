import type { User } from '@layerloom/api';
import { Avatar, Typography } from 'antd';
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

/** "3f2a9c1b…": enough of an id to recognise it; the copy button copies the whole id. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

/** Avatar, first and last name and the (copyable) user ID, as the dashboard header shows them. */
export function UserBadge({ user, compact = false }: { user: User; compact?: boolean }) {
  const name = `${user.name.first} ${user.name.last}`;
  return (
    <div className="ll-user-badge">
      <UserAvatar user={user} size={compact ? 36 : 40} />
      {!compact && (
        <div className="ll-user-badge__text">
          <span className="ll-user-badge__name">{name}</span>
          <Typography.Text
            className="ll-user-badge__id"
            copyable={{ text: user._id, tooltips: ['Copy full ID', 'Copied'] }}
          >
            <span className="ll-visually-hidden">User </span>ID: {shortId(user._id)}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}
