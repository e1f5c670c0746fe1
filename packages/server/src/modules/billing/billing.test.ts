import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { type StripeStandIn, startStripeStandIn } from '../../../test/support/stripe-stand-in.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';
import { ConfigError, loadConfig } from '../../config.ts';

const WEBHOOK_SECRET = 'whsec_layerloomtestsecret';
const stripeEnv = (apiUrl: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_layerloom',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_STARTER: 'price_starter',
  STRIPE_PRICE_PRO: 'price_pro',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
  STRIPE_API_URL: apiUrl,
});

/**
 * The user's newest notification in the bell, and the mails they were sent with `phrase` in their text
 * (mails sent in the same millisecond have no order between them, so they are told apart by their text).
 */
async function lastNotice(test: TestApp, user: LoggedInUser, phrase?: string) {
  const bell = await test.app.inject({
    method: 'GET',
    url: '/api/v1/notifications?pageSize=50',
    headers: { cookie: user.cookie },
  });
  const { notifications, total } = bell.json().data;
  const mails = await mailsTo(test.app, user.email);
  const matching = phrase ? mails.filter((mail) => mail.text.includes(phrase)) : [];
  expect(matching.length).toBeLessThanOrEqual(1);
  return { notification: notifications[0], total, mail: matching[0], mailCount: mails.length };
}

const PLAN_MAIL_FOOTER =
  'This mail is always sent and cannot be turned off: Settings › Notification lists it among the account-safety mails.';

/**
 * A person who signed up through the referrer's link and is on a paid plan (as a payment would leave them):
 * earns the referrer the referral reward.
 */
async function referPayingUser(test: TestApp, referrer: LoggedInUser, email: string): Promise<string> {
  const { code } = (
    await test.app.inject({ method: 'GET', url: '/api/v1/referrals', headers: { cookie: referrer.cookie } })
  ).json().data;
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/v1/users',
    remoteAddress: freshIp(),
    payload: { firstname: 'Grace', lastname: 'Hopper', email, password: 'Cobol-Compiler-1959!', ref: code },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.user._id as string;
  await test.app.database.db.updateTable('users').set({ plan_id: 'starter' }).where('id', '=', id).execute();
  return id;
}

const client = (test: () => TestApp) => (user: LoggedInUser | null) => {
  const headers = user ? { cookie: user.cookie } : {};
  return {
    get: (url: string) => test().app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => test().app.inject({ method: 'POST', url, payload, headers }),
    put: (url: string, payload: object) => test().app.inject({ method: 'PUT', url, payload, headers }),
  };
};

