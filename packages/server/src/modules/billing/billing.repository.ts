import type { Insertable, Kysely } from 'kysely';
import type { BillingCheckoutTable, BillingPaymentTable, Database } from '../../db/schema.ts';

/** The Stripe customer id of a user, if one was made. */
export async function findCustomerId(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('billing_customers')
    .select('provider_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.provider_customer_id;
}

/** Remembers the user's Stripe customer (a second one made by a concurrent checkout is ignored). */
export async function insertCustomer(
  db: Kysely<Database>,
  userId: string,
  customerId: string,
): Promise<string> {
  await db
    .insertInto('billing_customers')
    .values({ user_id: userId, provider_customer_id: customerId, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  return (await findCustomerId(db, userId)) ?? customerId;
}

/** Stores a checkout just started. */
export async function insertCheckout(
  db: Kysely<Database>,
  row: Insertable<BillingCheckoutTable>,
): Promise<void> {
  await db.insertInto('billing_checkouts').values(row).execute();
}

/** The user's checkouts that hold referral credit and can still be paid (started after `openSince`). */
export async function openCheckoutsWithCredit(db: Kysely<Database>, userId: string, openSince: string) {
  return db
    .selectFrom('billing_checkouts')
    .select(['id', 'provider', 'provider_session_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .where('credit_amount', '>', 0)
    .where('created_at', '>', openSince)
    .execute();
}

/** Marks an open checkout expired (it cannot be paid; its credit is free again); false when it was not open. */
export async function expireCheckout(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('billing_checkouts')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The referral credit (cents) the user's checkouts took: paid ones (unless their payment was refunded in
 * full, which gives the credit back), and with `openSince` open ones started after it (still payable).
 */
export async function creditTaken(
  db: Kysely<Database>,
  userId: string,
  openSince: string | null,
): Promise<number> {
  const row = await db
    .selectFrom('billing_checkouts as c')
    .leftJoin('billing_payments as p', 'p.checkout_id', 'c.id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('c.credit_amount'), eb.lit(0)).as('taken'))
    .where('c.user_id', '=', userId)
    .where('c.credit_amount', '>', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('c.status', '=', 'paid'), eb('p.refunded_amount', '<', eb.ref('p.amount'))]),
        ...(openSince === null
          ? []
          : [eb.and([eb('c.status', '=', 'open'), eb('c.created_at', '>', openSince)])]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.taken);
}

/** One checkout of the user (undefined for anyone else's). */
export async function findUsersCheckout(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('billing_checkouts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Records a provider event id; false when it was already recorded (a replay). */
export async function recordEvent(db: Kysely<Database>, id: string, type: string): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({ id, type, received_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Marks an open checkout paid; false when it is unknown or already paid. */
export async function markCheckoutPaid(db: Kysely<Database>, id: string, paidAt: string) {
  const row = await db
    .updateTable('billing_checkouts')
    .set({ status: 'paid', paid_at: paidAt })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  return row;
}

/** Stores a payment received. */
export async function insertPayment(
  db: Kysely<Database>,
  row: Insertable<BillingPaymentTable>,
): Promise<void> {
  await db.insertInto('billing_payments').values(row).execute();
}

/** The user's payments, newest first. */
export async function listPayments(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('billing_payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A payment by the provider's payment id or by ours (undefined when unknown). */
export async function findPaymentFor(
  db: Kysely<Database>,
  which: { providerPaymentId: string } | { paymentId: string },
) {
  const query = db.selectFrom('billing_payments').selectAll();
  return 'paymentId' in which
    ? query.where('id', '=', which.paymentId).executeTakeFirst()
    : query.where('provider_payment_id', '=', which.providerPaymentId).executeTakeFirst();
}

/** Records how much of a payment is refunded so far. */
export async function recordRefund(
  db: Kysely<Database>,
  paymentId: string,
  refundedAmount: number,
  at: string,
): Promise<void> {
  await db
    .updateTable('billing_payments')
    .set({ refunded_amount: refundedAmount, refunded_at: at })
    .where('id', '=', paymentId)
    .execute();
}
