import { randomBytes } from 'node:crypto';
import {
  type BillingPayment,
  type PaymentMethod,
  type PlanId,
  planById,
  plans,
  type TestCheckout,
} from '@layerloom/api';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { findProfile } from '../account/account.repository.ts';
import { noticePlanChanged } from '../notifications/notices.ts';
import { CHECKOUT_OPEN_MS, referralCreditCents } from '../referrals/referrals.service.ts';
import { setPlan } from '../users/account-admin.service.ts';
import { findUserById } from '../users/users.repository.ts';
import * as repo from './billing.repository.ts';
import { createStripeClient } from './stripe-client.ts';

/**
 * A payment for a checkout, as the provider reported it. Stripe's `checkout.session.completed` webhook and
 * the local test checkout both become one of these, and `applyPaymentEvent` is the one place it changes a plan.
 */
export interface PaymentEvent {
  /** The provider's event id (`evt_…`, or the test checkout's own): applied at most once. */
  id: string;
  type: string;
  checkoutId: string;
  amount: number;
  currency: string;
  receiptUrl: string | null;
  /** The provider's payment id (Stripe PaymentIntent), which its refund events name. */
  providerPaymentId: string | null;
}

/** A refund of a recorded payment, as the provider reported it (Stripe `charge.refunded`, or a test refund). */
export interface RefundEvent {
  id: string;
  type: string;
  /** Which payment: by the provider's payment id, or by ours (test payments). */
  payment: { providerPaymentId: string } | { paymentId: string };
  /** The total refunded so far (the provider reports the running total). */
  amountRefunded: number;
}

const stripeClients = new WeakMap<App, Stripe>();

/** The app's Stripe client (one per app), or a 404 when Stripe is not configured (the feature is absent). */
function stripeOf(app: App): Stripe {
  const billing = app.config.billing;
  if (billing.kind !== 'stripe')
    throw new AppError('NOT_FOUND', 'Card payments are not set up on this server.');
  let client = stripeClients.get(app);
  if (!client) {
    client = createStripeClient(billing);
    stripeClients.set(app, client);
  }
  return client;
}

/** A provider failure: logged with its cause, shown to the user as a retryable 503. */
function providerFailed(app: App, error: unknown): AppError {
  app.log.error({ err: error }, 'Stripe request failed');
  return new AppError('UNAVAILABLE', 'The payment provider did not answer. Please try again in a minute.', {
    cause: error,
  });
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The user's plan, payment provider and payments, newest first. */
export async function getBilling(app: App, user: { id: string; planId: PlanId }) {
  const db = app.database.db;
  const payments: BillingPayment[] = (await repo.listPayments(db, user.id)).map((row) => ({
    id: row.id,
    planId: row.plan_id as PlanId,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    receiptUrl: row.receipt_url,
    paidAt: row.paid_at,
    refundedAmount: Number(row.refunded_amount),
    refundedAt: row.refunded_at,
  }));
  const kind = app.config.billing.kind;
  return {
    planId: user.planId,
    provider: kind,
    payments,
    canOpenPortal: kind === 'stripe' && (await repo.findCustomerId(db, user.id)) !== undefined,
    referralCredit: kind === 'none' ? 0 : await referralCreditCents(db, user.id),
  };
}

/** The least Stripe charges in US dollars (cents): credit never takes a price below it. */
const MIN_CHARGE_CENTS = 50;

/** Starts buying a paid plan; answers where to send the browser. The plan itself changes only on payment. */
export async function startCheckout(
  app: App,
  user: { id: string; email: string; planId: PlanId },
  planId: Exclude<PlanId, 'free'>,
): Promise<{ checkoutId: string; url: string }> {
  const billing = app.config.billing;
  if (billing.kind === 'none')
    throw new AppError('CONFLICT', 'Plans cannot be bought on this server yet: ask an administrator.');
  if (planId === user.planId)
    throw new AppError('CONFLICT', `You are already on the ${planById(planId).name} plan.`);
  const plan = planById(planId);
  const db = app.database.db;
  const checkoutId = newId('co');
  const price = plan.priceUsd * 100;
  // A checkout left unpaid (cancelled, or a tab closed) would hold the credit for a day: this one takes it.
  await expireCheckoutsHoldingCredit(app, user.id);
  // The referral credit left is taken off the price; the checkout keeps how much, so it is used once.
  const left = await referralCreditCents(db, user.id, { heldByOpen: true });
  const credit = Math.max(0, Math.min(left, price - MIN_CHARGE_CENTS));
  const row = {
    id: checkoutId,
    user_id: user.id,
    plan_id: planId,
    amount: price - credit,
    credit_amount: credit,
    currency: 'usd',
    status: 'open' as const,
    created_at: new Date().toISOString(),
    paid_at: null,
    provider_session_id: null,
  };
  if (billing.kind === 'test') {
    await repo.insertCheckout(db, { ...row, provider: 'test' });
    return { checkoutId, url: `/dashboard/payment-plans/test-checkout/${checkoutId}` };
  }
  const stripe = stripeOf(app);
  const back = `${app.config.publicUrl}/dashboard/payment-plans`;
  let url: string | null;
  let sessionId: string;
  try {
    const customer = await ensureCustomer(app, stripe, user);
    // Stripe Checkout shows the credit as a discount line: a one-use coupon of exactly that amount.
    const coupon =
      credit > 0
        ? await stripe.coupons.create({
            amount_off: credit,
            currency: 'usd',
            duration: 'once',
            max_redemptions: 1,
            name: 'Referral credit',
            metadata: { checkoutId },
          })
        : undefined;
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer,
      client_reference_id: checkoutId,
      metadata: { checkoutId, planId },
      line_items: [{ price: billing.prices[planId], quantity: 1 }],
      ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
      // Keeps the card on the customer (listed in the portal) and makes an invoice (a receipt to link).
      payment_intent_data: { setup_future_usage: 'off_session' },
      invoice_creation: { enabled: true },
      success_url: `${back}?checkout=success`,
      cancel_url: `${back}?checkout=cancelled`,
    });
    url = session.url;
    sessionId = session.id;
  } catch (error) {
    throw providerFailed(app, error);
  }
  if (!url) throw providerFailed(app, new Error('Stripe answered a Checkout Session without a URL'));
  await repo.insertCheckout(db, { ...row, provider: 'stripe', provider_session_id: sessionId });
  return { checkoutId, url };
}

