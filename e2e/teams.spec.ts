import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import { openPage, screenshot, seriousAxeViolations, signIn, type ViewportName } from './support/browser.ts';
import { createMember, mailTo, startAppWithMember } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let owner: { email: string; password: string };
let artist: { email: string; password: string };

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).first();

beforeAll(async () => {
  ({ app, browser, member: owner } = await startAppWithMember({ firstname: 'Olga', lastname: 'Owner' }));
  const { context } = await openPage(browser, app.url);
  artist = await createMember(context, { firstname: 'Arto', lastname: 'Artist' });
  await context.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('team workspaces', () => {
  it('makes a team, invites a member by mail who accepts in their own browser, changes their role, removes them', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, owner.email, owner.password);
    await page.goto('/dashboard');
    await menuOf(page).getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await page.getByText('You are in no team yet.', { exact: false }).waitFor();
    await page.getByLabel('Team name').fill('Moon Studio');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('heading', { name: 'Moon Studio', level: 1 }).waitFor();
    await page.getByText('Your role: Owner.', { exact: false }).waitFor();

    // Invite the artist as an Editor: a mail with the link.
    await page.getByLabel('Email address').fill(artist.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${artist.email}.`).waitFor();
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await pending.getByText(artist.email).waitFor();
    const mail = await mailTo(context, artist.email, /\/invitations\//);
    expect(mail.subject).toBe('Olga Owner invited you to Moon Studio on Layerloom');
    const link = mail.text.match(/https?:\/\/\S+\/invitations\/[\w-]+/)?.[0];
    expect(link).toBeTruthy();

    // In the artist's own browser, signed out first: the link says what it is for and asks to log in.
    const other = await openPage(browser, app.url, 'phone');
    await other.page.goto(link as string);
    await other.page.getByRole('heading', { name: 'Join Moon Studio' }).waitFor();
    await other.page.getByText('Olga Owner invited', { exact: false }).waitFor();
    await screenshot(other.page, 'team-invitation');
    expect(await seriousAxeViolations(other.page), 'invitation page').toEqual([]);
    await other.page.getByRole('link', { name: 'Log in to accept' }).click();
    await other.page.getByLabel('Email').fill(artist.email);
    await other.page.getByLabel('Password').fill(artist.password);
    await other.page.getByRole('button', { name: 'Login' }).click();
    await other.page.getByRole('button', { name: 'Accept and join' }).click();
    await other.page.getByRole('heading', { name: 'Moon Studio', level: 1 }).waitFor();
    await other.page.getByText('Your role: Editor.', { exact: false }).waitFor();
    // An editor manages no members: no invite form, no role menus.
    expect(await other.page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);

    // The owner sees the artist join, and makes them an Admin.
    await page.reload();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText('Arto Artist').waitFor();
    expect(await pending.getByText('None: everyone invited has joined.').count()).toBe(1);
    await members.getByLabel('Role of Arto Artist').click();
    await page.locator('.ant-select-item-option', { hasText: 'Admin' }).click();
    await page.getByText('Arto Artist is now Admin.').waitFor();
    await other.page.reload();
    await other.page.getByText('Your role: Admin.', { exact: false }).waitFor();

    // The log tells who did what; filtered, and as CSV.
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Changed a role · Arto Artist: Editor → Admin', { exact: false }).waitFor();
    await activity.getByText('Arto Artist · Joined · as Editor', { exact: false }).waitFor();
    const csv = await context.request.get(
      (await activity.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) as string,
    );
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toBe('Time (UTC),Who,What,Details');

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      await page.setViewportSize(
        {
          desktop: { width: 1440, height: 900 },
          tablet: { width: 820, height: 1180 },
          phone: { width: 390, height: 844 },
        }[viewport],
      );
      await screenshot(page, 'team-page');
      expect(await seriousAxeViolations(page), `team page at ${viewport}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Removed, the artist loses the team with their next request.
    await members.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).last().click();
    await page.getByText('Arto Artist was removed.').waitFor();
    await other.page.reload();
    await other.page.getByRole('heading', { name: 'Team not found', level: 1 }).waitFor();
    await activity.getByText('Removed a member · A former member (Admin)', { exact: false }).waitFor();
    other.errors.splice(0); // the 404 of the removed member's reload is expected
    expect(other.errors).toEqual([]);
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
