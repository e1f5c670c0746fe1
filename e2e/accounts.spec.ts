import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  type OpenedPage,
  openPage,
  sameOrigin,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.ts';

const VERIFY_MAIL = /Subject: Confirm your email for Layerloom/;
const RESET_MAIL = /Subject: Your Layerloom password reset code/;

/** The six-digit code on its own line in a reset mail. */
function codeFrom(mail: string): string {
  const code = /^(\d{6})$/m.exec(mail)?.[1];
  if (!code) throw new Error(`No code in the mail:\n${mail}`);
  return code;
}

/** A code that is surely wrong: every digit shifted by one. */
const wrongCode = (code: string) => [...code].map((digit) => String((Number(digit) + 1) % 10)).join('');

// A wrong code or a used link is a 4xx on purpose: the browser logs those responses as console errors. Everything else printed as an error fails a test.
const expectedResponse = /Failed to load resource: the server responded with a status of (400|401|403|410)/;
function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !expectedResponse.test(error));
}

/** Axe, console errors and a screenshot of the current screen. */
async function check(opened: OpenedPage, name: string) {
  await opened.page.waitForLoadState('networkidle');
  // Let antd's enter animations settle so the screenshot and axe see the final colours.
  await opened.page.waitForTimeout(350);
  await screenshot(opened.page, `accounts-${name}`);
  expect(await seriousAxeViolations(opened.page), `${name} has serious axe violations`).toEqual([]);
  expect(unexpectedErrors(opened.errors), `${name} logged console errors`).toEqual([]);
}

