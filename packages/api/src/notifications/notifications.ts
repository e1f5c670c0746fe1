import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** What a notification of the bell is about. */
export const BellKindSchema = z.enum([
  'generation_finished',
  'generation_failed',
  'drop_deployed',
  'drop_sold_out',
  'drop_first_mint',
  'new_message',
  'referral_signed_up',
  'plan_changed',
  'request_decision',
  'account_waiting',
  'mention',
]);
export type BellKind = z.infer<typeof BellKindSchema>;

/** One notification: its text, the in-app path it is about (or null), and whether it was read. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: BellKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The most notifications one page lists. */
export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;

/** `GET /api/v1/notifications`: the user's notifications, newest first, paged, with the unread count. */
export const listNotifications = {
  method: 'GET',
  path: '/api/v1/notifications',
  querystring: z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX).default(10),
  }),
  response: successSchema(
    z.object({
      notifications: z.array(NotificationSchema),
      total: z.number().int(),
      unread: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
  ),
} as const;
export type ListNotificationsResponse = z.infer<typeof listNotifications.response>;

/** `POST /api/v1/notifications/:id/read`: marks one notification read. */
export const markNotificationRead = {
  method: 'POST',
  path: '/api/v1/notifications/:id/read',
  params: z.object({ id: z.string().min(1).max(100) }),
  response: successSchema(z.object({ notification: NotificationSchema, unread: z.number().int() })),
} as const;

/** `POST /api/v1/notifications/read-all`: marks every notification of the user read. */
export const markAllNotificationsRead = {
  method: 'POST',
  path: '/api/v1/notifications/read-all',
  response: successSchema(z.object({ marked: z.number().int(), unread: z.number().int() })),
} as const;

/** The data of a live `notification` event: the new notification and the unread count after it. */
export const NotificationEventSchema = z.object({
  notification: NotificationSchema,
  unread: z.number().int(),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

/** The data of a live `notifications.read` event: which were read (null: all) and the unread count. */
export const NotificationsReadEventSchema = z.object({
  ids: z.array(z.string()).nullable(),
  unread: z.number().int(),
});
export type NotificationsReadEvent = z.infer<typeof NotificationsReadEventSchema>;
