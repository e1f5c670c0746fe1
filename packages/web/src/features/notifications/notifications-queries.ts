import type {
  ListNotificationsResponse,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NotificationEvent,
} from '@layerloom/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type EndpointRef } from '../../lib/api.ts';
import { sessionKey } from '../auth/session.ts';
import { useLiveEvents } from '../live/use-live-events.ts';

// By method and path only: the header's bell is on every dashboard page, whose first load carries no API
// schemas (zod).
const listEndpoint: EndpointRef<typeof listNotifications> = { method: 'GET', path: '/api/v1/notifications' };
const markReadEndpoint: EndpointRef<typeof markNotificationRead> = {
  method: 'POST',
  path: '/api/v1/notifications/:id/read',
};
const markAllReadEndpoint: EndpointRef<typeof markAllNotificationsRead> = {
  method: 'POST',
  path: '/api/v1/notifications/read-all',
};

export const notificationsKey = ['notifications'] as const;
export type NotificationsPage = ListNotificationsResponse['data'];

/** One page of the user's notifications (newest first) with the unread count; refreshed by live events. */
export function useNotifications(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...notificationsKey, page, pageSize],
    queryFn: async ({ signal }): Promise<NotificationsPage> =>
      (await call(listEndpoint, { query: { page, pageSize }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Refetches the notifications whenever one arrives or is read in another tab (live stream). */
export function useLiveNotifications() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: notificationsKey });
  useLiveEvents('notification', (data) => {
    refresh();
    // A new plan changes what the pages show (limits, the plan card): the session is read again.
    if ((data as Partial<NotificationEvent>).notification?.kind === 'plan_changed') {
      void client.invalidateQueries({ queryKey: sessionKey });
    }
  });
  useLiveEvents('notifications.read', refresh);
  useLiveEvents('resync', refresh);
}

/** Marks one notification read. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call(markReadEndpoint, { params: { id } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** Marks every notification read. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(markAllReadEndpoint)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
