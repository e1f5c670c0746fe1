import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession } from './support/admin-session.ts';
import { openPage, screenshot, seriousAxeViolations, signIn } from './support/browser.ts';
import { callInPage } from './support/in-page.ts';
import { readySampleCollection } from './support/launch-setup.ts';
import { createMember, mailTo, send } from './support/members.ts';

let session: AdminSession;

beforeAll(async () => {
  session = await startAdminSession();
}, 120_000);
afterAll(async () => {
  await session?.stop();
});

describe("a team's pinning provider and search (issue 30)", () => {
  it("shows an Editor the team's provider, named for the team and not theirs to change, and finds the team's work labeled", async () => {
    const { page, context } = await session.signedIn('desktop');
    const collectionId = await readySampleCollection(page, { name: 'Orbit Cats', description: 'Team work' });
    const collection = (await callInPage(page, `/api/v1/collections/${collectionId}`)).json.data.collection;
    const team = (await callInPage(page, '/api/v1/workspaces', 'POST', { name: 'Orbit Studio' })).json.data
      .workspace;
    const moved = await callInPage(page, `/api/v1/projects/${collection.projectId}/move`, 'POST', {
      workspaceId: team.id,
    });
    expect(moved.status).toBe(200);
    const saved = await callInPage(page, `/api/v1/pinning-provider?workspace=${team.id}`, 'PUT', {
      endpoint: 'https://pins.example.com',
      token: 'orbit-team-token-9f3a',
    });
    expect(saved.status).toBe(200);

    // An Editor joins through the invitation mail.
    const editor = await createMember(context, { firstname: 'Eddie', lastname: 'Editor' });
    await send(context, 'POST', `/api/v1/workspaces/${team.id}/invitations`, {
      email: editor.email,
      role: 'editor',
    });
    const token = (await mailTo(context, editor.email, /\/invitations\//)).text.match(
      /\/invitations\/([^\s/]+)/,
    )?.[1];
    expect(token).toBeTruthy();
    const member = await openPage(session.browser, session.app.url, 'desktop');
    await signIn(member.context, editor.email, editor.password);
    await send(member.context, 'POST', `/api/v1/invitations/${token}/accept`);

    const memberPage = member.page;
    await memberPage.goto(`/dashboard/collections/${collectionId}?workspace=${team.id}`);
    await memberPage
      .getByRole('radiogroup', { name: 'Where the files are published' })
      .getByText('IPFS', { exact: true })
      .click();
    const section = memberPage.locator('.llc-ipfs-publish');
    await section
      .getByText(
        'Used for every collection of Orbit Studio, whoever publishes; its Owners and Admins change it.',
      )
      .waitFor();
    await section.getByText('ending in 9f3a').waitFor();
    expect(await section.getByRole('button', { name: 'Change provider' }).isDisabled()).toBe(true);
    expect(await section.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
    // Publishing is an Admin's too: the button says so rather than failing.
    expect(await section.getByRole('button', { name: /Publish to IPFS/ }).isDisabled()).toBe(true);
    await section
      .getByText(/You are an Editor in Orbit Studio: publishing a collection needs the Admin role/)
      .waitFor();
    await section
      .getByText(/You are an Editor in Orbit Studio: changing the pinning provider needs the Admin role/)
      .waitFor();
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    for (const width of [1440, 820, 390]) {
      await memberPage.setViewportSize({ width, height: 900 });
      await screenshot(memberPage, 'team-pinning-provider-editor');
      await section.screenshot({
        path: `e2e/artifacts/screenshots/team-pinning-provider-section-${width}.png`,
      });
    }

    // Settings › Publishing shows the provider of the workspace the header is on (the team's, from the address above).
    await memberPage.setViewportSize({ width: 1440, height: 900 });
    await memberPage.goto('/dashboard/settings?tab=publishing');
    const settings = memberPage.getByRole('region', { name: 'Pinning provider of Orbit Studio' });
    await settings.getByText('ending in 9f3a').waitFor();
    expect(await settings.getByRole('button', { name: 'Change provider' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    for (const width of [1440, 820, 390]) {
      await memberPage.setViewportSize({ width, height: 900 });
      await screenshot(memberPage, 'settings-publishing-team');
    }

    // The Editor's search finds the team's project and collection, labeled with the team, and their own.
    await callInPage(memberPage, '/api/v1/projects', 'POST', {
      name: 'Orbit Sketches',
      description: '',
      collectionSize: 4,
      width: 32,
      height: 32,
    });
    await memberPage.setViewportSize({ width: 1440, height: 900 });
    await memberPage.goto('/dashboard/search?q=orbit');
    const projects = memberPage.getByRole('region', { name: /Projects/ });
    const teamProject = projects.getByRole('link', { name: /Orbit Cats\s*in\s*Orbit Studio/ });
    await teamProject.waitFor();
    // The header is on the team (the collection's address named it): its results link as they are, the
    // personal one's names its workspace so the header switches there.
    expect(await teamProject.getAttribute('href')).toBe(`/dashboard/nft?project=${collection.projectId}`);
    const own = projects.getByRole('link', { name: /Orbit Sketches\s*in\s*Personal/ });
    expect(await own.getAttribute('href')).toMatch(/^\/dashboard\/nft\?project=[^&]+&workspace=wsp_/);
    const collections = memberPage.getByRole('region', { name: /Collections/ });
    await collections.getByRole('link', { name: /Orbit Cats\s*in\s*Orbit Studio/ }).waitFor();
    expect(await seriousAxeViolations(memberPage)).toEqual([]);
    for (const width of [1440, 820, 390]) {
      await memberPage.setViewportSize({ width, height: 900 });
      await screenshot(memberPage, 'team-search-results');
    }

    // Removed from the team, they find nothing of it.
    const editorId = (await callInPage(memberPage, '/api/v1/session')).json.data.user._id;
    await send(context, 'DELETE', `/api/v1/workspaces/${team.id}/members/${editorId}`);
    const after = await callInPage(memberPage, '/api/v1/search?q=orbit&kind=collection');
    expect(after.json.data.groups[0]).toMatchObject({ total: 0, hits: [] });
  }, 300_000);
});
