import type { Kysely } from 'kysely';

/**
 * Refunds as the payment provider reports them: each payment keeps the provider's payment id (Stripe's
 * PaymentIntent, which a `charge.refunded` event names), how much of it was refunded and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_payments').addColumn('provider_payment_id', 'text').execute();
  await db.schema
    .alterTable('billing_payments')
    .addColumn('refunded_amount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('billing_payments').addColumn('refunded_at', 'text').execute();
  await db.schema
    .createIndex('billing_payments_provider_payment_id')
    .on('billing_payments')
    .column('provider_payment_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('billing_payments_provider_payment_id').execute();
  await db.schema.alterTable('billing_payments').dropColumn('refunded_at').execute();
  await db.schema.alterTable('billing_payments').dropColumn('refunded_amount').execute();
  await db.schema.alterTable('billing_payments').dropColumn('provider_payment_id').execute();
}
