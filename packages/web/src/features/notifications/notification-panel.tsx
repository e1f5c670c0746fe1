import type { Notification } from '@layerloom/api';
import { Button, Empty, Spin } from 'antd';
import { Link } from 'react-router';
import { NotificationContent } from './notification-item.tsx';
import type { useNotifications } from './notifications-queries.ts';

/**
 * The bell's dropdown: the latest notifications, each opening what it is about, with "Mark all as read" and
 * a link to the full list. Loaded when the bell is first opened (or pointed at), not with every dashboard
 * page; the bell keeps the state and the requests.
 */
export function NotificationPanel({
  latest,
  unread,
  isMarkingAll,
  onMarkAll,
  onOpen,
  onClose,
}: {
  latest: ReturnType<typeof useNotifications>;
  unread: number;
  isMarkingAll: boolean;
  onMarkAll: () => void;
  onOpen: (notification: Notification) => void;
  onClose: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the dropdown from any control inside it.
    <div
      className="lln-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="lln-panel__head">
        <h2 className="lln-panel__title">Notifications</h2>
        <Button type="link" size="small" disabled={unread === 0} loading={isMarkingAll} onClick={onMarkAll}>
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
              <button type="button" className="lln-list__button" onClick={() => onOpen(notification)}>
                <NotificationContent notification={notification} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="lln-panel__foot">
        <Link to="/dashboard/notifications" onClick={onClose}>
          See all notifications
        </Link>
      </div>
    </div>
  );
}
