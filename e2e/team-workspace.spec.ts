import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import {
  dialogSettled,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  type ViewportName,
} from './support/browser.ts';
import { createMember, mailTo, send, startAppWithMember } from './support/members.ts';

// Team workspaces in the dashboard (issue 30): the header's switcher, lists and new projects in the chosen
// workspace, a Viewer refused an edit (in the page and by the server), and a project moved into a team.

let app: RunningApp;
let browser: Browser;
let owner: { email: string; password: string };
let artist: { email: string; password: string };
let teamId: string;

const sizes: Record<ViewportName, { width: number; height: number }> = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
};

const switcher = (page: Page) => page.locator('button.llw-switcher');
const newProject = (name: string, workspaceId?: string) => ({
  ...(workspaceId ? { workspaceId } : {}),
  name,
  description: 'Cats on the moon',
  collectionSize: 10,
  width: 256,
  height: 256,
});

/** Invites `email` to the team with `role` as the owner's context, and accepts in the invitee's context. */
async function join(ownerContext: BrowserContext, invitee: BrowserContext, email: string, role: string) {
  await send(ownerContext, 'POST', `/api/v1/workspaces/${teamId}/invitations`, { email, role });
  const mail = await mailTo(ownerContext, email, /\/invitations\//);
  const token = mail.text.match(/\/invitations\/([\w-]+)/)?.[1];
  await send(invitee, 'POST', `/api/v1/invitations/${token}/accept`);
}

beforeAll(async () => {
  ({ app, browser, member: owner } = await startAppWithMember({ firstname: 'Olga', lastname: 'Owner' }));
  const { context } = await openPage(browser, app.url);
  artist = await createMember(context, { firstname: 'Arto', lastname: 'Artist' });
  await signIn(context, owner.email, owner.password);
  teamId = (await send(context, 'POST', '/api/v1/workspaces', { name: 'Moon Studio' })).data.workspace.id;
  await context.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the workspace switcher', () => {
  it('names the workspace and the role in the header, switches from the keyboard, and keeps the choice', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, owner.email, owner.password);
    await page.goto('/dashboard/collections');
    await page.getByRole('heading', { name: 'My Collection', level: 1 }).waitFor();
    const button = switcher(page);
    await page.getByRole('button', { name: 'Personal Your own, switch workspace' }).waitFor();
    await page.waitForURL(/[?&]workspace=/);

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      await page.setViewportSize(sizes[viewport]);
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Workspaces' });
      await menu.waitFor();
      await dialogSettled(page);
      expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual([
        'PersonalYour own',
        'Moon StudioOwner',
      ]);
      await screenshot(page, 'workspace-switcher-open');
      expect(await seriousAxeViolations(page), `switcher open at ${viewport}`).toEqual([]);
      // The switcher fits the header: nothing of it past the window's edge.
      const box = await button.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(sizes[viewport].width);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    await page.setViewportSize(sizes.desktop);

    // Arrow down to the team, Enter: the list is the team's, named in the address; a reload keeps it.
    await button.press('Enter');
    await page.getByRole('menu', { name: 'Workspaces' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Moon Studio Owner, switch workspace' }).waitFor();
    await page.waitForURL(new RegExp(`workspace=${teamId}`));
    await page.reload();
    await page.getByRole('button', { name: 'Moon Studio Owner, switch workspace' }).waitFor();
    await page.goto('/dashboard/collections');
    await page.waitForURL(new RegExp(`workspace=${teamId}`));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('projects in a team workspace', () => {
  it('shares the team’s projects, refuses a Viewer’s edit, and brings in a project moved from personal', async () => {
    const ownerSide = await openPage(browser, app.url, 'desktop');
    await signIn(ownerSide.context, owner.email, owner.password);
    const artistSide = await openPage(browser, app.url, 'desktop');
    await signIn(artistSide.context, artist.email, artist.password);
    await join(ownerSide.context, artistSide.context, artist.email, 'editor');

    // The owner starts a project in the team; the editor sees it there once they switch.
    const teamProject = (
      await send(ownerSide.context, 'POST', '/api/v1/projects', newProject('Team Cats', teamId))
    ).data.project;
    expect(teamProject.workspaceId).toBe(teamId);
    const { page } = artistSide;
    await page.goto('/dashboard/nft');
    await page.getByRole('heading', { name: 'Generate NFT', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Personal/ }).click();
    await page.getByRole('menuitemradio', { name: /Moon Studio/ }).click();
    await page.getByRole('button', { name: 'Moon Studio Editor, switch workspace' }).waitFor();
    await expect
      .poll(() => page.locator('.ll-gen-project-select option:checked').textContent())
      .toBe('Team Cats');
    expect(await page.getByRole('button', { name: 'New project' }).isEnabled()).toBe(true);

    // Made a Viewer: the page keeps the project readable, its edit controls disabled with the reason ...
    const members = (await send(ownerSide.context, 'GET', `/api/v1/workspaces/${teamId}`)).data.workspace
      .members as {
      userId: string;
      email: string;
    }[];
    const artistId = members.find((member) => member.email === artist.email)?.userId;
    await send(ownerSide.context, 'PATCH', `/api/v1/workspaces/${teamId}/members/${artistId}`, {
      role: 'viewer',
    });
    await page.reload();
    await page.getByRole('button', { name: 'Moon Studio Viewer, switch workspace' }).waitFor();
    const reason =
      'You are a Viewer in Moon Studio: changing projects and generating needs the Editor role or higher. An owner or admin can change your role.';
    await page.getByText(reason).first().waitFor();
    for (const name of ['New project', 'Discard', 'Generate']) {
      const control = page.getByRole('button', { name, exact: true });
      expect(await control.isDisabled(), name).toBe(true);
      const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
      expect(describedBy, name).toContain('ll-gen-role-note');
    }
    await screenshot(page, 'workspace-viewer-generate');
    // ... and the server refuses the edit itself, naming the role.
    const refused = await artistSide.context.request.fetch(`/api/v1/projects/${teamProject.id}`, {
      method: 'PATCH',
      headers: { origin: new URL(app.url).origin },
      data: { name: 'Viewer was here' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toContain('Viewer');

    // The owner moves a personal project into the team from Generate NFT; the member finds it there.
    const solo = (await send(ownerSide.context, 'POST', '/api/v1/projects', newProject('Solo Cats'))).data
      .project;
    const owned = ownerSide.page;
    await owned.goto(`/dashboard/nft?project=${solo.id}`);
    await owned.getByRole('button', { name: /^Personal/ }).waitFor();
    await expect
      .poll(() => owned.locator('.ll-gen-project-select option:checked').textContent())
      .toBe('Solo Cats');
    await owned.getByRole('button', { name: 'Move to workspace…' }).click();
    const dialog = owned.getByRole('dialog', { name: 'Move “Solo Cats” to another workspace' });
    await dialog.getByRole('radio', { name: /Moon Studio/ }).check();
    await dialog.getByRole('button', { name: 'Move project' }).click();
    await owned.getByText('“Solo Cats” moved to Moon Studio').waitFor();
    await owned.waitForURL(new RegExp(`workspace=${teamId}`));
    await owned.getByRole('button', { name: 'Moon Studio Owner, switch workspace' }).waitFor();
    await expect
      .poll(() => owned.locator('.ll-gen-project-select option:checked').textContent())
      .toBe('Solo Cats');

    await page.goto(`/dashboard/nft?workspace=${teamId}`);
    await expect
      .poll(() => page.locator('.ll-gen-project-select option').allTextContents())
      .toContain('Solo Cats');
    const listed = (await send(artistSide.context, 'GET', `/api/v1/projects?workspace=${teamId}`)).data
      .projects as {
      name: string;
    }[];
    expect(listed.map((project) => project.name).sort()).toEqual(['Solo Cats', 'Team Cats']);

    expect(ownerSide.errors).toEqual([]);
    await ownerSide.context.close();
    await artistSide.context.close();
  });
});
