import { type Kysely, sql } from 'kysely';

/** Roles (seeded: `user`, `admin`) and user accounts; emails are stored in lower case and unique. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .execute();
  await sql`insert into roles (id, name) values ('user', 'user'), ('admin', 'admin')`.execute(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('avatar', 'text')
    .addColumn('role', 'text', (col) => col.notNull().references('roles.id'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email_verified_at', 'text')
    .addColumn('account_status', 'text', (col) => col.notNull())
    .addColumn('account_reason', 'text')
    .addColumn('plan_id', 'text', (col) => col.notNull().defaultTo('free'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('users_account_status_created_at')
    .on('users')
    .columns(['account_status', 'created_at'])
    .execute();
}
