import { type BillingPayment, EVERY_PLAN_INCLUDES, planById, planFeatures } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { PaymentTab } from '../settings/payment/payment-tab.tsx';
import { PaymentPlansPage } from './payment-plans-page.tsx';
import { TestCheckoutPage } from './test-checkout-page.tsx';

// jsdom has no ResizeObserver, which Popconfirm's placement reads; nothing here depends on sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const billing = (
  planId: string,
  provider: 'test' | 'stripe' | 'none',
  payments: BillingPayment[] = [],
  canOpenPortal = false,
  referralCredit = 0,
) =>
  Response.json({
    status: 'success',
    data: { planId, provider, payments, canOpenPortal, referralCredit },
  });

function show(path: string, answer: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => answer(String(url), init));
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      { path: '/dashboard/payment-plans', element: <PaymentPlansPage /> },
      { path: '/dashboard/payment-plans/test-checkout/co_1', element: <p>Checkout page</p> },
      { path: '/dashboard/payment-plans/test-checkout/:id', element: <TestCheckoutPage /> },
      { path: '/dashboard/settings', element: <PaymentTab /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { fetch, router };
}

describe('Payment plans', () => {
  it('says how much referral credit the next checkout takes off, and the test checkout shows it taken off', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/test-checkout/')
          ? Response.json({
              status: 'success',
              data: {
                checkout: {
                  id: 'co_2',
                  planId: 'pro',
                  listAmount: 27900,
                  credit: 2000,
                  amount: 25900,
                  currency: 'usd',
                  status: 'open',
                },
              },
            })
          : billing('free', 'test', [], false, 2000),
      ),
    );
    const router = createMemoryRouter(
      [
        { path: '/dashboard/payment-plans', element: <PaymentPlansPage /> },
        { path: '/dashboard/payment-plans/test-checkout/:id', element: <TestCheckoutPage /> },
      ],
      { initialEntries: ['/dashboard/payment-plans'] },
    );
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByText('You have $20.00 of referral credit', {}, { timeout: 20_000 });
    expect(screen.getByText('It is taken off the price of the next plan you buy, at checkout.')).toBeTruthy();
    await router.navigate('/dashboard/payment-plans/test-checkout/co_2');
    const pay = await screen.findByRole('button', { name: 'Pay $259.00 (test)' }, { timeout: 20_000 });
    expect(pay).toBeTruthy();
    const summary = document.querySelector('.llb-checkout__summary') as HTMLElement;
    expect(
      [...summary.querySelectorAll('div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    ).toEqual([
      ['Plan', 'Pro'],
      ['Up to', '5,000 assets'],
      ['Plan price', '$279.00'],
      ['Referral credit', '−$20.00'],
      ['Amount', '$259.00'],
    ]);
  });

  it('says a test checkout a newer one superseded has expired, and offers no Pay button', async () => {
    show('/dashboard/payment-plans/test-checkout/co_3', () =>
      Response.json({
        status: 'success',
        data: {
          checkout: {
            id: 'co_3',
            planId: 'starter',
            listAmount: 17900,
            credit: 1000,
            amount: 16900,
            currency: 'usd',
            status: 'expired',
          },
        },
      }),
    );
    await screen.findByText(
      'This checkout has expired: a newer one took its referral credit.',
      {},
      {
        timeout: 20_000,
      },
    );
    expect(screen.getByRole('link', { name: 'Payment plans' }).getAttribute('href')).toBe(
      '/dashboard/payment-plans',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('says nothing of referral credit when there is none', async () => {
    show('/dashboard/payment-plans', () => billing('free', 'test'));
    await screen.findByRole('list', { name: 'Plans' }, { timeout: 20_000 });
    expect(screen.queryByText(/referral credit/)).toBeNull();
  });

  it('shows the four plans from the plans table, marks the current one and buys another through the checkout', async () => {
    const { fetch, router } = show('/dashboard/payment-plans', (url) =>
      url.endsWith('/checkout')
        ? Response.json({
            status: 'success',
            data: { checkoutId: 'co_1', url: '/dashboard/payment-plans/test-checkout/co_1' },
          })
        : billing('free', 'test'),
    );
    const plans = await screen.findByRole('list', { name: 'Plans' }, { timeout: 20_000 });
    const cards = within(plans).getAllByRole('listitem', { name: /Free|Starter|Pro|Enterprise/ });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Free',
      'Starter',
      'Pro',
      'Enterprise',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Current plan')).toBeTruthy();
    expect(within(cards[3] as HTMLElement).getByText('$379')).toBeTruthy();
    // A plan is a one-time payment applying to every later collection, and each card lists the limits the
    // server enforces with it, from the plans table.
    expect(screen.getByText(/One payment, no subscription: a plan applies to every collection/)).toBeTruthy();
    expect(within(cards[3] as HTMLElement).getByText('one-time')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/per collection/i);
    const features = (card: HTMLElement) =>
      within(within(card).getAllByRole('list')[0] as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim());
    expect(features(cards[0] as HTMLElement)).toEqual(planFeatures(planById('free')));
    expect(features(cards[2] as HTMLElement)).toEqual([
      'Collections of up to 5,000 assets',
      'Layer images up to 20 MB each',
      'Animations up to 240 frames and 20 s',
      'No watermark',
    ]);
    const includes = screen.getByRole('region', { name: 'Every plan includes' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual([...EVERY_PLAN_INCLUDES]);
    expect(screen.getByText('Local test checkout')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy Plan: Pro' }));
    await screen.findByText('Checkout page');
    expect(router.state.location.pathname).toBe('/dashboard/payment-plans/test-checkout/co_1');
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/checkout')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ planId: 'pro' });
  });

  it('offers Change plan on a paid plan and shows why a checkout was refused', async () => {
    show('/dashboard/payment-plans?checkout=cancelled', (url) =>
      url.endsWith('/checkout')
        ? Response.json(
            {
              status: 'error',
              error: { code: 'UNAVAILABLE', message: 'The payment provider did not answer.' },
            },
            { status: 503 },
          )
        : billing('pro', 'stripe'),
    );
    expect(
      await screen.findByText('Checkout cancelled: nothing was charged.', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Local test checkout')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Change plan: Enterprise' }));
    expect(await screen.findByText('The payment provider did not answer.')).toBeTruthy();
  });
});

describe('Switch to Free and refunds', () => {
  it('switches a paid plan back to Free after confirming, then marks Free current', async () => {
    let planId = 'pro';
    const { fetch } = show('/dashboard/payment-plans', (url, init) => {
      if (url.endsWith('/billing/free') && init?.method === 'POST') {
        planId = 'free';
        return Response.json({ status: 'success', data: { planId: 'free' } });
      }
      return billing(planId, 'test');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to Free' }, { timeout: 20_000 }));
    // The confirmation's own button has the same name; it is the second one.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Switch to Free' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Switch to Free' })[1]!);
    expect(await screen.findByText('You are on the Free plan now')).toBeTruthy();
    const plans = screen.getByRole('list', { name: 'Plans' });
    const free = within(plans).getByRole('listitem', { name: 'Free' });
    expect(await within(free).findByText('Current plan')).toBeTruthy();
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith('/billing/free') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('shows a refunded payment, and refunds a test payment from Settings › Payment', async () => {
    const payment: BillingPayment = {
      id: 'pay_t',
      planId: 'starter',
      amount: 17900,
      currency: 'usd',
      provider: 'test',
      receiptUrl: null,
      paidAt: '2026-11-20T10:00:00.000Z',
      refundedAmount: 0,
      refundedAt: null,
    };
    const { fetch } = show('/dashboard/settings', (url, init) => {
      if (url.endsWith('/payment-methods'))
        return Response.json({ status: 'success', data: { paymentMethods: [] } });
      if (url.endsWith('/test-payments/pay_t/refund') && init?.method === 'POST') {
        payment.refundedAmount = 17900;
        payment.refundedAt = '2026-11-21T10:00:00.000Z';
        return Response.json({ status: 'success', data: { refunded: true } });
      }
      return billing(payment.refundedAmount ? 'free' : 'starter', 'test', [{ ...payment }]);
    });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Refund the test payment of Nov 20, 2026' },
        { timeout: 20_000 },
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund the test payment/ })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/test-payments/pay_t/refund'))).toBe(true);
  });
});

const cards = (defaultId: string) => [
  {
    id: 'pm_visa',
    brand: 'visa',
    last4: '4242',
    expMonth: 4,
    expYear: 2030,
    isDefault: defaultId === 'pm_visa',
  },
  {
    id: 'pm_amex',
    brand: 'amex',
    last4: '0005',
    expMonth: 12,
    expYear: 2029,
    isDefault: defaultId === 'pm_amex',
  },
];

describe('Payment plans back from Stripe Checkout', () => {
  it("asks again until Stripe's webhook changed the plan, then marks the new plan current", async () => {
    let asked = 0;
    const paid: BillingPayment = {
      id: 'pay_1',
      planId: 'starter',
      amount: 17900,
      currency: 'usd',
      provider: 'stripe',
      receiptUrl: null,
      paidAt: new Date().toISOString(),
      refundedAmount: 0,
      refundedAt: null,
    };
    const { fetch } = show('/dashboard/payment-plans?checkout=success', (url) => {
      if (url.endsWith('/session'))
        return Response.json({
          status: 'success',
          data: { user: { planId: asked > 1 ? 'starter' : 'free' } },
        });
      asked += 1;
      return asked > 1 ? billing('starter', 'stripe', [paid], true) : billing('free', 'stripe');
    });
    await screen.findByText(
      'Payment received. Your plan changes as soon as Stripe confirms it.',
      {},
      { timeout: 20_000 },
    );
    const starter = await screen.findByRole('listitem', { name: 'Starter' }, { timeout: 20_000 });
    await within(starter).findByText('Current plan', {}, { timeout: 10_000 });
    const billingCalls = () =>
      fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/v1/billing')).length;
    const settled = billingCalls();
    expect(settled).toBe(2);
    // Paid: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(billingCalls()).toBe(settled);
  });
});

describe('Payment plans on a server that takes no payments', () => {
  it('says an administrator changes plans and offers no Buy button', async () => {
    show('/dashboard/payment-plans', () => billing('free', 'none'));
    await screen.findByText(
      'This server takes no payments: an administrator changes plans on request.',
      {},
      { timeout: 20_000 },
    );
    expect(screen.queryByRole('button', { name: /Buy Plan/ })).toBeNull();
    expect(screen.getAllByText('Ask an administrator.')).toHaveLength(3);
  });
});

describe('Settings › Payment', () => {
  it('lists the cards Stripe keeps, sets the default and removes one through the API', async () => {
    const { fetch } = show('/dashboard/settings', (url, init) => {
      if (url.endsWith('/pm_amex/default'))
        return Response.json({ status: 'success', data: { paymentMethods: cards('pm_amex') } });
      if (url.endsWith('/payment-methods/pm_visa') && init?.method === 'DELETE')
        return Response.json({ status: 'success', data: { paymentMethods: cards('pm_amex').slice(1) } });
      if (url.endsWith('/payment-methods'))
        return Response.json({ status: 'success', data: { paymentMethods: cards('pm_visa') } });
      return billing('pro', 'stripe', [], true);
    });
    const list = await screen.findByRole('list', { name: 'Cards' }, { timeout: 20_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Visa ending in 4242 · expires 04/2030DefaultRemove',
      'Amex ending in 0005 · expires 12/2029Set as defaultRemove',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Set as default: Amex ending in 0005' }));
    await screen.findByRole('button', { name: 'Set as default: Visa ending in 4242' });
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith('/pm_amex/default') && init?.method === 'PUT',
      ),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Visa ending in 4242' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await screen.findByText(
      (_text, element) => element?.textContent === 'Amex ending in 0005 · expires 12/2029',
    );
    expect(screen.queryByText(/Visa ending in 4242/)).toBeNull();
    expect(screen.getByRole('button', { name: /Add a card/ })).toBeTruthy();
  });

  it('lists the payments with their receipts, and says test payments have none', async () => {
    show('/dashboard/settings', (url) =>
      url.endsWith('/payment-methods')
        ? Response.json({ status: 'success', data: { paymentMethods: [] } })
        : billing(
            'pro',
            'stripe',
            [
              {
                id: 'pay_2',
                planId: 'pro',
                amount: 27900,
                currency: 'usd',
                provider: 'stripe',
                receiptUrl: 'https://invoice.stripe.com/i/in_1',
                paidAt: '2026-11-20T10:00:00.000Z',
                refundedAmount: 0,
                refundedAt: null,
              },
              {
                id: 'pay_1',
                planId: 'starter',
                amount: 17900,
                currency: 'usd',
                provider: 'test',
                receiptUrl: null,
                paidAt: '2026-11-01T10:00:00.000Z',
                refundedAmount: 0,
                refundedAt: null,
              },
            ],
            true,
          ),
    );
    const rows = (await screen.findAllByRole('row', {}, { timeout: 20_000 })).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nov 20, 2026Pro$279.00View receipt',
      'Nov 1, 2026Starter$179.00Test payment: no receipt',
    ]);
    expect(screen.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      'https://invoice.stripe.com/i/in_1',
    );
    expect(screen.getByRole('button', { name: /Manage cards and invoices/ })).toBeTruthy();
  });
});
