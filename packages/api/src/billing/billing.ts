import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { PlanIdSchema } from '../users/user.ts';

/** Who takes payments: Stripe (STRIPE_* set) or the local test checkout (no money moves; not in production). */
export const CheckoutProviderSchema = z.enum(['stripe', 'test']);
export type CheckoutProvider = z.infer<typeof CheckoutProviderSchema>;

/** One recorded payment for a plan, as Settings › Payment lists it. */
export const BillingPaymentSchema = z.object({
  id: z.string(),
  planId: PlanIdSchema,
  /** In the currency's smallest unit (cents). */
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  provider: CheckoutProviderSchema,
  /** The provider's receipt or invoice page (null for test payments, which have none). */
  receiptUrl: z.string().nullable(),
  paidAt: z.string(),
  /** How much of `amount` the provider refunded (all of it: the payment shows as Refunded). */
  refundedAmount: z.number().int().nonnegative(),
  refundedAt: z.string().nullable(),
});
export type BillingPayment = z.infer<typeof BillingPaymentSchema>;

/** `GET /api/v1/billing`: the user's plan, who takes payments, and the payments recorded, newest first. */
export const getBilling = {
  method: 'GET',
  path: '/api/v1/billing',
  response: successSchema(
    z.object({
      planId: PlanIdSchema,
      /** 'none': this server takes no payments (production without Stripe); an administrator grants plans. */
      provider: z.enum(['stripe', 'test', 'none']),
      payments: z.array(BillingPaymentSchema),
      /** Whether the provider's portal (cards, invoices) is available: a Stripe customer exists. */
      canOpenPortal: z.boolean(),
      /** Referral credit (cents) the next checkout takes off the plan's price. */
      referralCredit: z.number().int().nonnegative(),
    }),
  ),
} as const;
export type GetBillingResponse = z.infer<typeof getBilling.response>;

/** The plan a checkout buys: one of the paid plans. */
export const StartCheckoutBodySchema = z.object({
  planId: PlanIdSchema.refine((id) => id !== 'free', { message: 'Choose a paid plan to buy' }),
});
export type StartCheckoutInput = z.infer<typeof StartCheckoutBodySchema>;

/**
 * `POST /api/v1/billing/checkout`: starts buying a plan; answers the page to send the browser to (Stripe
 * Checkout, or the local test checkout). The user's referral credit is taken off the price there. The plan
 * changes only when the payment's event arrives.
 */
export const startCheckout = {
  method: 'POST',
  path: '/api/v1/billing/checkout',
  body: StartCheckoutBodySchema,
  response: successSchema(z.object({ checkoutId: z.string(), url: z.string() })),
} as const;

/** A checkout of the local test provider, as its page shows it. */
export const TestCheckoutSchema = z.object({
  id: z.string(),
  planId: PlanIdSchema,
  /** The plan's price, in cents. */
  listAmount: z.number().int().nonnegative(),
  /** The referral credit taken off it, in cents. */
  credit: z.number().int().nonnegative(),
  /** What is charged: the price less the credit, in cents. */
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  /** 'expired': a checkout started after it took its referral credit, so it cannot be paid. */
  status: z.enum(['open', 'paid', 'expired']),
});
export type TestCheckout = z.infer<typeof TestCheckoutSchema>;

/** `GET /api/v1/billing/test-checkout/:id`: one of the user's local test checkouts (404 when Stripe is used). */
export const getTestCheckout = {
  method: 'GET',
  path: '/api/v1/billing/test-checkout/:id',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: successSchema(z.object({ checkout: TestCheckoutSchema })),
} as const;

/** `POST /api/v1/billing/test-checkout/:id/pay`: completes a local test checkout (no money moves); the plan changes at once. */
export const payTestCheckout = {
  method: 'POST',
  path: '/api/v1/billing/test-checkout/:id/pay',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: successSchema(z.object({ planId: PlanIdSchema })),
} as const;

/** `POST /api/v1/billing/portal`: a Stripe Customer Portal session (cards, invoices) to send the browser to. */
export const openBillingPortal = {
  method: 'POST',
  path: '/api/v1/billing/portal',
  response: successSchema(z.object({ url: z.string() })),
} as const;

/** `POST /api/v1/billing/webhook`: Stripe's signed events (raw body, `Stripe-Signature`); the only way a payment changes a plan. */
export const billingWebhook = {
  method: 'POST',
  path: '/api/v1/billing/webhook',
  response: successSchema(z.object({ received: z.literal(true), duplicate: z.boolean() })),
} as const;

/** A card kept by the payment provider: only what identifies it to its owner (never its number). */
export const PaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** `GET /api/v1/billing/payment-methods`: the user's cards kept by Stripe (none with the test checkout). */
export const listPaymentMethods = {
  method: 'GET',
  path: '/api/v1/billing/payment-methods',
  response: successSchema(z.object({ paymentMethods: z.array(PaymentMethodSchema) })),
} as const;

/** `POST /api/v1/billing/payment-methods/setup`: a Stripe Checkout page (setup mode) where the user adds a card. */
export const addPaymentMethod = {
  method: 'POST',
  path: '/api/v1/billing/payment-methods/setup',
  response: successSchema(z.object({ url: z.string() })),
} as const;

/** `PUT /api/v1/billing/payment-methods/:id/default`: makes one of the user's cards the default. */
export const setDefaultPaymentMethod = {
  method: 'PUT',
  path: '/api/v1/billing/payment-methods/:id/default',
  params: z.object({ id: z.string().min(1).max(255) }),
  response: successSchema(z.object({ paymentMethods: z.array(PaymentMethodSchema) })),
} as const;

/** `DELETE /api/v1/billing/payment-methods/:id`: removes one of the user's cards from Stripe. */
export const removePaymentMethod = {
  method: 'DELETE',
  path: '/api/v1/billing/payment-methods/:id',
  params: z.object({ id: z.string().min(1).max(255) }),
  response: successSchema(z.object({ paymentMethods: z.array(PaymentMethodSchema) })),
} as const;

/**
 * `POST /api/v1/billing/free`: back to the Free plan at once (plans are one-time payments, so there is no
 * period to wait for); new generations get the Free limits, collections already made keep theirs.
 */
export const switchToFree = {
  method: 'POST',
  path: '/api/v1/billing/free',
  response: successSchema(z.object({ planId: z.literal('free') })),
} as const;

/**
 * `POST /api/v1/billing/test-payments/:id/refund`: the local test checkout's refund of one of the user's test
 * payments, in full; it goes through the same code as Stripe's `charge.refunded` (404 with Stripe).
 */
export const refundTestPayment = {
  method: 'POST',
  path: '/api/v1/billing/test-payments/:id/refund',
  params: z.object({ id: z.string().min(1).max(100) }),
  response: successSchema(z.object({ refunded: z.literal(true) })),
} as const;
