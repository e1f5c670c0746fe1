import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

const upTo = (last: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

describe('migration 0050 on SQLite (a table rebuild)', () => {
  it('keeps every payment and checkout, and from then on a deleted user leaves them with no user', async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrate = (set: typeof migrations) =>
      new Migrator({ db, provider: { getMigrations: async () => set }, allowUnorderedMigrations: true })
        .migrateToLatest()
        .then(({ error }) => {
          if (error) throw error;
        });
    await migrate(upTo('0045_owner_deactivation'));
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'L',
        avatar: null,
        role: 'user',
        password_hash: 'x',
        email_verified_at: now,
        account_status: 'approved',
        account_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const checkout = {
      id: 'co1',
      user_id: 'u1',
      plan_id: 'starter',
      provider: 'test' as const,
      amount: 900,
      currency: 'usd',
      status: 'paid' as const,
      created_at: now,
      paid_at: now,
    };
    const payment = {
      id: 'pay1',
      user_id: 'u1',
      checkout_id: 'co1',
      plan_id: 'starter',
      provider: 'test' as const,
      amount: 900,
      currency: 'usd',
      receipt_url: null,
      paid_at: now,
    };
    await db.insertInto('billing_checkouts').values(checkout).execute();
    await db.insertInto('billing_payments').values(payment).execute();

    await migrate(upTo('0050_billing_keep_on_delete'));
    expect(await db.selectFrom('billing_checkouts').selectAll().execute()).toEqual([checkout]);
    expect(await db.selectFrom('billing_payments').selectAll().execute()).toEqual([payment]);
    const indexes = sqlite
      .prepare("select name from sqlite_master where type = 'index' and name like 'billing_%_user_id'")
      .all();
    expect(indexes).toHaveLength(2);

    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('billing_checkouts').selectAll().execute()).toEqual([
      { ...checkout, user_id: null },
    ]);
    expect(await db.selectFrom('billing_payments').selectAll().execute()).toEqual([
      { ...payment, user_id: null },
    ]);
    await db.destroy();
  });
});
