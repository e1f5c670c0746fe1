import { BellOutlined } from '@ant-design/icons';
import type { Notification } from '@layerloom/api';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import {
  useLiveNotifications,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from './notifications-queries.ts';
import './notifications.css';

/**
 * The dropdown's list comes when the bell is first opened, not with every dashboard page (the popup is only
 * drawn once opened); pointing at or focusing the bell starts loading it.
 */
const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(() => loadPanel().then((module) => ({ default: module.NotificationPanel })));

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
    <Suspense
      fallback={
        <div className="lln-panel">
          <div className="lln-panel__state">
            <Spin />
          </div>
        </div>
      }
    >
      <NotificationPanel
        latest={latest}
        unread={unread}
        isMarkingAll={markAll.isPending}
        onMarkAll={() => markAll.mutateAsync().catch((error: unknown) => feedback.error(error))}
        onOpen={(notification) => void onOpen(notification)}
        onClose={() => setOpen(false)}
      />
    </Suspense>
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
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        icon={
          <Badge count={unread} size="small" overflowCount={99} className="lln-bell__badge">
            <BellOutlined />
          </Badge>
        }
      />
    </Popover>
  );
}
