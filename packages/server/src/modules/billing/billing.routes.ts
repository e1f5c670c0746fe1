import {
  addPaymentMethod,
  billingWebhook,
  getBilling,
  getTestCheckout,
  listPaymentMethods,
  openBillingPortal,
  payTestCheckout,
  refundTestPayment,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startCheckout,
  switchToFree,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as billing from './billing.service.ts';

/** Plans bought through Stripe (or the local test checkout), the user's payments, and Stripe's webhook. */
export async function billingRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];

  app.get(
    getBilling.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'Your plan, who takes payments, and your payments',
        security,
        response: { 200: getBilling.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await billing.getBilling(app, currentUser(request)),
    }),
  );

  app.post(
    startCheckout.path,
    {
      ...guarded,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['billing'],
        summary: 'Start buying a plan: answers the checkout page to open',
        security,
        body: startCheckout.body,
        response: { 200: startCheckout.response },
      },
    },
    async (request) => {
      const data = await billing.startCheckout(app, currentUser(request), request.body.planId);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    switchToFree.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'Back to the Free plan at once (new generations get its limits)',
        security,
        response: { 200: switchToFree.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await billing.switchToFree(app, currentUser(request)),
    }),
  );

  app.post(
    refundTestPayment.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'Local test checkout only: refund one of your test payments in full',
        security,
        params: refundTestPayment.params,
        response: { 200: refundTestPayment.response },
      },
    },
    async (request) => {
      await billing.refundTestPayment(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { refunded: true as const } };
    },
  );

  app.get(
    getTestCheckout.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'One of your local test checkouts (only without Stripe, never in production)',
        security,
        params: getTestCheckout.params,
        response: { 200: getTestCheckout.response },
      },
    },
    async (request) => {
      const checkout = await billing.getTestCheckout(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { checkout } };
    },
  );

  app.post(
    payTestCheckout.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'Complete a local test checkout (no money moves); the plan changes at once',
        security,
        params: payTestCheckout.params,
        response: { 200: payTestCheckout.response },
      },
    },
    async (request) => {
      const data = await billing.payTestCheckout(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    openBillingPortal.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: "Open Stripe's Customer Portal (cards, invoices)",
        security,
        response: { 200: openBillingPortal.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await billing.openPortal(app, currentUser(request).id),
    }),
  );

  app.get(
    listPaymentMethods.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'Your cards kept by Stripe (brand, last four, expiry, default)',
        security,
        response: { 200: listPaymentMethods.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { paymentMethods: await billing.listPaymentMethods(app, currentUser(request).id) },
    }),
  );

  app.post(
    addPaymentMethod.path,
    {
      ...guarded,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['billing'],
        summary: "Add a card on Stripe's own page (Checkout in setup mode)",
        security,
        response: { 200: addPaymentMethod.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await billing.addPaymentMethod(app, currentUser(request)),
    }),
  );

  app.put(
    setDefaultPaymentMethod.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'Make one of your cards the default',
        security,
        params: setDefaultPaymentMethod.params,
        response: { 200: setDefaultPaymentMethod.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        paymentMethods: await billing.setDefaultPaymentMethod(
          app,
          currentUser(request).id,
          request.params.id,
        ),
      },
    }),
  );

  app.delete(
    removePaymentMethod.path,
    {
      ...guarded,
      schema: {
        tags: ['billing'],
        summary: 'Remove one of your cards',
        security,
        params: removePaymentMethod.params,
        response: { 200: removePaymentMethod.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        paymentMethods: await billing.removePaymentMethod(app, currentUser(request).id, request.params.id),
      },
    }),
  );

  // The signature covers the exact bytes Stripe sent: this route alone reads JSON as a raw buffer.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      billingWebhook.path,
      {
        schema: {
          tags: ['billing'],
          summary: "Stripe's signed events (the only way a payment changes a plan)",
          response: { 200: billingWebhook.response },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { duplicate } = await billing.receiveStripeWebhook(
          app,
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return { status: 'success' as const, data: { received: true as const, duplicate } };
      },
    );
  });
}
