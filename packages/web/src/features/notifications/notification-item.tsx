import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  CommentOutlined,
  CreditCardOutlined,
  GiftOutlined,
  MessageOutlined,
  RocketOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { BellKind, Notification } from '@layerloom/api';
import type { ReactNode } from 'react';

const icons: Record<BellKind, ReactNode> = {
  generation_finished: <CheckCircleOutlined />,
  generation_failed: <CloseCircleOutlined />,
  drop_deployed: <RocketOutlined />,
  drop_sold_out: <RocketOutlined />,
  drop_first_mint: <RocketOutlined />,
  new_message: <MessageOutlined />,
  referral_signed_up: <GiftOutlined />,
  plan_changed: <CreditCardOutlined />,
  request_decision: <CheckCircleOutlined />,
  account_waiting: <UserAddOutlined />,
  mention: <CommentOutlined />,
};

/** "5 minutes ago", "yesterday"…, or the date for older ones. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** One notification's icon, title, text and age; unread ones are marked. Text only, never HTML. */
export function NotificationContent({ notification }: { notification: Notification }) {
  return (
    <span className={`lln-item${notification.read ? '' : ' lln-item--unread'}`}>
      <span className={`lln-item__icon lln-item__icon--${notification.kind}`} aria-hidden="true">
        {icons[notification.kind]}
      </span>
      <span className="lln-item__text">
        <span className="lln-item__title">
          {notification.read ? null : <span className="lln-sr">Unread: </span>}
          {notification.title}
        </span>
        <span className="lln-item__body">{notification.body}</span>
        <time className="lln-item__time" dateTime={notification.createdAt}>
          {timeAgo(notification.createdAt)}
        </time>
      </span>
    </span>
  );
}
