import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import type { User } from '@layerloom/api';
import { Avatar, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
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

/** How long the copy button says "Copied", as antd's copyable text does. */
const COPIED_MS = 3000;

/**
 * Copies the whole user ID: the look and behaviour of antd's copyable Typography (an icon button with a
 * tooltip, a check for 3 s after copying) without Typography's code on the dashboard's first load.
 */
function CopyIdButton({ id }: { id: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  const label =
    state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the ID' : 'Copy full ID';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className={`ll-user-badge__copy ${state === 'copied' ? 'll-user-badge__copy--done' : ''}`}
        aria-label={label}
        onClick={() => void copy()}
      >
        {state === 'copied' ? <CheckOutlined /> : <CopyOutlined />}
      </button>
    </Tooltip>
  );
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
          <span className="ll-user-badge__id">
            <span className="ll-visually-hidden">User </span>ID: {shortId(user._id)}
            <CopyIdButton id={user._id} />
          </span>
        </div>
      )}
    </div>
  );
}
