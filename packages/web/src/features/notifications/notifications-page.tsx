import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotificationContent } from './notification-item.tsx';
import {
  useLiveNotifications,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from './notifications-queries.ts';
import './notifications.css';

const PAGE_SIZE = 10;

/** `/dashboard/notifications`: every notification, newest first, ten a page; mark one or all read. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  useLiveNotifications();
  const [page, setPage] = useState(1);
  const feedback = useFeedback();
  const list = useNotifications(page, PAGE_SIZE);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const data = list.data;

  return (
    <div className="lln-page">
      <header className="lln-page__head">
        <div>
          <h1 className="lln-page__title">Notifications</h1>
          <p className="lln-page__lead">
            {data
              ? `${data.unread} unread of ${data.total}`
              : 'What happened to your collections, drops and account.'}
          </p>
        </div>
        <Button
          disabled={!data || data.unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutateAsync().catch((error: unknown) => feedback.error(error))}
        >
          Mark all as read
        </Button>
      </header>
      {list.isError ? (
        <Alert type="error" showIcon message={errorMessage(list.error)} />
      ) : !data ? (
        <Skeleton active />
      ) : data.total === 0 ? (
        <Empty description="No notifications yet. They appear here when a generation finishes, a drop goes live and more." />
      ) : (
        <>
          <ul className="lln-page__list" aria-label="Notifications">
            {data.notifications.map((notification) => (
              <li key={notification.id} className="lln-page__row">
                <NotificationContent notification={notification} />
                <span className="lln-page__actions">
                  {notification.link ? (
                    <Link
                      to={notification.link}
                      onClick={() => {
                        if (!notification.read) markRead.mutate(notification.id);
                      }}
                    >
                      Open
                    </Link>
                  ) : null}
                  {notification.read ? null : (
                    <Button
                      size="small"
                      onClick={() =>
                        markRead.mutateAsync(notification.id).catch((error: unknown) => feedback.error(error))
                      }
                    >
                      Mark as read
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <Pagination
            className="lln-page__pager"
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={setPage}
            showSizeChanger={false}
            hideOnSinglePage
          />
        </>
      )}
    </div>
  );
}
