import { randomUUID } from 'node:crypto';
import {
  type BellKind,
  type Notification,
  type NotificationEvent,
  type NotificationKind,
  notificationKinds,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { sendSafely } from '../mail/mailer.ts';
import { notificationMail } from '../mail/templates.ts';
import * as repo from './bell.repository.ts';
import { wantsMail } from './notification-preferences.ts';

/** What `notify` needs of the app (workers and web nodes both have it). */
export type NotifyDeps = Pick<App, 'database' | 'live' | 'mail' | 'log' | 'config'>;

/** The Settings › Notification toggle each kind's mail obeys; kinds without a toggle always mail. */
const mailToggle: Partial<Record<BellKind, NotificationKind>> = {
  generation_finished: 'generation',
  generation_failed: 'generation',
  drop_deployed: 'drops',
  drop_first_mint: 'drops',
  drop_sold_out: 'drops',
  referral_signed_up: 'referrals',
  mention: 'mentions',
};

/**
 * The kinds Settings › Notification lists as account-safety mails, always sent (its Account-safety section
 * names a change of plan); their mail must not offer a toggle that does not exist.
 */
const alwaysMailed: ReadonlySet<BellKind> = new Set(['plan_changed']);

/** The mail's last line: which toggle it obeys, or that it cannot be turned off; none for the others. */
function mailFooter(kind: BellKind): string | null {
  const toggle = mailToggle[kind];
  if (toggle) {
    const label = notificationKinds.find((candidate) => candidate.key === toggle)?.label ?? toggle;
    return `You receive this because ${label} mails are on in Settings › Notification; turn them off there.`;
  }
  if (alwaysMailed.has(kind))
    return 'This mail is always sent and cannot be turned off: Settings › Notification lists it among the account-safety mails.';
  return null;
}

let lastStamp = 0;

/**
 * A creation time later than any this process gave before: notifications made in the same millisecond
 * (three sent in a row) would otherwise list in the random order of their ids.
 */
function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

export interface NoticeInput {
  kind: BellKind;
  title: string;
  body: string;
  /** The in-app path it is about, e.g. `/dashboard/collections/ID`. */
  link: string | null;
  /** False where another mail already tells the user (account decisions, the referral mail). Default true. */
  mail?: boolean;
}

/**
 * Tells a user something happened: stores a notification for the bell, sends it live to their open
 * tabs, and mails it when their notification settings allow the kind. Never fails the caller: a
 * notification that cannot be stored is logged.
 */
export async function notify(
  deps: NotifyDeps,
  userId: string,
  input: NoticeInput,
): Promise<Notification | undefined> {
  try {
    const row = {
      id: randomUUID(),
      user_id: userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      read_at: null,
      created_at: nextStamp(),
    };
    const db = deps.database.db;
    await repo.insertNotification(db, row);
    const notification = repo.toNotification(row);
    const event: NotificationEvent = { notification, unread: await repo.countUnread(db, userId) };
    await deps.live.send(userId, 'notification', event);
    const toggle = mailToggle[input.kind];
    if (input.mail !== false && (!toggle || (await wantsMail(db, userId, toggle)))) {
      const user = await db
        .selectFrom('users')
        .select(['email', 'first_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (user) {
        const url = input.link ? `${deps.config.publicUrl}${input.link}` : null;
        await sendSafely(
          deps.mail,
          deps.log,
          notificationMail(user.email, user.first_name, { ...input, url, footer: mailFooter(input.kind) }),
        );
      }
    }
    return notification;
  } catch (error) {
    deps.log.error({ err: error, kind: input.kind }, 'could not notify a user');
    return undefined;
  }
}

/** Tells every admin; used for accounts waiting for review. */
export async function notifyAdmins(deps: NotifyDeps, input: NoticeInput): Promise<void> {
  for (const id of await repo.adminIds(deps.database.db)) await notify(deps, id, input);
}
