import type { Notification } from '@layerloom/api';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationTable } from '../../db/schema.ts';

type NotificationRow = Selectable<NotificationTable>;

/** A stored notification as the API shows it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as Notification['kind'],
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read_at !== null,
    createdAt: row.created_at,
  };
}

export async function insertNotification(db: Kysely<Database>, row: NotificationRow): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** The user's unread notifications. */
export async function countUnread(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every notification of the user, newest first (their data export). */
export async function allNotifications(db: Kysely<Database>, userId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One page of the user's notifications, newest first, and how many they have in all. */
export async function pageOfNotifications(
  db: Kysely<Database>,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { rows, total: Number(count?.count ?? 0) };
}

/** Marks one of the user's notifications read; undefined when the user has no such notification. */
export async function markRead(
  db: Kysely<Database>,
  userId: string,
  id: string,
  at: string,
): Promise<NotificationRow | undefined> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Marks every unread notification of the user read; returns how many were. */
export async function markAllRead(db: Kysely<Database>, userId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The ids of every admin (they are told about accounts waiting for review). */
export async function adminIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
  return rows.map((row) => row.id);
}