/** Pastes `text` into an element as a user's clipboard paste would. */
async function pasteInto(page: Page, selector: string, text: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((element, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
}

const otpBox = (page: Page, index: number) => page.getByLabel(`Digit ${index} of 6`, { exact: true });

describe('accounts in the browser', () => {
  let smtp: SmtpSink;
  let app: RunningApp;
  let browser: Browser;
  /** One signed-in admin for the whole file: logins from one address are rate limited (10 per 15 min). */
  let admin: OpenedPage;
  const stamp = Date.now().toString(36);
  const grace = {
    first: 'Grace',
    last: 'Hopper',
    email: `grace-${stamp}@example.com`,
    password: 'cobol-compiler-1959',
  };
  const mallory = {
    first: 'Mallory',
    last: 'Spam',
    email: `mallory-${stamp}@example.com`,
    password: 'buy-now-cheap',
  };

  /** The verification link (on this app) in a mail. */
  const verifyLinkIn = (mail: string): string => {
    const link = new RegExp(`${app.url.replace(/[.]/g, '\\.')}/verify/[^\\s"<]+/[^\\s"<]+`).exec(mail)?.[0];
    if (!link) throw new Error(`No verification link in the mail:\n${mail}`);
    return link;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Layerloom <hello@layerloom.test>',
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
    });
    browser = await launchBrowser();
    admin = await openPage(browser, app.url, 'desktop');
    await signIn(admin.context, testAdmin.email, testAdmin.password);
  });

  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
    await app?.stop();
    await smtp?.close();
  });

  it('signs up, verifies from the mailed link, is approved by the admin, logs in and out', async () => {
    const visitor = await openPage(browser, app.url, 'desktop');
    const { page } = visitor;

    // Sign-up validation messages.
    await page.goto('/auth/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('First name is required!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Last name is required!').isVisible()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill('grace@');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Password must be at least 6 characters!').isVisible()).toBe(true);
    await check(visitor, 'signup-errors');

    // Sign up for real.
    await page.getByLabel('First name', { exact: true }).fill(grace.first);
    await page.getByLabel('Last name', { exact: true }).fill(grace.last);
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/success');
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    await expect
      .poll(() => page.getByText('Your account has been created successfully.').isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText(/Please check your email for verification/).isVisible())
      .toBe(true);
    // What comes after the mail: an administrator's approval, how long it usually takes, and a mail then.
    const steps = page.getByRole('region', { name: 'What happens next' });
    expect(await steps.locator('li').allTextContents()).toEqual([
      'Confirm your email address with the link we emailed you.',
      'An administrator approves new accounts, usually within one working day.',
      'We email you as soon as your account is approved; you can log in then.',
    ]);
    await check(visitor, 'success');

    // The same address again is refused on the email field.
    await page.goto('/auth/signup');
    await page.getByLabel('First name', { exact: true }).fill(grace.first);
    await page.getByLabel('Last name', { exact: true }).fill(grace.last);
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect
      .poll(() => page.getByText('An account with this email already exists').isVisible())
      .toBe(true);
    visitor.errors.splice(0); // the 409 of the duplicate is expected

    // Not verified yet: login says so.
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Email not confirmed yet').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Resend verification email' }).isVisible())
      .toBe(true);
    await check(visitor, 'login-unverified');

    // The verification mail arrived at the SMTP sink; its link verifies once.
    const link = verifyLinkIn(await smtp.waitFor(grace.email, VERIFY_MAIL));
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Email verified' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(/Your account has been successfully verified\./).isVisible())
      .toBe(true);
    // Not approved yet: the page says what comes next instead of leading to a login that would be refused.
    await expect
      .poll(() => page.getByRole('region', { name: 'What happens next' }).textContent())
      .toContain('An administrator approves new accounts, usually within one working day.');
    expect(await page.getByRole('link', { name: 'Go to Login' }).count()).toBe(0);
    await check(visitor, 'verify-verified');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Already verified' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Login' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to the homepage' }).waitFor();

    // Verified but not approved yet: a login is refused, saying how long approval usually takes.
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Waiting for approval').first().isVisible()).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'Waiting for approval' }).textContent()).toContain(
      'usually within one working day. We will email you as soon as it is approved; you can log in then.',
    );
    await check(visitor, 'login-pending');

    // A second sign-up, to be rejected.
    const created = await visitor.context.request.post('/api/v1/users', {
      headers: sameOrigin(visitor.context),
      data: {
        firstname: mallory.first,
        lastname: mallory.last,
        email: mallory.email,
        password: mallory.password,
      },
    });
    expect(created.status()).toBe(201);
    const malloryLink = new URL(verifyLinkIn(await smtp.waitFor(mallory.email, VERIFY_MAIL)));
    const verified = await visitor.context.request.patch(`/api/v1/users${malloryLink.pathname}`, {
      headers: sameOrigin(visitor.context),
    });
    expect(verified.ok()).toBe(true);

    // The admin approves Grace and rejects Mallory with a reason.
    await admin.page.goto('/dashboard/user-requests');
    await admin.page.getByRole('button', { name: `Approve ${grace.first} ${grace.last}` }).waitFor();
    await expect.poll(() => admin.page.getByText(grace.email).isVisible()).toBe(true);
    await check(admin, 'user-requests');
    await admin.page.getByRole('button', { name: `Approve ${grace.first} ${grace.last}` }).click();
    await admin.page.getByText(grace.email).waitFor({ state: 'detached' });
    await admin.page.getByRole('button', { name: `Reject ${mallory.first} ${mallory.last}` }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect
      .poll(() => dialog.getByText('Please give a reason for the rejection!').isVisible())
      .toBe(true);
    await check(admin, 'reject-modal');
    await dialog.getByLabel('Reason').fill('Looks like a spam account');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => admin.page.getByText('Pending user requests not found').isVisible()).toBe(true);
    await check(admin, 'user-requests-empty');

    // Mallory is told why.
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(mallory.email);
    await page.getByLabel('Password', { exact: true }).fill(mallory.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Account not approved').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Reason: Looks like a spam account/).isVisible()).toBe(true);
    await check(visitor, 'login-rejected');

    // Grace logs in, from a protected page she was sent away from.
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth\/login\?next=%2Fdashboard$/);
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill('not-her-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByText('Incorrect email or password.').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    const header = page.locator('header');
    await expect.poll(() => header.getByText(`${grace.first} ${grace.last}`).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(new RegExp(`, ${grace.first}\\.`)).isVisible()).toBe(true);
    await page.getByText('No Collection Generated').waitFor();
    expect(await page.getByRole('region', { name: 'Plan' }).textContent()).toContain('Free');
    // User Requests is for admins only.
    await expect.poll(() => page.getByRole('link', { name: 'User Requests' }).count()).toBe(0);
    await check(visitor, 'dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth\/login/);
    await visitor.context.close();
  });

  it('resets a forgotten password with the code typed digit by digit (a wrong one first)', async () => {
    const visitor = await openPage(browser, app.url, 'tablet');
    const { page } = visitor;
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot Password ?' }).click();
    await page.waitForURL('**/auth/forgot');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('grace@nowhere');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByText('Invalid Email!').isVisible()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL('**/auth/otp');
    await otpBox(page, 1).waitFor();
    const code = codeFrom(await smtp.waitFor(grace.email, RESET_MAIL));

    // A wrong code, typed: the boxes advance by themselves.
    await otpBox(page, 1).click();
    await page.keyboard.type(wrongCode(code), { delay: 30 });
    await expect.poll(() => otpBox(page, 6).inputValue()).toBe(wrongCode(code).slice(-1));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Wrong code. 4 tries left.').first().isVisible()).toBe(true);
    await check(visitor, 'otp-wrong');

    // A reload keeps the reset (the opaque request id is in this tab's storage).
    await page.reload();
    await otpBox(page, 1).waitFor();
    await expect.poll(() => page.getByText(grace.email).isVisible()).toBe(true);
    await otpBox(page, 1).click();
    await page.keyboard.type(code.slice(0, 3), { delay: 30 });
    await page.keyboard.type('9');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    // Backspace cleared the typed 9 and then stepped back into the third box.
    await expect.poll(() => otpBox(page, 3).inputValue()).toBe('');
    await page.keyboard.type(code.slice(2), { delay: 30 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/auth/reset-password');

    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await page.getByLabel('Confirm password', { exact: true }).fill('a-brand-new-secreT');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect.poll(() => page.getByText('The two passwords do not match!').isVisible()).toBe(true);
    await check(visitor, 'reset-password-mismatch');
    await page.getByLabel('Confirm password', { exact: true }).fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Update password' }).click();
    // The server signs an approved account in after the change.
    await page.waitForURL(/\/dashboard$/);
    grace.password = 'a-brand-new-secret';

    // Log out through the menu of the tablet layout, then log in with the new password.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await visitor.context.close();
  });

  it("runs the reset (pasted code), login and sign-up from the landing page's links, on the account pages", async () => {
    const visitor = await openPage(browser, app.url, 'desktop');
    const { page } = visitor;
    await page.goto('/');
    const header = page.locator('header').first();
    // The landing Login is the login page: one form, one outcome.
    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Forgot Password ?' }).click();
    await page.waitForURL('**/auth/forgot');

    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    const mailsBefore = smtp.count(grace.email, RESET_MAIL);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL('**/auth/otp');
    await otpBox(page, 1).waitFor();
    const code = codeFrom(await smtp.waitFor(grace.email, RESET_MAIL, mailsBefore));
    // A whole code pasted into the fourth box fills every box.
    await pasteInto(page, '[aria-label="Digit 4 of 6"]', code);
    expect(await otpBox(page, 1).inputValue()).toBe(code[0]);
    expect(await otpBox(page, 6).inputValue()).toBe(code[5]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('New password', { exact: true }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('third-time-lucky');
    await page.getByLabel('Confirm password', { exact: true }).fill('third-time-lucky');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.waitForURL(/\/dashboard$/);
    grace.password = 'third-time-lucky';
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);

    // Login from the landing page goes to the dashboard.
    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);

    // Sign up from the landing page goes to /success.
    await header.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.waitForURL('**/auth/signup');
    await page.getByLabel('First name', { exact: true }).fill('Katherine');
    await page.getByLabel('Last name', { exact: true }).fill('Johnson');
    await page.getByLabel('Email', { exact: true }).fill(`katherine-${stamp}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('orbital-mechanics');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL('**/success');
    await smtp.waitFor(`katherine-${stamp}@example.com`, VERIFY_MAIL);
    await visitor.context.close();
  });

  // One test per width, each with its own time budget: all three in one took over half the limit on a quiet machine.
  for (const width of Object.keys(viewports) as ViewportName[]) {
    it(`shows every account screen without serious axe violations or console errors at ${viewports[width].width} px`, async () => {
      const visitor = await openPage(browser, app.url, width);
      await admin.page.setViewportSize(viewports[width]);
      const { page } = visitor;

      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      await check(visitor, 'login');
      if (width === 'desktop') {
        await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
        await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await page.getByText('Incorrect email or password.').waitFor();
        await check(visitor, 'login-wrong');
      }

      await page.goto('/auth/signup');
      await page.getByRole('button', { name: 'Sign up' }).waitFor();
      await check(visitor, 'signup');

      await page.goto('/auth/forgot');
      await page.getByRole('button', { name: 'Send code' }).waitFor();
      await check(visitor, 'forgot');

      // The code and new-password steps read the reset from this tab's storage.
      await page.evaluate(() =>
        sessionStorage.setItem(
          'layerloom.reset-request',
          JSON.stringify({ id: 'display-only', email: 'grace@example.com', verified: false }),
        ),
      );
      await page.goto('/auth/otp');
      await otpBox(page, 1).waitFor();
      await check(visitor, 'otp');
      await page.evaluate(() =>
        sessionStorage.setItem(
          'layerloom.reset-request',
          JSON.stringify({ id: 'display-only', email: 'grace@example.com', verified: true }),
        ),
      );
      await page.goto('/auth/reset-password');
      await page.getByRole('button', { name: 'Update password' }).waitFor();
      await check(visitor, 'reset-password');

      await page.goto('/success');
      await page.getByRole('heading', { name: 'Success!' }).waitFor();
      await check(visitor, 'success-page');

      await page.goto('/verify/not-a-user/not-a-token');
      await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
      await check(visitor, 'verify-invalid');

      await admin.page.goto('/dashboard');
      await admin.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await check(admin, 'dashboard-admin');
      if (width !== 'desktop') {
        await admin.page.getByRole('button', { name: 'Open menu' }).click();
        await admin.page.getByRole('dialog').getByRole('link', { name: 'User Requests' }).waitFor();
        await check(admin, 'dashboard-drawer');
        await admin.page.getByRole('dialog').getByRole('link', { name: 'User Requests' }).click();
      } else {
        await admin.page.getByRole('link', { name: 'User Requests' }).click();
      }
      await admin.page.waitForURL('**/dashboard/user-requests');
      await admin.page.getByRole('heading', { name: 'User Requests' }).waitFor();
      await check(admin, 'user-requests-page');

      await page.goto('/');
      await page.locator('header').first().waitFor();
      await page.waitForLoadState('networkidle');
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('link', { name: 'Sign up', exact: true }).last().click();
      await page.waitForURL('**/auth/signup');
      await page.getByLabel('First name', { exact: true }).waitFor();
      await visitor.context.close();
    });
  }

  it('pauses the login form for the time the server gives once login attempts are rate limited', async () => {
    const visitor = await openPage(browser, app.url, 'phone');
    const { page } = visitor;
    // Use up this address's login attempts (10 per 15 minutes), whatever the earlier tests left.
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await visitor.context.request.post('/api/v1/users/login', {
        headers: sameOrigin(visitor.context),
        data: { email: 'nobody@example.com', password: 'still-wrong' },
      });
      if (response.status() === 429) break;
    }
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Too many attempts').waitFor();
    await expect.poll(() => page.getByText(/logging in is paused\. Try again in \d/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Login', exact: true }).isDisabled()).toBe(true);
    visitor.errors.splice(0); // the 429 is the point of this test
    await check(visitor, 'login-rate-limited');
    await visitor.context.close();
  });
});
