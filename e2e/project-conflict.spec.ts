import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
} from './support/browser.ts';

let app: RunningApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Waits for the autosave indicator to say everything is on the server. */
async function saved(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^(Saved · ready to generate|Draft saved · not ready to generate yet)$/ })
    .waitFor({ timeout: 15_000 });
}

/** The project as the server has it now. */
async function stored(page: Page, id: string) {
  const response = await page.context().request.get(`/api/v1/projects/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).data.project;
}

describe('two tabs editing one project', () => {
  it('merges an edit of another field silently and asks, field by field, about one both changed', async () => {
    // The same account in two browsers (two devices), on the same project.
    const first = await openPage(browser, app.url, 'desktop');
    const second = await openPage(browser, app.url, 'desktop');
    await signIn(first.context, testAdmin.email, testAdmin.password);
    await signIn(second.context, testAdmin.email, testAdmin.password);
    const a = first.page;
    const b = second.page;
    await a.goto('/dashboard/nft');
    await a.getByRole('heading', { name: 'Generate NFT' }).waitFor();
    await a.getByLabel('Project Name').fill('Twin Cats');
    await a.getByLabel('Project Description').fill('Two tabs, one project.');
    await saved(a);
    const list = await (await a.context().request.get('/api/v1/projects')).json();
    const id = list.data.projects.find((entry: { name: string }) => entry.name === 'Twin Cats').id;
    await b.goto(`/dashboard/nft?project=${id}`);
    await expect.poll(() => b.getByLabel('Project Name').inputValue()).toBe('Twin Cats');

    // Different fields: the second tab's save meets the first's (412), merges and saves both, unasked.
    await a.getByLabel('Collection Size').fill('30');
    await saved(a);
    await b.getByLabel('Project Description').fill('Edited in the second tab.');
    await saved(b);
    expect(await b.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => b.getByLabel('Collection Size').inputValue()).toBe('30');
    expect(await stored(b, id)).toMatchObject({
      collectionSize: 30,
      description: 'Edited in the second tab.',
    });

    // The same field in both: the second tab is asked; everything else merges.
    await a.getByLabel('Project Name').fill('Name from tab one');
    await a.getByLabel('Height').fill('320');
    await saved(a);
    await b.getByLabel('Project Name').fill('Name from tab two');
    await b.getByLabel('Width').fill('300');
    const dialog = b.getByRole('dialog');
    await dialog.waitFor();
    await dialogSettled(b);
    const admin = (await stored(a, id)).updatedBy as string;
    expect(
      await b.getByRole('dialog', { name: `${admin} saved this project while you were editing` }).count(),
    ).toBe(1);
    const field = dialog.getByRole('group', { name: 'Name' });
    expect(await field.getByRole('radio', { name: /Keep mine\s*Name from tab two/ }).count()).toBe(1);
    expect(await field.getByRole('radio', { name: /Take theirs\s*Name from tab one/ }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Choose 1 field to save' }).isDisabled()).toBe(true);
    // Nothing is saved while the choice is open: the server still has the first tab's name.
    expect((await stored(b, id)).name).toBe('Name from tab one');
    expect(await seriousAxeViolations(b)).toEqual([]);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 820, height: 1180 },
      { width: 390, height: 844 },
    ]) {
      await b.setViewportSize(size);
      await dialogSettled(b);
      await screenshot(b, 'project-conflict-dialog');
    }
    await b.setViewportSize({ width: 1440, height: 900 });

    await field.getByText('Keep mine').click();
    await dialog.getByRole('button', { name: 'Save merged project' }).click();
    await dialog.waitFor({ state: 'detached' });
    await saved(b);
    expect(await stored(b, id)).toMatchObject({
      name: 'Name from tab two',
      width: 300,
      height: 320,
      collectionSize: 30,
      description: 'Edited in the second tab.',
    });
    expect(await b.getByLabel('Height').inputValue()).toBe('320');
    expect(first.errors.filter((error) => !error.includes('412'))).toEqual([]);
    expect(second.errors.filter((error) => !error.includes('412'))).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
