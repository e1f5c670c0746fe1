import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import { launchBrowser, openPage, signIn, testAdmin } from './support/browser.ts';
import { callInPage } from './support/in-page.ts';

describe('a page on a sibling origin cannot act with the signed-in user’s cookie', () => {
  let app: RunningApp;
  let browser: Browser;
  let attacker: Server;
  let attackerPage = '';

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
    ]);
    // The attacker's site: same host, another port (same-site, so a Lax cookie rides along).
    attacker = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(attackerPage);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await new Promise((resolve) => attacker?.close(resolve));
  });

  it('refuses an auto-submitting text/plain or multipart form, while the app’s own calls work', async () => {
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');

    // The app's own page may create a project and fill it (its fetches carry its Origin).
    const created = await callInPage(page, '/api/v1/projects', 'POST', {
      name: 'Victim',
      description: 'Mine',
      collectionSize: 4,
      width: 64,
      height: 64,
    });
    expect(created.status).toBe(201);
    const id: string = created.json.data.project.id;
    const sampled = await callInPage(page, `/api/v1/projects/${id}/sample-layers`, 'POST', {});
    expect(sampled.status).toBe(201);

    for (const enctype of ['text/plain', 'multipart/form-data']) {
      attackerPage = `<!doctype html><title>Free NFTs</title>
        <form method="POST" action="${app.url}/api/v1/projects/${id}/generate" enctype="${enctype}">
          <input name="x" value="1">
        </form>
        <script>document.forms[0].submit()</script>`;
      const port = (attacker.address() as AddressInfo).port;
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.waitForURL(`${app.url}/api/v1/projects/${id}/generate`);
      await expect.poll(() => page.textContent('body')).toContain('This request was refused');
      await page.goto('/dashboard');
      const collections = await callInPage(page, '/api/v1/collections');
      expect(collections.status).toBe(200);
      expect(collections.json.data.collections, enctype).toEqual([]);
    }
    await context.close();
  });
});
