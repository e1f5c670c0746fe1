import { type Kysely, sql } from 'kysely';

/** The tables whose rows come to belong to a workspace, with the column naming their user before. */
const owned = [
  { table: 'projects', user: 'owner_id' },
  { table: 'collections', user: 'owner_id' },
  { table: 'api_keys', user: 'user_id' },
  { table: 'webhook_endpoints', user: 'user_id' },
] as const;

/**
 * Resources belong to workspaces (issue 30).
 * - workspaces.personal: 1 for an account's own workspace (one per user, made with the account, named
 *   "Personal", the user its only member and owner; it cannot be deleted or shared), 0 for a team's.
 *   Its id is `wsp_<user id>`, so the backfill needs no random ids and both engines write the same rows.
 * - workspace_id on projects, collections, API keys and webhook endpoints, each row backfilled with its
 *   user's personal workspace. No foreign key: a workspace with resources is not deleted (the service refuses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('personal', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('workspaces_one_personal')
    .on('workspaces')
    .column('created_by')
    .unique()
    .where(sql<boolean>`personal = 1`)
    .execute();

  const at = new Date().toISOString();
  await sql`
    insert into workspaces (id, name, created_by, created_at, personal)
    select 'wsp_' || users.id, 'Personal', users.id, ${at}, 1 from users`.execute(db);
  await sql`
    insert into workspace_members (workspace_id, user_id, role, joined_at)
    select 'wsp_' || users.id, users.id, 'owner', ${at} from users`.execute(db);

  for (const { table, user } of owned) {
    await db.schema.alterTable(table).addColumn('workspace_id', 'text').execute();
    await sql`
      update ${sql.table(table)} set workspace_id = (
        select workspaces.id from workspaces
        where workspaces.personal = 1 and workspaces.created_by = ${sql.ref(`${table}.${user}`)}
      )`.execute(db);
    await db.schema.createIndex(`${table}_workspace`).on(table).column('workspace_id').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of owned) {
    await db.schema.dropIndex(`${table}_workspace`).execute();
    await db.schema.alterTable(table).dropColumn('workspace_id').execute();
  }
  await sql`delete from workspaces where personal = 1`.execute(db);
  await db.schema.dropIndex('workspaces_one_personal').execute();
  await db.schema.alterTable('workspaces').dropColumn('personal').execute();
}