/**
 * Expires the user's unpaid checkouts that hold referral credit, so a new checkout gets it: a Stripe one
 * by expiring its Checkout Session first (it cannot be paid after that). One Stripe refuses to expire (paid
 * meanwhile, its webhook on the way) keeps its credit.
 */
async function expireCheckoutsHoldingCredit(app: App, userId: string): Promise<void> {
  const db = app.database.db;
  const openSince = new Date(Date.now() - CHECKOUT_OPEN_MS).toISOString();
  for (const checkout of await repo.openCheckoutsWithCredit(db, userId, openSince)) {
    if (checkout.provider === 'stripe' && checkout.provider_session_id) {
      try {
        await stripeOf(app).checkout.sessions.expire(checkout.provider_session_id);
      } catch (error) {
        app.log.warn({ err: error, checkout: checkout.id }, 'could not expire a Checkout Session');
        continue;
      }
    }
    await repo.expireCheckout(db, checkout.id);
  }
}

/**
 * The user's Stripe customer, made on first need. Its name and postal address are the ones in Edit Profile,
 * set again at every checkout, so the invoice Stripe makes for the payment (the receipt) carries them; an
 * address removed from the profile is removed from the customer too.
 */
async function ensureCustomer(
  app: App,
  stripe: Stripe,
  user: { id: string; email: string },
): Promise<string> {
  const db = app.database.db;
  const details = await invoiceDetails(db, user.id);
  const known = await repo.findCustomerId(db, user.id);
  if (known) {
    await stripe.customers.update(known, { name: details.name ?? '', address: details.address ?? '' });
    return known;
  }
  const customer = await stripe.customers.create({
    email: user.email,
    metadata: { userId: user.id },
    ...(details.name ? { name: details.name } : {}),
    ...(details.address ? { address: details.address } : {}),
  });
  return repo.insertCustomer(db, user.id, customer.id);
}

