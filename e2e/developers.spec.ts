import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import {
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { startAppWithMember } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };
let receiver: Server;
let receiverUrl: string;
let opened: Awaited<ReturnType<typeof openPage>>;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  // The receiver listens on loopback, which the server reaches only with ALLOW_PRIVATE_URLS (development).
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/layerloom`;
  ({ app, browser, member } = await startAppWithMember(
    { firstname: 'Devi', lastname: 'Developer' },
    { ALLOW_PRIVATE_URLS: 'true' },
  ));
  // One signed-in page for every test (the spec stays short).
  opened = await openPage(browser, app.url, 'desktop');
  await signIn(opened.context, member.email, member.password);
});

afterAll(async () => {
  await opened?.context.close();
  await browser?.close();
  await app?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function openDevelopers(page: Page) {
  await page.goto('/dashboard/settings?tab=developers');
  await page.getByRole('tab', { name: 'Developers', selected: true }).waitFor();
  await page.getByRole('heading', { name: 'API keys' }).waitFor();
}

/** Calls the API as a script would: no cookie, only the key. */
const withKey = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${app.url}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${key}` } });

describe('Settings › Developers', () => {
  it('creates an API key, uses it from a script, sees the use, and revokes it', async () => {
    const { page, errors } = opened;
    await openDevelopers(page);

    await page.getByLabel('Name').fill('Build script');
    await page.getByRole('checkbox', { name: /Generate/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^ll_live_/);

    const created = await withKey(key, '/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'From the key',
        description: '',
        collectionSize: 10,
        width: 64,
        height: 64,
      }),
    });
    expect(created.status, app.output()).toBe(201);
    expect(created.headers.get('ratelimit-limit')).toBe('300');
    const listed = await withKey(key, '/api/v1/projects');
    expect(JSON.stringify(await listed.json())).toContain('From the key');
    const refused = await withKey(key, '/api/v1/account/sessions');
    expect(refused.status).toBe(403);

    await page.getByRole('button', { name: 'I have copied it' }).click();
    const item = page.getByRole('listitem', { name: 'API key Build script' });
    await item.getByRole('button', { name: 'Recent requests' }).click();
    await item.getByText('POST /api/v1/projects').waitFor();
    await item.getByText('GET /api/v1/account/sessions').waitFor();

    await item.getByRole('button', { name: 'Revoke Build script' }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await item.getByText('Revoked', { exact: true }).first().waitFor();
    const afterRevoke = await withKey(key, '/api/v1/projects');
    expect(afterRevoke.status).toBe(401);
    expect((await afterRevoke.json()).error.message).toMatch(/^This API key was revoked on/);
    expect(errors).toEqual([]);
  });

  it('adds a webhook, sends a test event to a local receiver and shows the delivery', async () => {
    const { page, errors } = opened;
    await openDevelopers(page);

    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('new-webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    const item = page.getByRole('listitem', { name: `Webhook ${receiverUrl}` });
    await item.getByRole('button', { name: 'Send test event' }).click();
    await item.getByText('Delivered').waitFor();
    await item.getByText('webhook.test').waitFor();
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(received[0]?.body ?? '{}').type).toBe('webhook.test');
    expect(errors).toEqual([]);
  });

  it('reads well at 1440, 820 and 390 px with no serious axe issue, the SDK section pointed at this server', async () => {
    const { page, errors } = opened;
    for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      await page.setViewportSize(viewports[width]);
      await openDevelopers(page);
      const hook = page.getByRole('listitem', { name: `Webhook ${receiverUrl}` });
      await hook.getByRole('button', { name: 'Deliveries' }).click();
      await hook.getByText('Delivered').waitFor();
      // Use the SDK: the quick start and the CLI commands name the server the page came from.
      const sdk = page.getByRole('region', { name: 'Use the SDK' });
      await sdk.scrollIntoViewIfNeeded();
      expect(await sdk.getByRole('region', { name: 'SDK quick start code' }).textContent()).toContain(
        `baseUrl: '${app.url}'`,
      );
      expect(await sdk.getByRole('region', { name: 'CLI commands' }).textContent()).toContain(
        `npx layerloom login --url ${app.url}`,
      );
      // The Webhooks scope is never ticked for you, and warns while it is.
      const webhooksScope = page.getByRole('checkbox', { name: /Webhooks/ });
      expect(await webhooksScope.isChecked()).toBe(false);
      await webhooksScope.check();
      await page.getByText('can send your account’s events').waitFor();
      // From the top, so the fixed header is not drawn over the middle of the full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'settings-developers');
      expect(await seriousAxeViolations(page), `developers at ${width}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});
