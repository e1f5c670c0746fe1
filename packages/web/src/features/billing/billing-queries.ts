import {
  addPaymentMethod,
  type BillingPayment,
  type CheckoutProvider,
  getBilling,
  getTestCheckout,
  listPaymentMethods,
  openBillingPortal,
  type PaymentMethod,
  type PlanId,
  payTestCheckout,
  refundTestPayment,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startCheckout,
  switchToFree,
  type TestCheckout,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { sessionKey } from '../auth/session.ts';

export const billingKey = ['billing'] as const;

/** The user's plan, who takes payments, and the payments recorded. */
export interface BillingData {
  planId: PlanId;
  provider: CheckoutProvider | 'none';
  payments: BillingPayment[];
  canOpenPortal: boolean;
  /** Referral credit (cents) the next checkout takes off the plan's price. */
  referralCredit: number;
}

/** How often, and how many times, the plans page asks again while Stripe's webhook is on its way. */
export const PAYMENT_POLL = { everyMs: 2_000, times: 30 } as const;

/** Whether a payment landed in the last ten minutes (the one the user just made). */
function hasRecentPayment(data: BillingData | undefined): boolean {
  const newest = data?.payments[0];
  return newest !== undefined && Date.now() - Date.parse(newest.paidAt) < 10 * 60_000;
}

/**
 * The signed-in user's billing (Payment plans page, Settings › Payment). Back from Stripe Checkout,
 * `awaitPayment` asks again every few seconds until the payment's webhook has been applied.
 */
export function useBilling({ awaitPayment = false }: { awaitPayment?: boolean } = {}) {
  return useQuery({
    queryKey: billingKey,
    queryFn: async ({ signal }): Promise<BillingData> => (await call(getBilling, { signal })).data,
    refetchInterval: (query) =>
      awaitPayment && !hasRecentPayment(query.state.data) && query.state.dataUpdateCount < PAYMENT_POLL.times
        ? PAYMENT_POLL.everyMs
        : false,
  });
}

/** Starts buying a plan; answers the checkout page to open. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (planId: Exclude<PlanId, 'free'>) =>
      (await call(startCheckout, { body: { planId } })).data,
  });
}

/** One local test checkout. */
export function useTestCheckout(id: string) {
  return useQuery({
    queryKey: ['billing', 'test-checkout', id],
    queryFn: async ({ signal }): Promise<TestCheckout> =>
      (await call(getTestCheckout, { params: { id }, signal })).data.checkout,
  });
}

/** Pays a local test checkout; the plan (and so every limit the app shows) changes at once. */
export function usePayTestCheckout(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(payTestCheckout, { params: { id } })).data,
    onSuccess: () => planChanged(client),
  });
}

/** Every query a plan change touches: the billing page, the session (limits, header) and the account. */
function planChanged(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: billingKey }),
    client.invalidateQueries({ queryKey: sessionKey }),
    client.invalidateQueries({ queryKey: ['account'] }),
  ]);
}

/** Back to the Free plan, at once (new generations get its limits). */
export function useSwitchToFree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(switchToFree)).data,
    onSuccess: () => planChanged(client),
  });
}

/** The local test checkout's full refund of a test payment (the plan it bought goes when it is the current one). */
export function useRefundTestPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call(refundTestPayment, { params: { id } })).data,
    onSuccess: () => planChanged(client),
  });
}

/** Opens Stripe's Customer Portal (cards, invoices). */
export function useOpenPortal() {
  return useMutation({ mutationFn: async () => (await call(openBillingPortal)).data });
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$279.00" from cents (other currencies as "279.00 EUR"). */
export function formatAmount(amount: number, currency: string): string {
  if (currency.toLowerCase() === 'usd') return money.format(amount / 100);
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

const cardsKey = ['billing', 'payment-methods'] as const;

/** The user's cards kept by Stripe. */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: cardsKey,
    enabled,
    queryFn: async ({ signal }): Promise<PaymentMethod[]> =>
      (await call(listPaymentMethods, { signal })).data.paymentMethods,
  });
}

/** Opens Stripe's hosted form to add a card. */
export function useAddPaymentMethod() {
  return useMutation({ mutationFn: async () => (await call(addPaymentMethod)).data });
}

/** Makes a card the default, or removes one; the list answered replaces the shown one. */
export function useCardAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: 'default' | 'remove'; id: string }) =>
      (await call(action === 'default' ? setDefaultPaymentMethod : removePaymentMethod, { params: { id } }))
        .data.paymentMethods,
    onSuccess: (cards) => client.setQueryData(cardsKey, cards),
  });
}
