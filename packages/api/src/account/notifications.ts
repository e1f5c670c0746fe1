import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/**
 * The kinds of optional mail a user can turn off, each with what it is about. Only kinds the product
 * actually sends are listed; account-safety mails (address verification, password reset and change,
 * email change, two-factor changes, account approval, deactivation and deletion, plan changes) are always
 * sent and are not here.
 */
export const notificationKinds = [
  {
    key: 'generation',
    label: 'Generation',
    description: 'Mail me when a collection finishes generating, or when it fails.',
  },
  {
    key: 'drops',
    label: 'Drop activity',
    description: 'Mail me when a contract of mine is deployed, its first token is minted, or it sells out.',
  },
  {
    key: 'referrals',
    label: 'Referrals',
    description: 'Mail me when someone signs up through my referral link.',
  },
  {
    key: 'mentions',
    label: 'Mentions',
    description: 'Mail me when a team member mentions me in a comment.',
  },
  {
    key: 'news',
    label: 'Product news',
    description: 'Mail me news about Layerloom now and then. Off until you turn it on.',
  },
] as const;
export type NotificationKind = (typeof notificationKinds)[number]['key'];

export const NotificationPreferencesSchema = z.object({
  generation: z.boolean(),
  drops: z.boolean(),
  referrals: z.boolean(),
  mentions: z.boolean(),
  news: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/**
 * `GET /api/v1/account/notifications`: which optional mails the user receives: each is on until changed,
 * but product news, which is opt-in.
 */
export const getNotificationPreferences = {
  method: 'GET',
  path: '/api/v1/account/notifications',
  response: successSchema(z.object({ preferences: NotificationPreferencesSchema })),
} as const;

/** `PUT /api/v1/account/notifications`: saves the toggles sent (the others keep their value). */
export const updateNotificationPreferences = {
  method: 'PUT',
  path: '/api/v1/account/notifications',
  body: NotificationPreferencesSchema.partial().strict(),
  response: successSchema(z.object({ preferences: NotificationPreferencesSchema })),
} as const;
