import { randomUUID } from 'node:crypto';
import type { AdminAction, AdminActionKind } from '@layerloom/api';
import { AdminActionKindSchema } from '@layerloom/api';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from './users.repository.ts';

/** Writes one entry of the admin log: `adminId` did `action` to `targetUserId` now. */
export async function recordAdminAction(
  db: Kysely<Database>,
  entry: { adminId: string; targetUserId: string; action: AdminActionKind; detail: string },
): Promise<void> {
  await db
    .insertInto('admin_actions')
    .values({
      id: randomUUID(),
      admin_id: entry.adminId,
      target_user_id: entry.targetUserId,
      action: entry.action,
      detail: entry.detail,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The user's most recent admin actions, newest first, with the acting admin's name and email. */
export async function listAdminActionsFor(
  db: Kysely<Database>,
  targetUserId: string,
  limit = 20,
): Promise<AdminAction[]> {
  const rows = await db
    .selectFrom('admin_actions')
    .leftJoin('users', 'users.id', 'admin_actions.admin_id')
    .select([
      'admin_actions.id',
      'admin_actions.action',
      'admin_actions.detail',
      'admin_actions.created_at',
      'users.id as admin_user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
    ])
    .where('admin_actions.target_user_id', '=', targetUserId)
    .orderBy('admin_actions.created_at', 'desc')
    .orderBy('admin_actions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: AdminActionKindSchema.parse(row.action),
    admin: row.admin_user_id
      ? {
          id: row.admin_user_id,
          name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
          email: row.email ?? '',
        }
      : null,
    detail: row.detail ?? '',
    createdAt: row.created_at,
  }));
}

/**
 * A page of users for User Requests, newest first: optionally one account status and a search that
 * matches the first name, last name, full name or email (case-insensitive), with the total count.
 */
export async function searchUsersPage(
  db: Kysely<Database>,
  options: { status: string | undefined; search: string | undefined; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const search = options.search?.trim().toLowerCase();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const filter = <Q extends SelectQueryBuilder<Database, 'users', object>>(query: Q): Q => {
    let q = query;
    if (options.status) q = q.where('account_status', '=', options.status) as Q;
    if (pattern)
      q = q.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(
            eb.fn('lower', [sql<string>`first_name || ' ' || last_name`]),
            'like',
            sql<string>`${pattern} escape '\\'`,
          ),
        ]),
      ) as Q;
    return q;
  };
  const [page, total] = await Promise.all([
    filter(db.selectFrom('users').selectAll())
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    filter(
      db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('total')),
    ).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(total.total) };
}