describe.each(databaseKinds)('plans bought through the local test checkout on %s', (kind) => {
  let test: TestApp;
  let ada: LoggedInUser;
  let other: LoggedInUser;
  const as = client(() => test);

  beforeAll(async () => {
    test = await createTestApp(kind);
    ada = await createUserAndLogin(test.app);
    other = await createUserAndLogin(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('answers 401 to every billing call without a session', async () => {
    const anonymous = as(null);
    const answers = await Promise.all([
      anonymous.get('/api/v1/billing'),
      anonymous.post('/api/v1/billing/checkout', { planId: 'pro' }),
      anonymous.get('/api/v1/billing/test-checkout/co_x'),
      anonymous.post('/api/v1/billing/test-checkout/co_x/pay'),
      anonymous.post('/api/v1/billing/portal'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.message).toBe('Please log in to continue.');
    }
  });

  it('shows a new user the Free plan, the test checkout and no payments', async () => {
    const response = await as(ada).get('/api/v1/billing');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      planId: 'free',
      provider: 'test',
      payments: [],
      canOpenPortal: false,
      referralCredit: 0,
    });
  });

  it('refuses to check out the free plan, an unknown plan or the plan the user is on', async () => {
    const free = await as(ada).post('/api/v1/billing/checkout', { planId: 'free' });
    expect(free.statusCode).toBe(400);
    expect(free.json().error.fields).toEqual([{ path: 'planId', message: 'Choose a paid plan to buy' }]);
    const unknown = await as(ada).post('/api/v1/billing/checkout', { planId: 'gold' });
    expect(unknown.statusCode).toBe(400);
    const starter = await createUserAndLogin(test.app, { planId: 'starter' });
    const same = await as(starter).post('/api/v1/billing/checkout', { planId: 'starter' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('You are already on the Starter plan.');
    expect((await as(starter).get('/api/v1/billing')).json().data.payments).toEqual([]);
  });

  it('changes the plan, and what the server allows, only once the test checkout is paid', async () => {
    const project = await createFixtureProject(test.app, ada.cookie, { collectionSize: 150 });
    const refused = await as(ada).post(`/api/v1/projects/${project}/generate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('Your Free plan generates up to 100 assets');
    // A layer file of 6 MB: over the Free plan's 5 MB, within Starter's 10 MB.
    const layerId = (await as(ada).get(`/api/v1/projects/${project}`)).json().data.project.layers[0].id;
    const uploadBig = () => {
      const body = multipartFiles([{ filename: 'big.png', bytes: Buffer.alloc(6 * 1024 * 1024, 1) }]);
      return test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${project}/layers/${layerId}/traits`,
        headers: { cookie: ada.cookie, ...body.headers },
        payload: body.payload,
      });
    };
    const tooBig = await uploadBig();
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('File size is too big: big.png is over 5 MB');

    const started = await as(ada).post('/api/v1/billing/checkout', { planId: 'starter' });
    expect(started.statusCode).toBe(200);
    const { checkoutId, url } = started.json().data;
    expect(url).toBe(`/dashboard/payment-plans/test-checkout/${checkoutId}`);
    expect((await as(ada).get('/api/v1/billing')).json().data.planId).toBe('free');

    const shown = await as(ada).get(`/api/v1/billing/test-checkout/${checkoutId}`);
    expect(shown.json().data.checkout).toEqual({
      id: checkoutId,
      planId: 'starter',
      listAmount: 17900,
      credit: 0,
      amount: 17900,
      currency: 'usd',
      status: 'open',
    });
    // Someone else's checkout cannot be seen or paid.
    expect((await as(other).get(`/api/v1/billing/test-checkout/${checkoutId}`)).statusCode).toBe(404);
    expect((await as(other).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`)).statusCode).toBe(404);
    expect((await as(ada).get('/api/v1/billing')).json().data.planId).toBe('free');

    const paid = await as(ada).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ planId: 'starter' });
    const billing = (await as(ada).get('/api/v1/billing')).json().data;
    expect(billing.planId).toBe('starter');
    expect(billing.payments).toEqual([
      {
        id: expect.stringMatching(/^pay_/),
        planId: 'starter',
        amount: 17900,
        currency: 'usd',
        provider: 'test',
        receiptUrl: null,
        paidAt: expect.any(String),
        refundedAmount: 0,
        refundedAt: null,
      },
    ]);
    expect((await as(ada).get('/api/v1/session')).json().data.user.planId).toBe('starter');
    // The size limit moved at once: the 150 tokens now pass the plan and meet the layers' 27 combinations.
    const allowed = await as(ada).post(`/api/v1/projects/${project}/generate`);
    expect(allowed.statusCode).toBe(400);
    expect(allowed.json().error.message).toContain('Only 27 unique combinations are possible');
    // So did the file size: the same 6 MB file now passes the size check and is refused only as no image.
    const sized = await uploadBig();
    expect(sized.statusCode).toBe(400);
    expect(sized.json().error.message).toMatch(/File type is not supported/);
    // And the watermark: a new collection on Starter has none.
    const small = await createFixtureProject(test.app, ada.cookie, { collectionSize: 2, size: 64 });
    const generated = await as(ada).post(`/api/v1/projects/${small}/generate`);
    expect(generated.json().data.collection.watermark).toBe(false);

    const again = await as(ada).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This checkout is already paid.');
    expect((await as(ada).get('/api/v1/billing')).json().data.payments).toHaveLength(1);
  });

  it('keeps the watermark choice of collections made before a downgrade and applies the new plan to new ones', async () => {
    const pro = await createUserAndLogin(test.app, { planId: 'pro' });
    const started = (await as(pro).post('/api/v1/billing/checkout', { planId: 'starter' })).json().data;
    await as(pro).post(`/api/v1/billing/test-checkout/${started.checkoutId}/pay`);
    const billing = (await as(pro).get('/api/v1/billing')).json().data;
    expect(billing.planId).toBe('starter');
    const project = await createFixtureProject(test.app, pro.cookie, { collectionSize: 1001 });
    const refused = await as(pro).post(`/api/v1/projects/${project}/generate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('Your Starter plan generates up to 1,000 assets');
  });

  it('switches back to Free at once: new generations get the Free limits; on Free already is a 409', async () => {
    const buyer = await createUserAndLogin(test.app, { planId: 'starter' });
    const project = await createFixtureProject(test.app, buyer.cookie, { collectionSize: 150 });
    const switched = await as(buyer).post('/api/v1/billing/free');
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toEqual({ planId: 'free' });
    expect((await as(buyer).get('/api/v1/session')).json().data.user.planId).toBe('free');
    const refused = await as(buyer).post(`/api/v1/projects/${project}/generate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('Your Free plan generates up to 100 assets');
    const { notification, mail } = await lastNotice(test, buyer, 'changed to Free');
    expect(notification).toMatchObject({ kind: 'plan_changed', title: 'Your plan is now Free' });
    expect(mail?.subject).toBe('Your plan is now Free');
    const again = await as(buyer).post('/api/v1/billing/free');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already on the Free plan.');
    expect((await as(null).post('/api/v1/billing/free')).statusCode).toBe(401);
  });

  it('refunds a test payment in full through the refund path: Refunded, and the plan it bought is taken away', async () => {
    const buyer = await createUserAndLogin(test.app);
    const { checkoutId } = (await as(buyer).post('/api/v1/billing/checkout', { planId: 'pro' })).json().data;
    await as(buyer).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`);
    const [payment] = (await as(buyer).get('/api/v1/billing')).json().data.payments;
    expect((await as(other).post(`/api/v1/billing/test-payments/${payment.id}/refund`)).statusCode).toBe(404);
    expect((await as(null).post(`/api/v1/billing/test-payments/${payment.id}/refund`)).statusCode).toBe(401);
    expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('pro');

    const refunded = await as(buyer).post(`/api/v1/billing/test-payments/${payment.id}/refund`);
    expect(refunded.statusCode).toBe(200);
    const billing = (await as(buyer).get('/api/v1/billing')).json().data;
    expect(billing.planId).toBe('free');
    expect(billing.payments).toEqual([
      { ...payment, refundedAmount: payment.amount, refundedAt: expect.any(String) },
    ]);
    const twice = await as(buyer).post(`/api/v1/billing/test-payments/${payment.id}/refund`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This payment is already refunded.');
  });

  it('falls back to the best plan still paid for when a refund takes the plan away, and tells the user in the bell and by mail', async () => {
    const buyer = await createUserAndLogin(test.app);
    const buy = async (planId: string) => {
      const { checkoutId } = (await as(buyer).post('/api/v1/billing/checkout', { planId })).json().data;
      expect((await as(buyer).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`)).statusCode).toBe(200);
    };
    await buy('starter');
    await buy('pro');
    // The plan-change mail of the payment does not offer a toggle Settings › Notification does not have.
    const bought = await lastNotice(test, buyer, 'changed to Pro');
    expect(bought.mail?.subject).toBe('Your plan is now Pro');
    expect(bought.mail?.text).toContain(PLAN_MAIL_FOOTER);
    expect(bought.mail?.text).not.toContain('turn these mails off');
    const [pro, starter] = (await as(buyer).get('/api/v1/billing')).json().data.payments;
    expect([pro.planId, starter.planId]).toEqual(['pro', 'starter']);

    expect((await as(buyer).post(`/api/v1/billing/test-payments/${pro.id}/refund`)).statusCode).toBe(200);
    expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('starter');
    let told = await lastNotice(test, buyer, 'Pro plan was refunded');
    expect(told.notification).toMatchObject({
      kind: 'plan_changed',
      title: 'Your plan is now Starter',
      body: 'Your payment for the Pro plan was refunded, so your Layerloom plan changed to Starter, the best plan you still have a payment for.',
      link: '/dashboard/payment-plans',
      read: false,
    });
    expect(told.mail?.subject).toBe('Your plan is now Starter');
    expect(told.mail?.text).toContain('Your payment for the Pro plan was refunded');
    expect(told.mail?.text).toContain(PLAN_MAIL_FOOTER);

    expect((await as(buyer).post(`/api/v1/billing/test-payments/${starter.id}/refund`)).statusCode).toBe(200);
    expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('free');
    told = await lastNotice(test, buyer, 'Starter plan was refunded');
    expect(told.notification).toMatchObject({
      title: 'Your plan is now Free',
      body: 'Your payment for the Starter plan was refunded, so your Layerloom plan changed to Free.',
    });
    expect(told.mail?.subject).toBe('Your plan is now Free');
  });

  it('keeps the plan, and tells nothing, when a refunded payment was not for the plan the user is on', async () => {
    const buyer = await createUserAndLogin(test.app);
    for (const planId of ['pro', 'starter', 'pro']) {
      const { checkoutId } = (await as(buyer).post('/api/v1/billing/checkout', { planId })).json().data;
      await as(buyer).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`);
    }
    const payments = (await as(buyer).get('/api/v1/billing')).json().data.payments;
    expect(payments.map((p: { planId: string }) => p.planId)).toEqual(['pro', 'starter', 'pro']);
    const before = await lastNotice(test, buyer);
    // The Starter payment, then one of the two Pro payments: Pro is still paid for by the other.
    for (const payment of payments.slice(1)) {
      expect((await as(buyer).post(`/api/v1/billing/test-payments/${payment.id}/refund`)).statusCode).toBe(
        200,
      );
      expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('pro');
    }
    const after = await lastNotice(test, buyer);
    expect(after.notification.id).toBe(before.notification.id);
    expect(after.total).toBe(before.total);
    expect(after.mailCount).toBe(before.mailCount);
  });

  it('takes the referral credit off the next checkout, once, and gives it back when that payment is refunded', async () => {
    const referrer = await createUserAndLogin(test.app);
    const credit = async () => ({
      billing: (await as(referrer).get('/api/v1/billing')).json().data.referralCredit,
      referrals: (await as(referrer).get('/api/v1/referrals')).json().data.creditAvailableUsd,
    });
    expect(await credit()).toEqual({ billing: 0, referrals: 0 });
    const rule = (await as(referrer).get('/api/v1/referrals')).json().data.rewardRule;
    expect(rule).toBe(
      'You earn $10 of Layerloom credit for each person you referred who buys a paid plan. Your credit is taken off the price of the next plan you buy, at checkout.',
    );
    await referPayingUser(test, referrer, `first-${kind}@example.com`);
    expect(await credit()).toEqual({ billing: 1000, referrals: 10 });

    const first = (await as(referrer).post('/api/v1/billing/checkout', { planId: 'pro' })).json().data;
    const shown = (await as(referrer).get(`/api/v1/billing/test-checkout/${first.checkoutId}`)).json().data;
    expect(shown.checkout).toEqual({
      id: first.checkoutId,
      planId: 'pro',
      listAmount: 27900,
      credit: 1000,
      amount: 26900,
      currency: 'usd',
      status: 'open',
    });
    // Still shown as there while the checkout is unpaid: the next checkout takes it, and expires the first
    // (left unpaid: cancelled, or its tab closed), so the credit is used once.
    expect(await credit()).toEqual({ billing: 1000, referrals: 10 });
    const second = (await as(referrer).post('/api/v1/billing/checkout', { planId: 'starter' })).json().data;
    expect(
      (await as(referrer).get(`/api/v1/billing/test-checkout/${second.checkoutId}`)).json().data.checkout,
    ).toMatchObject({ listAmount: 17900, credit: 1000, amount: 16900, status: 'open' });
    expect(
      (await as(referrer).get(`/api/v1/billing/test-checkout/${first.checkoutId}`)).json().data.checkout,
    ).toMatchObject({ credit: 1000, status: 'expired' });
    const stale = await as(referrer).post(`/api/v1/billing/test-checkout/${first.checkoutId}/pay`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe('This checkout has expired: start again from Payment plans.');
    expect((await as(referrer).get('/api/v1/billing')).json().data.payments).toEqual([]);

    expect(
      (await as(referrer).post(`/api/v1/billing/test-checkout/${second.checkoutId}/pay`)).statusCode,
    ).toBe(200);
    const billing = (await as(referrer).get('/api/v1/billing')).json().data;
    expect(billing).toMatchObject({ planId: 'starter', referralCredit: 0 });
    expect(billing.payments[0]).toMatchObject({ planId: 'starter', amount: 16900 });
    // A checkout without credit to hold expires nothing.
    const third = (await as(referrer).post('/api/v1/billing/checkout', { planId: 'pro' })).json().data;
    const fourth = (await as(referrer).post('/api/v1/billing/checkout', { planId: 'enterprise' })).json()
      .data;
    for (const { checkoutId } of [third, fourth]) {
      expect(
        (await as(referrer).get(`/api/v1/billing/test-checkout/${checkoutId}`)).json().data.checkout,
      ).toMatchObject({ credit: 0, status: 'open' });
    }
    expect((await as(referrer).get('/api/v1/referrals')).json().data.totalRewardUsd).toBe(10);

    // A second paying referral earns $10 more; the refund of the payment that used the first gives it back.
    await referPayingUser(test, referrer, `second-${kind}@example.com`);
    expect(await credit()).toEqual({ billing: 1000, referrals: 10 });
    await as(referrer).post(`/api/v1/billing/test-payments/${billing.payments[0].id}/refund`);
    expect(await credit()).toEqual({ billing: 2000, referrals: 20 });
  });

  it("never takes a price below Stripe's least charge, however much credit there is", async () => {
    const referrer = await createUserAndLogin(test.app);
    const now = new Date().toISOString();
    // 18 people on a paid plan: $180 of credit, more than Starter's $179.
    for (let index = 0; index < 18; index++) {
      const referred = await createUserAndLogin(test.app, { planId: 'starter' });
      await test.app.database.db
        .insertInto('referrals')
        .values({
          id: `ref-${kind}-${index}-${referrer.id}`,
          referrer_id: referrer.id,
          email: referred.email,
          referred_user_id: referred.id,
          invited_at: null,
          last_invited_at: null,
          signed_up_at: now,
          created_at: now,
        })
        .execute();
    }
    expect((await as(referrer).get('/api/v1/billing')).json().data.referralCredit).toBe(18000);
    const { checkoutId } = (await as(referrer).post('/api/v1/billing/checkout', { planId: 'starter' })).json()
      .data;
    expect(
      (await as(referrer).get(`/api/v1/billing/test-checkout/${checkoutId}`)).json().data.checkout,
    ).toMatchObject({ listAmount: 17900, credit: 17850, amount: 50 });
    await as(referrer).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`);
    expect((await as(referrer).get('/api/v1/billing')).json().data.referralCredit).toBe(150);
    expect((await as(referrer).get('/api/v1/referrals')).json().data.creditAvailableUsd).toBe(1.5);
  });

  it('refuses to pay a test checkout left unpaid for a day, as a Stripe session expires (409, nothing written)', async () => {
    const referrer = await createUserAndLogin(test.app);
    await referPayingUser(test, referrer, `late-${kind}@example.com`);
    const { checkoutId } = (await as(referrer).post('/api/v1/billing/checkout', { planId: 'starter' })).json()
      .data;
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000).toISOString();
    await test.app.database.db
      .updateTable('billing_checkouts')
      .set({ created_at: dayAgo })
      .where('id', '=', checkoutId)
      .execute();
    const late = await as(referrer).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This checkout has expired: start again from Payment plans.');
    const billing = (await as(referrer).get('/api/v1/billing')).json().data;
    expect(billing).toMatchObject({ planId: 'free', payments: [], referralCredit: 1000 });
  });

  it('lists no cards and offers no card form with the test checkout', async () => {
    const cards = await as(ada).get('/api/v1/billing/payment-methods');
    expect(cards.statusCode).toBe(200);
    expect(cards.json().data.paymentMethods).toEqual([]);
    const setup = await as(ada).post('/api/v1/billing/payment-methods/setup');
    expect(setup.statusCode).toBe(404);
  });

  it('has no portal without Stripe', async () => {
    const portal = await as(ada).post('/api/v1/billing/portal');
    expect(portal.statusCode).toBe(404);
    expect(portal.json().error.message).toBe('Card payments are not set up on this server.');
  });
});

describe.each(databaseKinds)('plans bought through Stripe on %s', (kind) => {
  let test: TestApp;
  let standIn: StripeStandIn;
  let ada: LoggedInUser;
  const as = client(() => test);
  const signer = new Stripe('sk_test_signer');

  const checkoutCompleted = (id: string, checkoutId: string, amount = 27900) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${id}`,
          object: 'checkout.session',
          client_reference_id: checkoutId,
          payment_status: 'paid',
          amount_total: amount,
          currency: 'usd',
          invoice: `in_${id}`,
          payment_intent: `pi_${id}`,
        },
      },
    });
  const deliver = (payload: string, signature?: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    });
  const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
    signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    test = await createTestApp(kind, stripeEnv(standIn.url));
    ada = await createUserAndLogin(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    await standIn?.close();
  });

  it('opens a Stripe Checkout Session for the plan price, as a customer of the user, and changes nothing yet', async () => {
    const started = await as(ada).post('/api/v1/billing/checkout', { planId: 'pro' });
    expect(started.statusCode).toBe(200);
    const { checkoutId, url } = started.json().data;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const customer = standIn.requests.find((r) => r.path === '/v1/customers');
    expect(customer?.form.get('email')).toBe(ada.email);
    expect(customer?.authorization).toBe('Bearer sk_test_layerloom');
    const session = standIn.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(session?.form.get('mode')).toBe('payment');
    expect(session?.form.get('line_items[0][price]')).toBe('price_pro');
    expect(session?.form.get('client_reference_id')).toBe(checkoutId);
    expect(session?.form.get('customer')).toMatch(/^cus_/);
    expect(session?.form.get('success_url')).toMatch(/\/dashboard\/payment-plans\?checkout=success$/);
    const billing = (await as(ada).get('/api/v1/billing')).json().data;
    expect(billing).toMatchObject({ planId: 'free', provider: 'stripe', payments: [], canOpenPortal: true });
    // The local test checkout does not exist beside Stripe.
    expect((await as(ada).get(`/api/v1/billing/test-checkout/${checkoutId}`)).statusCode).toBe(404);
    expect((await as(ada).post(`/api/v1/billing/test-checkout/${checkoutId}/pay`)).statusCode).toBe(404);
  });

  it('shows the referral credit on Stripe Checkout as a one-use coupon of exactly that amount, and records the discounted payment', async () => {
    const referrer = await createUserAndLogin(test.app);
    await referPayingUser(test, referrer, `stripe-${kind}@example.com`);
    expect((await as(referrer).get('/api/v1/billing')).json().data.referralCredit).toBe(1000);
    const started = await as(referrer).post('/api/v1/billing/checkout', { planId: 'pro' });
    expect(started.statusCode).toBe(200);
    const { checkoutId } = started.json().data;
    const coupon = standIn.requests.findLast((r) => r.path === '/v1/coupons');
    expect(Object.fromEntries(coupon?.form ?? [])).toEqual({
      amount_off: '1000',
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
      name: 'Referral credit',
      'metadata[checkoutId]': checkoutId,
    });
    const session = standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(session?.form.get('client_reference_id')).toBe(checkoutId);
    expect(session?.form.get('line_items[0][price]')).toBe('price_pro');
    expect(session?.form.get('discounts[0][coupon]')).toMatch(/^coupon_standin/);
    // Shown as still there: the next checkout takes it (and expires this one).
    expect((await as(referrer).get('/api/v1/billing')).json().data.referralCredit).toBe(1000);

    // Back on Layerloom without paying, the user starts again: the first session is expired at Stripe
    // (it cannot be paid any more) and the new one gets the credit.
    const sessionsBefore = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const again = await as(referrer).post('/api/v1/billing/checkout', { planId: 'pro' });
    expect(again.statusCode).toBe(200);
    const firstRow = await test.app.database.db
      .selectFrom('billing_checkouts')
      .select(['status', 'provider_session_id'])
      .where('id', '=', checkoutId)
      .executeTakeFirstOrThrow();
    expect(firstRow.status).toBe('expired');
    expect(firstRow.provider_session_id).toMatch(/^cs_test_standin/);
    expect(standIn.requests.findLast((r) => r.path.endsWith('/expire'))?.path).toBe(
      `/v1/checkout/sessions/${firstRow.provider_session_id}/expire`,
    );
    expect(standIn.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(
      sessionsBefore + 1,
    );
    expect(standIn.requests.findLast((r) => r.path === '/v1/coupons')?.form.get('amount_off')).toBe('1000');

    const paid = checkoutCompleted(`evt_credit_${kind}`, again.json().data.checkoutId, 26900);
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    const billing = (await as(referrer).get('/api/v1/billing')).json().data;
    expect(billing).toMatchObject({ planId: 'pro', referralCredit: 0 });
    expect(billing.payments[0]).toMatchObject({ planId: 'pro', amount: 26900 });
    // Without credit, no coupon: the session has no discount.
    const couponsBefore = standIn.requests.filter((r) => r.path === '/v1/coupons').length;
    await as(ada).post('/api/v1/billing/checkout', { planId: 'enterprise' });
    expect(standIn.requests.filter((r) => r.path === '/v1/coupons')).toHaveLength(couponsBefore);
    expect(
      standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions')?.form.has('discounts[0][coupon]'),
    ).toBe(false);
  });

  it('leaves the credit with a session Stripe will not expire (paid meanwhile): the new checkout gets none', async () => {
    const referrer = await createUserAndLogin(test.app);
    await referPayingUser(test, referrer, `paid-meanwhile-${kind}@example.com`);
    const first = (await as(referrer).post('/api/v1/billing/checkout', { planId: 'starter' })).json().data;
    standIn.refuseExpire = true;
    try {
      const couponsBefore = standIn.requests.filter((r) => r.path === '/v1/coupons').length;
      const second = await as(referrer).post('/api/v1/billing/checkout', { planId: 'pro' });
      expect(second.statusCode).toBe(200);
      expect(standIn.requests.filter((r) => r.path === '/v1/coupons')).toHaveLength(couponsBefore);
      expect(
        standIn.requests
          .findLast((r) => r.path === '/v1/checkout/sessions')
          ?.form.has('discounts[0][coupon]'),
      ).toBe(false);
    } finally {
      standIn.refuseExpire = false;
    }
    const row = await test.app.database.db
      .selectFrom('billing_checkouts')
      .select(['status', 'credit_amount'])
      .where('id', '=', first.checkoutId)
      .executeTakeFirstOrThrow();
    expect({ status: row.status, credit: Number(row.credit_amount) }).toEqual({
      status: 'open',
      credit: 1000,
    });
    // Its payment arrives: the credit was used there.
    const paid = checkoutCompleted(`evt_paid_meanwhile_${kind}`, first.checkoutId, 16900);
    expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    expect((await as(referrer).get('/api/v1/billing')).json().data).toMatchObject({
      planId: 'starter',
      referralCredit: 0,
    });
  });

  it('refuses unsigned, wrongly signed and stale (replayed) webhooks and changes nothing', async () => {
    const checkoutId = (await as(ada).post('/api/v1/billing/checkout', { planId: 'pro' })).json().data
      .checkoutId;
    const payload = checkoutCompleted('evt_forged', checkoutId);
    const unsigned = await deliver(payload);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toBe('The Stripe-Signature header is missing.');
    const wrong = await deliver(payload, sign(payload, 'whsec_someoneelse'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('The webhook signature does not match.');
    const tampered = await deliver(payload.replace('27900', '100'), sign(payload));
    expect(tampered.statusCode).toBe(400);
    const stale = await deliver(payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(400);
    const billing = (await as(ada).get('/api/v1/billing')).json().data;
    expect(billing.planId).toBe('free');
    expect(billing.payments).toEqual([]);
  });

  it('moves the user to the plan on a signed checkout.session.completed, once per event id', async () => {
    const checkoutId = (await as(ada).post('/api/v1/billing/checkout', { planId: 'pro' })).json().data
      .checkoutId;
    const payload = checkoutCompleted('evt_paid1', checkoutId);
    const received = await deliver(payload, sign(payload));
    expect(received.statusCode).toBe(200);
    expect(received.json().data).toEqual({ received: true, duplicate: false });
    const billing = (await as(ada).get('/api/v1/billing')).json().data;
    expect(billing.planId).toBe('pro');
    expect(billing.payments).toEqual([
      {
        id: expect.stringMatching(/^pay_/),
        planId: 'pro',
        amount: 27900,
        currency: 'usd',
        provider: 'stripe',
        receiptUrl: 'https://invoice.stripe.com/i/in_evt_paid1',
        paidAt: expect.any(String),
        refundedAmount: 0,
        refundedAt: null,
      },
    ]);
    // Stripe delivers the same event again (at-least-once): answered, applied nothing.
    const redelivered = await deliver(payload, sign(payload));
    expect(redelivered.statusCode).toBe(200);
    expect(redelivered.json().data).toEqual({ received: true, duplicate: true });
    expect((await as(ada).get('/api/v1/billing')).json().data.payments).toHaveLength(1);
  });

  it('applies charge.refunded: a partial refund keeps the plan, a full one takes it away, once per event id', async () => {
    const buyer = await createUserAndLogin(test.app);
    const checkoutId = (await as(buyer).post('/api/v1/billing/checkout', { planId: 'starter' })).json().data
      .checkoutId;
    const paid = checkoutCompleted('evt_refundable', checkoutId, 17900);
    await deliver(paid, sign(paid));
    const refund = (id: string, amountRefunded: number) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'charge.refunded',
        data: {
          object: {
            id: `ch_${id}`,
            object: 'charge',
            amount: 17900,
            amount_refunded: amountRefunded,
            payment_intent: 'pi_evt_refundable',
            refunded: amountRefunded === 17900,
          },
        },
      });
    const partial = refund('evt_refund_part', 5000);
    expect((await deliver(partial, sign(partial))).json().data).toEqual({ received: true, duplicate: false });
    let billing = (await as(buyer).get('/api/v1/billing')).json().data;
    expect(billing.planId).toBe('starter');
    expect(billing.payments[0]).toMatchObject({ amount: 17900, refundedAmount: 5000 });

    const unsigned = refund('evt_refund_forged', 17900);
    expect((await deliver(unsigned, sign(unsigned, 'whsec_someoneelse'))).statusCode).toBe(400);
    expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('starter');

    const full = refund('evt_refund_full', 17900);
    expect((await deliver(full, sign(full))).statusCode).toBe(200);
    billing = (await as(buyer).get('/api/v1/billing')).json().data;
    expect(billing.planId).toBe('free');
    expect(billing.payments[0]).toMatchObject({ refundedAmount: 17900, refundedAt: expect.any(String) });
    const told = await lastNotice(test, buyer, 'was refunded');
    expect(told.notification).toMatchObject({
      kind: 'plan_changed',
      title: 'Your plan is now Free',
      body: 'Your payment for the Starter plan was refunded, so your Layerloom plan changed to Free.',
    });
    expect(told.mail?.subject).toBe('Your plan is now Free');
    expect(told.mail?.text).toContain(PLAN_MAIL_FOOTER);
    // Buying again, then Stripe re-delivering the old refund, changes nothing.
    await test.app.database.db
      .updateTable('users')
      .set({ plan_id: 'pro' })
      .where('id', '=', buyer.id)
      .execute();
    expect((await deliver(full, sign(full))).json().data).toEqual({ received: true, duplicate: true });
    expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('pro');
  });

  it('on a full charge.refunded of the plan bought last, falls back to the plan bought before and tells the user', async () => {
    const buyer = await createUserAndLogin(test.app);
    const pay = async (planId: string, event: string, amount: number) => {
      const checkoutId = (await as(buyer).post('/api/v1/billing/checkout', { planId })).json().data
        .checkoutId;
      const paid = checkoutCompleted(event, checkoutId, amount);
      expect((await deliver(paid, sign(paid))).statusCode).toBe(200);
    };
    await pay('starter', 'evt_first_starter', 17900);
    await pay('enterprise', 'evt_then_enterprise', 37900);
    expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('enterprise');
    const refund = JSON.stringify({
      id: 'evt_refund_enterprise',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_enterprise',
          object: 'charge',
          amount: 37900,
          amount_refunded: 37900,
          payment_intent: 'pi_evt_then_enterprise',
          refunded: true,
        },
      },
    });
    expect((await deliver(refund, sign(refund))).statusCode).toBe(200);
    expect((await as(buyer).get('/api/v1/billing')).json().data.planId).toBe('starter');
    const told = await lastNotice(test, buyer, 'was refunded');
    expect(told.notification).toMatchObject({
      kind: 'plan_changed',
      title: 'Your plan is now Starter',
      body: 'Your payment for the Enterprise plan was refunded, so your Layerloom plan changed to Starter, the best plan you still have a payment for.',
    });
    expect(told.mail?.subject).toBe('Your plan is now Starter');
  });

  it('records events it does not act on, and ignores an unpaid session', async () => {
    const other = await createUserAndLogin(test.app);
    const checkoutId = (await as(other).post('/api/v1/billing/checkout', { planId: 'starter' })).json().data
      .checkoutId;
    const unpaid = JSON.stringify({
      id: 'evt_unpaid',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: { object: 'checkout.session', client_reference_id: checkoutId, payment_status: 'unpaid' },
      },
    });
    const answered = await deliver(unpaid, sign(unpaid));
    expect(answered.statusCode).toBe(200);
    expect((await as(other).get('/api/v1/billing')).json().data.planId).toBe('free');
  });

  it("opens Stripe's Customer Portal for the user's customer and returns to Settings › Payment", async () => {
    const portal = await as(ada).post('/api/v1/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const request = standIn.requests.findLast((r) => r.path === '/v1/billing_portal/sessions');
    expect(request?.form.get('return_url')).toMatch(/\/dashboard\/settings\?tab=payment$/);
    const stranger = await createUserAndLogin(test.app);
    const none = await as(stranger).post('/api/v1/billing/portal');
    expect(none.statusCode).toBe(409);
  });

  it("prints the Edit Profile name and postal address on Stripe's invoices, and removes an address taken out of the profile", async () => {
    const grace = await createUserAndLogin(test.app);
    const profile = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: grace.email,
      address: '1 Navy Yard',
      city: 'Arlington',
      state: 'VA',
      country: 'US',
      zipcode: '22202',
    };
    expect((await as(grace).put('/api/v1/account/profile', profile)).statusCode).toBe(200);
    expect((await as(grace).post('/api/v1/billing/checkout', { planId: 'pro' })).statusCode).toBe(200);
    const created = standIn.requests.findLast((r) => r.path === '/v1/customers');
    expect(created?.form.get('email')).toBe(grace.email);
    expect(created?.form.get('name')).toBe('Grace Hopper');
    expect(
      Object.fromEntries([...(created?.form.entries() ?? [])].filter(([key]) => key.startsWith('address'))),
    ).toEqual({
      'address[line1]': '1 Navy Yard',
      'address[city]': 'Arlington',
      'address[state]': 'VA',
      'address[postal_code]': '22202',
      'address[country]': 'US',
    });
    const customerId = (
      await test.app.database.db
        .selectFrom('billing_customers')
        .select('provider_customer_id')
        .where('user_id', '=', grace.id)
        .executeTakeFirstOrThrow()
    ).provider_customer_id;

    // The address goes from the profile: the next checkout takes it off the customer (and so off its invoices).
    const bare = { ...profile, address: '', city: '', state: '', country: null, zipcode: '' };
    expect((await as(grace).put('/api/v1/account/profile', bare)).statusCode).toBe(200);
    expect((await as(grace).post('/api/v1/billing/checkout', { planId: 'pro' })).statusCode).toBe(200);
    const updated = standIn.requests.findLast((r) => r.path === `/v1/customers/${customerId}`);
    expect(updated?.method).toBe('POST');
    expect(updated?.form.get('name')).toBe('Grace Hopper');
    expect(updated?.form.get('address')).toBe('');
  });

  it("lists the user's cards (brand, last four, expiry, default first), sets the default and removes one; others' cards are 404", async () => {
    const customer = (
      await test.app.database.db
        .selectFrom('billing_customers')
        .select('provider_customer_id')
        .where('user_id', '=', ada.id)
        .executeTakeFirstOrThrow()
    ).provider_customer_id;
    const visa = standIn.addCard(customer, { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 });
    const amex = standIn.addCard(customer, { brand: 'amex', last4: '0005', expMonth: 12, expYear: 2029 });
    const strangers = standIn.addCard('cus_someoneelse', {
      brand: 'visa',
      last4: '1111',
      expMonth: 1,
      expYear: 2031,
    });

    const listed = await as(ada).get('/api/v1/billing/payment-methods');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.paymentMethods).toEqual([
      { id: visa, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, isDefault: false },
      { id: amex, brand: 'amex', last4: '0005', expMonth: 12, expYear: 2029, isDefault: false },
    ]);
    const put = (id: string) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/v1/billing/payment-methods/${id}/default`,
        headers: { cookie: ada.cookie },
      });
    const del = (id: string, user = ada) =>
      test.app.inject({
        method: 'DELETE',
        url: `/api/v1/billing/payment-methods/${id}`,
        headers: { cookie: user.cookie },
      });

    const chosen = await put(amex);
    expect(chosen.statusCode).toBe(200);
    expect(
      chosen.json().data.paymentMethods.map((m: { id: string; isDefault: boolean }) => [m.id, m.isDefault]),
    ).toEqual([
      [amex, true],
      [visa, false],
    ]);
    for (const answer of [
      await put(strangers),
      await del(strangers),
      await put('pm_missing'),
      await del('not-a-card'),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe('Card not found');
    }
    const other = await createUserAndLogin(test.app);
    expect((await del(visa, other)).statusCode).toBe(404);

    const removed = await del(visa);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.paymentMethods.map((m: { id: string }) => m.id)).toEqual([amex]);
    expect(standIn.requests.some((r) => r.path === `/v1/payment_methods/${strangers}/detach`)).toBe(false);
  });

  it("adds a card on Stripe's own page: a setup-mode Checkout Session for the user's customer", async () => {
    const answer = await as(ada).post('/api/v1/billing/payment-methods/setup');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const session = standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(session?.form.get('mode')).toBe('setup');
    expect(session?.form.get('customer')).toMatch(/^cus_/);
    expect(session?.form.get('success_url')).toMatch(/\/dashboard\/settings\?tab=payment&card=added$/);
    const anonymous = await as(null).get('/api/v1/billing/payment-methods');
    expect(anonymous.statusCode).toBe(401);
  });

  it('says the provider is unreachable (503) and stores no checkout when Stripe fails', async () => {
    const bob = await createUserAndLogin(test.app);
    standIn.failWith = 500;
    try {
      const started = await as(bob).post('/api/v1/billing/checkout', { planId: 'starter' });
      expect(started.statusCode).toBe(503);
      expect(started.json().error.message).toBe(
        'The payment provider did not answer. Please try again in a minute.',
      );
    } finally {
      standIn.failWith = undefined;
    }
    const count = await test.app.database.db
      .selectFrom('billing_checkouts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('plans on a production server without Stripe', () => {
  let test: TestApp;
  let ada: LoggedInUser;
  const as = client(() => test);
  beforeAll(async () => {
    test = await createTestApp('sqlite', { NODE_ENV: 'production' });
    ada = await createUserAndLogin(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('says no payments are taken, refuses a checkout (409) and has no test checkout', async () => {
    expect((await as(ada).get('/api/v1/billing')).json().data).toMatchObject({
      planId: 'free',
      provider: 'none',
    });
    const started = await as(ada).post('/api/v1/billing/checkout', { planId: 'pro' });
    expect(started.statusCode).toBe(409);
    expect(started.json().error.message).toBe(
      'Plans cannot be bought on this server yet: ask an administrator.',
    );
    expect((await as(ada).post('/api/v1/billing/test-checkout/co_x/pay')).statusCode).toBe(404);
    const rows = await test.app.database.db.selectFrom('billing_checkouts').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

describe('billing configuration', () => {
  const base = { DATA_DIR: '/tmp/layerloom-config-test' };
  it('uses the local test checkout without STRIPE_*, and none in production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).billing).toEqual({ kind: 'test' });
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).billing).toEqual({ kind: 'none' });
  });
  it('refuses half a Stripe configuration and malformed values, naming the variable', () => {
    const full = stripeEnv('http://127.0.0.1:12111');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO, STRIPE_PRICE_ENTERPRISE must be set too/,
    );
    expect(() => loadConfig({ ...base, ...full, STRIPE_SECRET_KEY: 'pk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...full, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/whsec_/);
    expect(() => loadConfig({ ...base, ...full, STRIPE_PRICE_PRO: 'prod_123' })).toThrow(/STRIPE_PRICE_PRO/);
    expect(loadConfig({ ...base, ...full, NODE_ENV: 'production' }).billing).toMatchObject({
      kind: 'stripe',
      prices: { starter: 'price_starter', pro: 'price_pro', enterprise: 'price_enterprise' },
    });
  });
});
