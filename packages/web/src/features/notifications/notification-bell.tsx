import { BellOutlined } from '@ant-design/icons';
import type { Notification } from '@layerloom/api';
import { Badge, Button, Empty, Popover, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { NotificationContent } from './notification-item.tsx';
import {
  useLiveNotifications,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from './notifications-queries.ts';
import './notifications.css';

/** How many notifications the bell's dropdown shows. */
export const BELL_LATEST = 6;

/**
 * The header's bell: the unread count as a badge, and a dropdown of the latest notifications, each
 * opening what it is about (and marked read), with "Mark all as read" and a link to the full list.
 * Live: a notification or a read mark from another tab updates it at once.
 */
export function NotificationBell() {
  useLiveNotifications();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const latest = useNotifications(1, BELL_LATEST);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = latest.data?.unread ?? 0;

  const onOpen = async (notification: Notification) => {
    setOpen(false);
    try {
      if (!notification.read) await markRead.mutateAsync(notification.id);
    } catch (error) {
      feedback.error(error);
    }
    if (notification.link) void navigate(notification.link);
  };

  const content = (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the dropdown from any control inside it.
    <div
      className="lln-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <div className="lln-panel__head">
        <h2 className="lln-panel__title">Notifications</h2>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutateAsync().catch((error: unknown) => feedback.error(error))}
        >
          Mark all as read
        </Button>
      </div>
      {latest.isPending ? (
        <div className="lln-panel__state">
          <Spin />
        </div>
      ) : latest.isError ? (
        <p className="lln-panel__state" role="alert">
          Notifications could not be loaded. Try again in a moment.
        </p>
      ) : latest.data.notifications.length === 0 ? (
        <Empty className="lln-panel__state" description="No notifications yet" />
      ) : (
        <ul className="lln-list" aria-label="Latest notifications">
          {latest.data.notifications.map((notification) => (
            <li key={notification.id}>
              <button type="button" className="lln-list__button" onClick={() => void onOpen(notification)}>
                <NotificationContent notification={notification} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="lln-panel__foot">
        <Link to="/dashboard/notifications" onClick={() => setOpen(false)}>
          See all notifications
        </Link>
      </div>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      // Shifted sideways to stay on a phone's screen instead of running off its left edge.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: 12 } }}
      classNames={{ root: 'lln-popover' }}
    >
      <Button
        type="text"
        shape="circle"
        size="large"
        className="lln-bell"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        icon={
          <Badge count={unread} size="small" overflowCount={99} className="lln-bell__badge">
            <BellOutlined />
          </Badge>
        }
      />
    </Popover>
  );
}
