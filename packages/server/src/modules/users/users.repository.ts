import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UserTable } from '../../db/schema.ts';
import { createPersonalWorkspace } from '../workspaces/resource-access.ts';

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Omit<
  UserRow,
  'plan_id' | 'referral_code' | 'deactivated_at' | 'owner_deactivated_at'
> & {
  plan_id?: string;
  referral_code?: string | null;
  deactivated_at?: string | null;
  owner_deactivated_at?: string | null;
};

/** Whether the error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Stores a new user with their personal workspace; throws a unique violation when the email is taken. */
export async function insertUser(db: Kysely<Database>, row: NewUserRow): Promise<void> {
  const insert = async (trx: Kysely<Database>) => {
    await trx.insertInto('users').values(row).execute();
    await createPersonalWorkspace(trx, row.id);
  };
  await (db.isTransaction ? insert(db) : db.transaction().execute(insert));
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user with this email (pass it in lower case). */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Changes some of a user's columns (and `updated_at`); returns the updated row, or undefined when there is none. */
export async function updateUser(
  db: Kysely<Database>,
  id: string,
  patch: Omit<Updateable<UserTable>, 'id' | 'updated_at'>,
): Promise<UserRow | undefined> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  return findUserById(db, id);
}

/** A page of users, newest first, optionally with one account status, and the total count. */
export async function listUsersPage(
  db: Kysely<Database>,
  options: { status: string | undefined; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let rows = db.selectFrom('users').selectAll();
  let count = db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('total'));
  if (options.status) {
    rows = rows.where('account_status', '=', options.status);
    count = count.where('account_status', '=', options.status);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('created_at', 'desc').orderBy('id').limit(options.limit).offset(options.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(total.total) };
}

/** Whether any admin account exists. */
export async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether an admin account other than `userId` exists (the last admin cannot delete their account). */
export async function hasOtherAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('id', '!=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
