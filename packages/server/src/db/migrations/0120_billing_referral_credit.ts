import type { Kysely } from 'kysely';

/**
 * Referral credit taken off a checkout's price: a checkout keeps how much credit it took (cents; `amount`
 * is what is charged after it), so the credit a user has left is what they earned less what their paid, and
 * still payable, checkouts took. It keeps its Stripe Checkout Session too, so a newer checkout can expire
 * it and take its credit back (its status becomes 'expired').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('billing_checkouts')
    .addColumn('credit_amount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('billing_checkouts').addColumn('provider_session_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_checkouts').dropColumn('provider_session_id').execute();
  await db.schema.alterTable('billing_checkouts').dropColumn('credit_amount').execute();
}
