import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Payments and checkouts outlive the account that made them (accounting keeps them, anonymised): their
 * user_id becomes nullable with ON DELETE SET NULL instead of CASCADE. PostgreSQL alters the constraint;
 * SQLite cannot, so each table is rebuilt with the same columns, rows and indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await rebuildSqlite(db, 'set null');
    return;
  }
  for (const table of ['billing_checkouts', 'billing_payments']) {
    await sql`alter table ${sql.table(table)} alter column user_id drop not null`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_user_id_fkey`)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_user_id_fkey`)}
      foreign key (user_id) references users (id) on delete set null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from billing_payments where user_id is null`.execute(db);
  await sql`delete from billing_checkouts where user_id is null`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await rebuildSqlite(db, 'cascade');
    return;
  }
  for (const table of ['billing_checkouts', 'billing_payments']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_user_id_fkey`)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_user_id_fkey`)}
      foreign key (user_id) references users (id) on delete cascade`.execute(db);
    await sql`alter table ${sql.table(table)} alter column user_id set not null`.execute(db);
  }
}

/** SQLite: makes each billing table anew with the wanted ON DELETE, copies its rows and puts its index back. */
async function rebuildSqlite(db: Kysely<unknown>, onDelete: 'set null' | 'cascade'): Promise<void> {
  const userId = (col: ColumnDefinitionBuilder) =>
    onDelete === 'set null'
      ? col.references('users.id').onDelete('set null')
      : col.notNull().references('users.id').onDelete('cascade');
  await db.schema
    .createTable('billing_checkouts_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', userId)
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema
    .createTable('billing_payments_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', userId)
    .addColumn('checkout_id', 'text', (col) => col.notNull().unique())
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('receipt_url', 'text')
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .execute();
  for (const table of ['billing_checkouts', 'billing_payments']) {
    await sql`insert into ${sql.table(`${table}_next`)} select * from ${sql.table(table)}`.execute(db);
    await db.schema.dropTable(table).execute();
    await sql`alter table ${sql.table(`${table}_next`)} rename to ${sql.table(table)}`.execute(db);
    await db.schema.createIndex(`${table}_user_id`).on(table).column('user_id').execute();
  }
}
