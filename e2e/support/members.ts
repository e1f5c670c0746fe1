import type { Browser, BrowserContext } from 'playwright-core';
import { type RunningApp, startApp } from './app.ts';
import { launchBrowser, openPage, sameOrigin, signIn, testAdmin } from './browser.ts';

/** Sends an API call as a page of the app would (same-origin), with the context's session; answers its JSON. */
export async function send(context: BrowserContext, method: string, path: string, data?: unknown) {
  const response = await context.request.fetch(path, {
    method,
    headers: sameOrigin(context),
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * The newest development-outbox mail to `to` (its text matching `match` when it is a pattern, or its subject
 * equal to `match` when it is a string), waiting up to 5 s for it to arrive.
 */
export async function mailTo(
  context: BrowserContext,
  to: string,
  match?: RegExp | string,
): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await context.request.get('/dev/mailbox.json')).json()) as {
      data: { mails: { to: string; subject: string; text: string }[] };
    };
    const mail = mails.data.mails.find(
      (candidate) =>
        candidate.to === to &&
        (match === undefined ||
          (typeof match === 'string' ? candidate.subject === match : match.test(candidate.text))),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}${match === undefined ? '' : ` matching ${match}`}`);
}

/**
 * A regular (non-admin) account, made as a person would: signed up, its mailed link opened, approved by the
 * test admin (the context ends signed in as the admin). Each call makes a new address.
 */
export async function createMember(
  context: BrowserContext,
  person: { firstname: string; lastname: string } = { firstname: 'Mira', lastname: 'Member' },
): Promise<{ email: string; password: string }> {
  const email = `${person.firstname.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@layerloom.test`;
  const password = 'Member-Pass-2026';
  const created = await send(context, 'POST', '/api/v1/users', { ...person, email, password });
  const link = (await mailTo(context, email, /\/verify\//)).text.match(/\/verify\/([^/\s]+)\/([^\s]+)/);
  if (!link) throw new Error(`no verification link for ${email}`);
  await send(context, 'PATCH', `/api/v1/users/verify/${link[1]}/${link[2]}`);
  await signIn(context, testAdmin.email, testAdmin.password);
  await send(context, 'PATCH', `/api/v1/users/update-account-status/${created.data.user._id}`, {
    accountAccepted: { status: 'approved' },
  });
  return { email, password };
}

/**
 * What the account specs start from: the app (with the test admin, plus `env`), a browser, and one approved
 * member made by `createMember`.
 */
export async function startAppWithMember(
  person: { firstname: string; lastname: string },
  env: Record<string, string> = {},
): Promise<{ app: RunningApp; browser: Browser; member: { email: string; password: string } }> {
  const app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password, ...env });
  const browser = await launchBrowser();
  const { context } = await openPage(browser, app.url);
  const member = await createMember(context, person);
  await context.close();
  return { app, browser, member };
}