/** The name and postal address an invoice shows, from the user's Edit Profile (either may be missing). */
export async function invoiceDetails(
  db: Kysely<Database>,
  userId: string,
): Promise<{ name: string | null; address: Stripe.AddressParam | null }> {
  const [user, profile] = await Promise.all([findUserById(db, userId), findProfile(db, userId)]);
  const name = `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim() || null;
  const fields = {
    line1: profile?.address?.trim() ?? '',
    city: profile?.city?.trim() ?? '',
    state: profile?.state?.trim() ?? '',
    postal_code: profile?.zipcode?.trim() ?? '',
    country: profile?.country?.trim() ?? '',
  };
  // A country alone (chosen to be helpful) is not an address to print on an invoice.
  if (!fields.line1) return { name, address: null };
  const address = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== ''),
  ) as Stripe.AddressParam;
  return { name, address };
}

/**
 * Applies a payment: records the event (a replay stops here), marks its checkout paid, records the payment
 * and moves the user to the plan bought — all in one transaction. Answers whether it was a replay.
 */
export async function applyPaymentEvent(app: App, event: PaymentEvent): Promise<{ duplicate: boolean }> {
  let planChange: { userId: string; planId: PlanId } | undefined;
  const result = await app.database.db.transaction().execute(async (trx) => {
    const fresh = await repo.recordEvent(trx, event.id, event.type);
    if (!fresh) return { duplicate: true };
    const paidAt = new Date().toISOString();
    const checkout = await repo.markCheckoutPaid(trx, event.checkoutId, paidAt);
    if (!checkout) {
      app.log.warn(
        { event: event.id, checkout: event.checkoutId },
        'payment for an unknown or paid checkout',
      );
      return { duplicate: false };
    }
    await repo.insertPayment(trx, {
      id: newId('pay'),
      user_id: checkout.user_id,
      checkout_id: checkout.id,
      plan_id: checkout.plan_id,
      provider: checkout.provider,
      amount: event.amount,
      currency: event.currency,
      receipt_url: event.receiptUrl,
      paid_at: paidAt,
      provider_payment_id: event.providerPaymentId,
      refunded_at: null,
    });
    // A deleted account's payment is kept (anonymised) with no plan to give.
    if (checkout.user_id) {
      await setPlan(trx, checkout.user_id, checkout.plan_id as PlanId);
      planChange = { userId: checkout.user_id, planId: checkout.plan_id as PlanId };
    }
    return { duplicate: false };
  });
  // Told once the plan is committed.
  if (planChange) await noticePlanChanged(app, planChange.userId, planChange.planId);
  return result;
}

/** A Stripe webhook: verified with the signing secret (a 400 otherwise), then applied once per event id. */
export async function receiveStripeWebhook(
  app: App,
  body: Buffer,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const billing = app.config.billing;
  if (billing.kind !== 'stripe') throw notFound('Webhook');
  const stripe = stripeOf(app);
  if (!signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, billing.webhookSecret);
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'The webhook signature does not match.', { cause: error });
  }
  const paid =
    (event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded') &&
    event.data.object.payment_status === 'paid' &&
    event.data.object.client_reference_id !== null;
  if (event.type === 'charge.refunded') {
    const refund = refundOf(event);
    if (refund) return applyRefundEvent(app, refund);
  }
  if (!paid) {
    const fresh = await repo.recordEvent(app.database.db, event.id, event.type);
    return { duplicate: !fresh };
  }
  const session = event.data.object as Stripe.Checkout.Session;
  return applyPaymentEvent(app, {
    id: event.id,
    type: event.type,
    checkoutId: session.client_reference_id as string,
    amount: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    receiptUrl: await receiptUrlOf(app, stripe, session),
    providerPaymentId:
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
  });
}

/**
 * The best plan the user still has a payment for (one not refunded in full), or Free. Plans are one-time
 * purchases and a user may have bought several, so losing one falls back to the next one paid for.
 */
async function highestPaidPlan(db: Kysely<Database>, userId: string): Promise<PlanId> {
  const paid = new Set(
    (await repo.listPayments(db, userId))
      .filter((row) => Number(row.refunded_amount) < row.amount)
      .map((row) => row.plan_id),
  );
  return plans.findLast((plan) => paid.has(plan.id))?.id ?? 'free';
}

/**
 * Applies a refund once per event id: records how much of the payment was refunded, and when the whole
 * payment is refunded while its plan is the user's plan, moves the user to the best plan still paid for
 * (Free when none is) and tells them, as every plan change is told. Collections already generated keep
 * what they were generated with; entitlements apply to new generations.
 */
export async function applyRefundEvent(app: App, event: RefundEvent): Promise<{ duplicate: boolean }> {
  let planChange: { userId: string; planId: PlanId; refundedPlanId: PlanId } | undefined;
  const result = await app.database.db.transaction().execute(async (trx) => {
    if (!(await repo.recordEvent(trx, event.id, event.type))) return { duplicate: true };
    const payment = await repo.findPaymentFor(trx, event.payment);
    if (!payment) {
      app.log.warn({ event: event.id }, 'refund of an unknown payment');
      return { duplicate: false };
    }
    const refunded = Math.min(
      payment.amount,
      Math.max(Number(payment.refunded_amount), event.amountRefunded),
    );
    await repo.recordRefund(trx, payment.id, refunded, new Date().toISOString());
    if (refunded >= payment.amount && payment.user_id) {
      const user = await findUserById(trx, payment.user_id);
      if (user?.plan_id === payment.plan_id) {
        const fallback = await highestPaidPlan(trx, payment.user_id);
        if (fallback !== user.plan_id) {
          await setPlan(trx, payment.user_id, fallback);
          planChange = {
            userId: payment.user_id,
            planId: fallback,
            refundedPlanId: payment.plan_id as PlanId,
          };
        }
      }
    }
    return { duplicate: false };
  });
  // Told once the plan is committed.
  if (planChange) {
    await noticePlanChanged(app, planChange.userId, planChange.planId, {
      refundedPlanId: planChange.refundedPlanId,
    });
  }
  return result;
}

/** A Stripe `charge.refunded` event as a RefundEvent (undefined for a charge with no PaymentIntent). */
function refundOf(event: Stripe.ChargeRefundedEvent): RefundEvent | undefined {
  const charge = event.data.object;
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return undefined;
  return {
    id: event.id,
    type: event.type,
    payment: { providerPaymentId: intent },
    amountRefunded: charge.amount_refunded,
  };
}

/** Refunds one of the user's local test payments in full, through the same code a Stripe refund takes. */
export async function refundTestPayment(app: App, userId: string, paymentId: string): Promise<void> {
  if (app.config.billing.kind !== 'test') throw notFound('Payment');
  const payment = await repo.findPaymentFor(app.database.db, { paymentId });
  if (!payment || payment.user_id !== userId || payment.provider !== 'test') throw notFound('Payment');
  if (Number(payment.refunded_amount) >= payment.amount) {
    throw new AppError('CONFLICT', 'This payment is already refunded.');
  }
  await applyRefundEvent(app, {
    id: newId('test_evt'),
    type: 'charge.refunded',
    payment: { paymentId },
    amountRefunded: payment.amount,
  });
}

/** The hosted invoice page of a paid session (null without an invoice). */
async function receiptUrlOf(
  app: App,
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<string | null> {
  const invoice = session.invoice;
  if (!invoice) return null;
  if (typeof invoice !== 'string') return invoice.hosted_invoice_url ?? null;
  try {
    return (await stripe.invoices.retrieve(invoice)).hosted_invoice_url ?? null;
  } catch (error) {
    // Stripe retries a webhook answered with an error: better than recording a payment without its receipt.
    throw providerFailed(app, error);
  }
}

/** One of the user's local test checkouts as stored (404 for anyone else's, and whenever Stripe is used). */
async function testCheckoutRow(app: App, userId: string, id: string) {
  if (app.config.billing.kind !== 'test') throw notFound('Checkout');
  const row = await repo.findUsersCheckout(app.database.db, userId, id);
  if (row?.provider !== 'test') throw notFound('Checkout');
  return row;
}

/** One of the user's local test checkouts, as its page shows it: the price, the credit taken, the amount. */
export async function getTestCheckout(app: App, userId: string, id: string): Promise<TestCheckout> {
  const row = await testCheckoutRow(app, userId, id);
  const credit = Number(row.credit_amount);
  return {
    id: row.id,
    planId: row.plan_id as PlanId,
    listAmount: row.amount + credit,
    credit,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
  };
}

/** Completes a local test checkout through the same code a Stripe payment takes. */
export async function payTestCheckout(app: App, userId: string, id: string): Promise<{ planId: PlanId }> {
  const checkout = await testCheckoutRow(app, userId, id);
  if (checkout.status === 'paid') throw new AppError('CONFLICT', 'This checkout is already paid.');
  // As a Stripe Checkout Session expires after a day, or when a newer checkout took its credit.
  if (checkout.status === 'expired' || Date.parse(checkout.created_at) < Date.now() - CHECKOUT_OPEN_MS)
    throw new AppError('CONFLICT', 'This checkout has expired: start again from Payment plans.');
  await applyPaymentEvent(app, {
    id: newId('test_evt'),
    type: 'checkout.session.completed',
    checkoutId: checkout.id,
    amount: checkout.amount,
    currency: checkout.currency,
    receiptUrl: null,
    providerPaymentId: null,
  });
  return { planId: checkout.plan_id as PlanId };
}

/** A Customer Portal session for the user's cards and invoices (409 before their first checkout). */
export async function openPortal(app: App, userId: string): Promise<{ url: string }> {
  const stripe = stripeOf(app);
  const customer = await repo.findCustomerId(app.database.db, userId);
  if (!customer)
    throw new AppError('CONFLICT', 'Buy a plan first: your payment details are kept from then on.');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: `${app.config.publicUrl}/dashboard/settings?tab=payment`,
    });
    return { url: session.url };
  } catch (error) {
    throw providerFailed(app, error);
  }
}

/** The user's Stripe client and customer; none yet (no checkout made) answers `customer: undefined`. */
async function stripeCustomerOf(app: App, userId: string) {
  const stripe = stripeOf(app);
  return { stripe, customer: await repo.findCustomerId(app.database.db, userId) };
}

/** The user's cards kept by Stripe, the default first (an empty list with the test checkout). */
export async function listPaymentMethods(app: App, userId: string): Promise<PaymentMethod[]> {
  if (app.config.billing.kind !== 'stripe') return [];
  const { stripe, customer } = await stripeCustomerOf(app, userId);
  if (!customer) return [];
  try {
    const [methods, found] = await Promise.all([
      stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 100 }),
      stripe.customers.retrieve(customer),
    ]);
    const preferred =
      'deleted' in found && found.deleted
        ? null
        : (found as Stripe.Customer).invoice_settings.default_payment_method;
    const defaultId = typeof preferred === 'string' ? preferred : (preferred?.id ?? null);
    return methods.data
      .filter((method) => method.card)
      .map((method) => ({
        id: method.id,
        brand: method.card?.brand ?? 'card',
        last4: method.card?.last4 ?? '',
        expMonth: method.card?.exp_month ?? 0,
        expYear: method.card?.exp_year ?? 0,
        isDefault: method.id === defaultId,
      }))
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  } catch (error) {
    throw providerFailed(app, error);
  }
}

/** A Stripe Checkout page in setup mode where the user adds a card (its number goes to Stripe only). */
export async function addPaymentMethod(
  app: App,
  user: { id: string; email: string },
): Promise<{ url: string }> {
  const stripe = stripeOf(app);
  const back = `${app.config.publicUrl}/dashboard/settings?tab=payment`;
  try {
    const customer = await ensureCustomer(app, stripe, user);
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer,
      currency: 'usd',
      success_url: `${back}&card=added`,
      cancel_url: back,
    });
    if (!session.url) throw new Error('Stripe answered a setup session without a URL');
    return { url: session.url };
  } catch (error) {
    throw providerFailed(app, error);
  }
}

/** One of the user's cards, or a 404 (someone else's card is not told apart from no card). */
async function ownCard(app: App, userId: string, id: string) {
  const { stripe, customer } = await stripeCustomerOf(app, userId);
  if (!customer || !/^pm_\w+$/.test(id)) throw notFound('Card');
  let method: Stripe.PaymentMethod;
  try {
    method = await stripe.paymentMethods.retrieve(id);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound('Card');
    throw providerFailed(app, error);
  }
  const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  if (owner !== customer) throw notFound('Card');
  return { stripe, customer };
}

/** Makes one of the user's cards the one Stripe charges by default. */
export async function setDefaultPaymentMethod(
  app: App,
  userId: string,
  id: string,
): Promise<PaymentMethod[]> {
  const { stripe, customer } = await ownCard(app, userId, id);
  try {
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: id } });
  } catch (error) {
    throw providerFailed(app, error);
  }
  return listPaymentMethods(app, userId);
}

/** Removes one of the user's cards from Stripe. */
export async function removePaymentMethod(app: App, userId: string, id: string): Promise<PaymentMethod[]> {
  const { stripe } = await ownCard(app, userId, id);
  try {
    await stripe.paymentMethods.detach(id);
  } catch (error) {
    throw providerFailed(app, error);
  }
  return listPaymentMethods(app, userId);
}

/**
 * Back to the Free plan, at once: plans are bought with one-time payments, so there is no paid period to
 * wait for. Collections already generated keep what they were generated with; the Free limits apply to new
 * generations. Nothing is refunded (a refund comes from the provider's events).
 */
export async function switchToFree(
  app: App,
  user: { id: string; planId: PlanId },
): Promise<{ planId: 'free' }> {
  if (user.planId === 'free') throw new AppError('CONFLICT', 'You are already on the Free plan.');
  await setPlan(app.database.db, user.id, 'free');
  await noticePlanChanged(app, user.id, 'free');
  return { planId: 'free' };
}
