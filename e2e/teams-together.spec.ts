import { deployCollection, mint, setPhase } from '@layerloom/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
import {
  dialogSettled,
  launchBrowser,
  type OpenedPage,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { confirmed, openDrop } from './support/drop-ui.ts';
import { send } from './support/members.ts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.ts';
import { anvilAccount0, anvilAccount1, installTestWallet } from './support/wallet.ts';
import { startWebNodes, type WebNodes } from './support/web-nodes.ts';

// A studio works on one collection together (issue 30), in two browsers at once, on two web nodes sharing
// PostgreSQL and Redis: the owner on node A, the editor and the viewer on node B. The invitation mails go to a
// real SMTP sink; the contract lives on a local chain.

interface Person {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

const stamp = Date.now().toString(36);
const person = (firstname: string, lastname: string): Person => ({
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}-${stamp}@layerloom.test`,
  password: `${firstname}-Pass-2026`,
});
const owner = person('Olga', 'Owner');
const editor = person('Eddie', 'Editor');
const viewer = person('Vera', 'Viewer');

const INVITE_MAIL = /Subject: Olga Owner invited you to Moon Studio on Layerloom/;
const VERIFY_MAIL = /Subject: Confirm your email for Layerloom/;
// Refusals the test causes on purpose: the browser logs their responses as console errors.
const expected = /status of (403|404|409|412)/;
const unexpected = (errors: string[]) => errors.filter((error) => !expected.test(error));

let nodes: WebNodes;
let smtp: SmtpSink;
let anvil: Anvil;
let browser: Browser;
let admin: OpenedPage;
/** The owner's browser, on node A. */
let olga: OpenedPage;
/** The editor's browser, on node B. */
let eddie: OpenedPage;
/** The viewer's browser, on node B. */
let vera: OpenedPage;
let teamId: string;
let projectId: string;
let collectionId: string;

const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
const walletOf = (account: string) =>
  createWalletClient({ account: account as Address, chain: anvilChain, transport: http(anvil.rpcUrl) });

/** The path (and query) of a link a mail gave, to open it on whichever node a browser uses. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The link to `/<kind>/…` in a mail's text. */
function linkIn(mail: string, kind: 'invitations' | 'verify'): string {
  const link = mail.match(new RegExp(`https?://[^\\s"<]+/${kind}/[^\\s"<]+`))?.[0];
  if (!link) throw new Error(`No ${kind} link in the mail:\n${mail}`);
  return link;
}

/** Approves an account as the site admin does (the account listed by email). */
async function approve(email: string) {
  const users = (await send(admin.context, 'GET', `/api/v1/users?search=${encodeURIComponent(email)}`)).data
    .users as { _id: string; email: string }[];
  const id = users.find((user) => user.email === email)?._id;
  if (!id) throw new Error(`no account for ${email}`);
  await send(admin.context, 'PATCH', `/api/v1/users/update-account-status/${id}`, {
    accountAccepted: { status: 'approved' },
  });
}

/** An account made as a person makes one through the API: signed up, verified from the mail, approved. */
async function existingAccount(someone: Person) {
  await send(admin.context, 'POST', '/api/v1/users', {
    firstname: someone.firstname,
    lastname: someone.lastname,
    email: someone.email,
    password: someone.password,
  });
  const verify = new URL(linkIn(await smtp.waitFor(someone.email, VERIFY_MAIL), 'verify'));
  const [, , id, token] = verify.pathname.split('/');
  await send(admin.context, 'PATCH', `/api/v1/users/verify/${id}/${token}`);
  await approve(someone.email);
}

/** Logs in from the login page the invitation led to, and accepts the invitation. */
async function logInAndAccept(page: Page, someone: Person, role: string) {
  await page.getByRole('link', { name: 'Log in to accept' }).click();
  await page.getByLabel('Email', { exact: true }).fill(someone.email);
  await page.getByLabel('Password', { exact: true }).fill(someone.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Accept and join' }).click();
  await page.getByRole('heading', { name: 'Moon Studio', level: 1 }).waitFor();
  await page.getByText(`Your role: ${role}.`, { exact: false }).waitFor();
}

/** Waits for the editor's autosave to say everything is on the server. */
async function saved(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^(Saved · ready to generate|Draft saved · not ready to generate yet)$/ })
    .waitFor({ timeout: 15_000 });
}

/** The project as the server has it now, read by `context`. */
async function stored(context: BrowserContext) {
  return (await send(context, 'GET', `/api/v1/projects/${projectId}`)).data.project;
}

/** Publishes hosted by Layerloom from the collection page: the button, then Publish in its dialog. */
async function publishHosted(page: Page) {
  await page.getByRole('button', { name: 'Publish, hosted by Layerloom' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialogSettled(page);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Screenshots at the three widths (and axe at the first), back at desktop after. */
async function atEveryWidth(page: Page, name: string) {
  expect(await seriousAxeViolations(page), name).toEqual([]);
  for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
    await page.setViewportSize(viewports[viewport]);
    await dialogSettled(page);
    await screenshot(page, name);
  }
  await page.setViewportSize(viewports.desktop);
}

beforeAll(async () => {
  [smtp, anvil, browser] = await Promise.all([startSmtpSink(), startAnvil(), launchBrowser()]);
  nodes = await startWebNodes({
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Layerloom <hello@layerloom.test>',
    RPC_URL_31337: anvil.rpcUrl,
  });
  admin = await openPage(browser, nodes.a.url);
  await signIn(admin.context, testAdmin.email, testAdmin.password);
  await existingAccount(owner);
  await existingAccount(editor);
  olga = await openPage(browser, nodes.a.url, 'desktop');
  await signIn(olga.context, owner.email, owner.password);
  eddie = await openPage(browser, nodes.b.url, 'desktop');
  vera = await openPage(browser, nodes.b.url, 'phone');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await nodes?.stop();
  await anvil?.stop();
  await smtp?.close();
});

describe('a studio working together on two web nodes', () => {
  it('makes a team and invites by mail: an existing account joins, a new person signs up through the link', async () => {
    const { page } = olga;
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: 'Teams' })
      .click();
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await page.getByText('You are in no team yet.', { exact: false }).waitFor();
    await page.getByLabel('Team name').fill('Moon Studio');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('heading', { name: 'Moon Studio', level: 1 }).waitFor();
    await page.getByText('Your role: Owner.', { exact: false }).waitFor();
    teamId = new URL(page.url()).pathname.split('/').at(-1) as string;

    // Two invitations: an Editor (the default role) and a Viewer.
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    for (const [someone, role] of [
      [editor, 'Editor'],
      [viewer, 'Viewer'],
    ] as const) {
      await page.getByLabel('Email address').fill(someone.email);
      if (role === 'Viewer') {
        await page.getByLabel('Role', { exact: true }).click();
        await page.locator('.ant-select-item-option', { hasText: 'Viewer' }).click();
      }
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`Invitation sent to ${someone.email}.`).waitFor();
      await pending.getByText(someone.email).waitFor();
    }

    // The editor, who has an account, opens the mailed link signed out (on the other node), logs in and joins.
    const editorLink = pathOf(linkIn(await smtp.waitFor(editor.email, INVITE_MAIL), 'invitations'));
    await eddie.page.goto(editorLink);
    await eddie.page.getByRole('heading', { name: 'Join Moon Studio' }).waitFor();
    await eddie.page.getByText('Olga Owner invited', { exact: false }).waitFor();
    expect(await seriousAxeViolations(eddie.page), 'invitation page').toEqual([]);
    await logInAndAccept(eddie.page, editor, 'Editor');
    // An editor manages no members: no invite form.
    expect(await eddie.page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);

    // The viewer has no account: the link leads to sign-up, the mailed check, the admin's approval, and back.
    const viewerLink = pathOf(linkIn(await smtp.waitFor(viewer.email, INVITE_MAIL), 'invitations'));
    await vera.page.goto(viewerLink);
    await vera.page.getByRole('heading', { name: 'Join Moon Studio' }).waitFor();
    await screenshot(vera.page, 'teams-together-invitation');
    await vera.page.getByRole('link', { name: 'Sign up' }).click();
    await vera.page.getByLabel('First name', { exact: true }).fill(viewer.firstname);
    await vera.page.getByLabel('Last name', { exact: true }).fill(viewer.lastname);
    await vera.page.getByLabel('Email', { exact: true }).fill(viewer.email);
    await vera.page.getByLabel('Password', { exact: true }).fill(viewer.password);
    await vera.page.getByRole('button', { name: 'Sign up' }).click();
    await vera.page.waitForURL('**/success');
    await vera.page.goto(pathOf(linkIn(await smtp.waitFor(viewer.email, VERIFY_MAIL), 'verify')));
    await vera.page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await approve(viewer.email);
    await vera.page.goto(viewerLink);
    await logInAndAccept(vera.page, viewer, 'Viewer');

    // The owner sees both join; the log says who did what, and downloads as CSV.
    await page.reload();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText('Eddie Editor').waitFor();
    await members.getByText('Vera Viewer').waitFor();
    await pending.getByText('None: everyone invited has joined.').waitFor();
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Eddie Editor · Joined · as Editor', { exact: false }).waitFor();
    await activity.getByText('Vera Viewer · Joined · as Viewer', { exact: false }).waitFor();
    const csv = await olga.context.request.get(
      (await activity.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) as string,
    );
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toBe('Time (UTC),Who,What,Details');
    await atEveryWidth(page, 'teams-together-team');
    expect(unexpected(eddie.errors)).toEqual([]);
    expect(unexpected(vera.errors)).toEqual([]);
  }, 300_000);

  it('switches workspace from the header by keyboard, at every width', async () => {
    const { page } = olga;
    await page.goto('/dashboard/collections');
    await page.getByRole('heading', { name: 'My Collection', level: 1 }).waitFor();
    const button = page.locator('button.llw-switcher');
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      await page.setViewportSize(viewports[viewport]);
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Workspaces' });
      await menu.waitFor();
      await dialogSettled(page);
      expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual([
        'PersonalYour own',
        'Moon StudioOwner',
      ]);
      await screenshot(page, 'teams-together-switcher');
      expect(await seriousAxeViolations(page), `switcher open at ${viewport}`).toEqual([]);
      const box = await button.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewports[viewport].width);
      // Opened by the keyboard, the menu has the focus on the current workspace.
      await expect
        .poll(() =>
          menu
            .getByRole('menuitemradio', { checked: true })
            .evaluate((item) => item === document.activeElement),
        )
        .toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      // Focus goes back to the switcher once the menu has closed (the failure names what has it instead).
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const active = document.activeElement;
              return active
                ? `${active.tagName.toLowerCase()}.${active.className} ${active.getAttribute('aria-label') ?? ''}`
                : 'nothing';
            }),
          { message: `the focus after Escape at ${viewport}` },
        )
        .toMatch(/^button\.llw-switcher /);
    }
    await page.setViewportSize(viewports.desktop);
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
    // Back to their own workspace for what comes next.
    await button.click();
    await page.getByRole('menuitemradio', { name: /^Personal/ }).click();
    await page.getByRole('button', { name: 'Personal Your own, switch workspace' }).waitFor();
  }, 180_000);

  it('edits one project at once on two nodes: each sees the other, a conflict is merged field by field, nothing lost', async () => {
    // The owner starts a project on their own and moves it into the team from Generate NFT.
    projectId = (
      await send(olga.context, 'POST', '/api/v1/projects', {
        name: 'Moon Cats',
        description: 'Cats on the moon',
        collectionSize: 10,
        width: 256,
        height: 256,
      })
    ).data.project.id;
    const a = olga.page;
    await a.goto(`/dashboard/nft?project=${projectId}`);
    await a.getByRole('button', { name: 'Personal Your own, switch workspace' }).waitFor();
    await expect.poll(() => a.getByLabel('Project Name').inputValue()).toBe('Moon Cats');
    await a.getByRole('button', { name: 'Move to workspace…' }).click();
    const move = a.getByRole('dialog', { name: 'Move “Moon Cats” to another workspace' });
    await move.getByRole('radio', { name: /Moon Studio/ }).check();
    await move.getByRole('button', { name: 'Move project' }).click();
    await a.getByText('“Moon Cats” moved to Moon Studio').waitFor();
    await a.waitForURL(new RegExp(`workspace=${teamId}`));

    // The editor, on the other node, switches to the team and finds it there.
    const b = eddie.page;
    await b.goto('/dashboard/nft');
    await b.getByRole('heading', { name: 'Generate NFT', level: 1 }).waitFor();
    await b.getByRole('button', { name: /^Personal/ }).click();
    await b.getByRole('menuitemradio', { name: /Moon Studio/ }).click();
    await b.getByRole('button', { name: 'Moon Studio Editor, switch workspace' }).waitFor();
    await expect.poll(() => b.getByLabel('Project Name').inputValue()).toBe('Moon Cats');
    expect(await b.getByRole('button', { name: 'New project' }).isEnabled()).toBe(true);

    // Each sees the other has it open, across the nodes.
    const presence = (page: Page) =>
      page.getByRole('region', { name: 'Who else has this project open' }).getByRole('status');
    await expect.poll(() => presence(a).textContent()).toBe('Eddie Editor is editing now');
    await expect.poll(() => presence(b).textContent()).toBe('Olga Owner is editing now');

    // Different fields: the editor's later save meets the owner's (412), merges and saves both, unasked.
    await a.getByLabel('Collection Size').fill('30');
    await saved(a);
    await b.getByLabel('Project Description').fill('Edited by Eddie.');
    await saved(b);
    expect(await b.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => b.getByLabel('Collection Size').inputValue()).toBe('30');
    expect(await stored(olga.context)).toMatchObject({ collectionSize: 30, description: 'Edited by Eddie.' });

    // The same field in both, while the editor's edits are still unsent (their save held until the owner's lands;
    // an editor with nothing unsaved would just show the owner's save): the editor is shown who saved what, and
    // chooses; everything else merges.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const projectUrl = `**/api/v1/projects/${projectId}`;
    await b.route(projectUrl, async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    await b.getByLabel('Project Name').fill('Moon Cats by Eddie');
    await b.getByLabel('Width').fill('300');
    await a.getByLabel('Project Name').fill('Moon Cats by Olga');
    await a.getByLabel('Height').fill('320');
    await saved(a);
    release();
    const dialog = b.getByRole('dialog');
    await dialog.waitFor();
    await b.unroute(projectUrl);
    await dialogSettled(b);
    const savedBy = (await stored(olga.context)).updatedBy as string;
    expect(savedBy).toContain('Olga');
    expect(
      await b.getByRole('dialog', { name: `${savedBy} saved this project while you were editing` }).count(),
    ).toBe(1);
    const field = dialog.getByRole('group', { name: 'Name' });
    expect(await field.getByRole('radio', { name: /Keep mine\s*Moon Cats by Eddie/ }).count()).toBe(1);
    expect(await field.getByRole('radio', { name: /Take theirs\s*Moon Cats by Olga/ }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Choose 1 field to save' }).isDisabled()).toBe(true);
    // Nothing is saved while the choice is open.
    expect((await stored(eddie.context)).name).toBe('Moon Cats by Olga');
    await atEveryWidth(b, 'teams-together-conflict');
    await field.getByText('Keep mine').click();
    await dialog.getByRole('button', { name: 'Save merged project' }).click();
    await dialog.waitFor({ state: 'detached' });
    await saved(b);
    const merged = {
      name: 'Moon Cats by Eddie',
      description: 'Edited by Eddie.',
      collectionSize: 30,
      width: 300,
      height: 320,
    };
    expect(await stored(olga.context)).toMatchObject(merged);
    expect(await b.getByLabel('Height').inputValue()).toBe('320');
    expect(unexpected(olga.errors)).toEqual([]);
    expect(unexpected(eddie.errors)).toEqual([]);
  }, 300_000);

  it('lets the viewer comment on a token with a mention that rings the owner’s bell, and refuses their edit', async () => {
    // A 4-token collection of the team, generated from the sample layers.
    const made = (
      await send(olga.context, 'POST', '/api/v1/projects', {
        workspaceId: teamId,
        name: 'Moon Blobs',
        description: 'For review',
        collectionSize: 4,
        width: 128,
        height: 128,
      })
    ).data.project.id as string;
    await send(olga.context, 'POST', `/api/v1/projects/${made}/sample-layers`, {});
    collectionId = (await send(olga.context, 'POST', `/api/v1/projects/${made}/generate`)).data.collection.id;
    await expect
      .poll(
        async () =>
          (await send(olga.context, 'GET', `/api/v1/collections/${collectionId}`)).data.collection.progress
            .status,
        { timeout: 120_000 },
      )
      .toBe('ready');

    const bell = olga.page.getByRole('button', { name: /^Notifications/ });
    await olga.page.goto(`/dashboard/teams/${teamId}`);
    const unreadBefore = (await bell.getAttribute('aria-label')) ?? '';

    // The viewer (node B) comments on token #2 and mentions the owner.
    const page = vera.page;
    await page.goto(`/dashboard/collections/${collectionId}/tokens/2`);
    const comments = page.getByRole('region', { name: 'Comments on #2' });
    await comments.getByText('No comments yet.').waitFor();
    const box = comments.getByLabel(/Add a comment/);
    await box.fill('The hat clips the ear, ');
    await box.pressSequentially('@Olg');
    await page.locator('.ant-mentions-dropdown-menu-item', { hasText: 'Olga Owner' }).click();
    await comments.getByRole('button', { name: 'Comment' }).click();
    await comments.getByText('The hat clips the ear, @Olga Owner', { exact: false }).waitFor();
    await atEveryWidth(page, 'teams-together-comments');

    // The owner's bell (node A) rings without a reload; the notification names the viewer and the token.
    await expect.poll(() => bell.getAttribute('aria-label')).not.toBe(unreadBefore);
    await bell.click();
    const panel = olga.page.getByRole('list', { name: 'Latest notifications' });
    await panel
      .getByText('Vera Viewer mentioned you on token #2 of “Moon Blobs”', { exact: false })
      .waitFor();
    await bell.click();

    // The viewer reads the team's project with its edit controls disabled, saying why...
    await page.setViewportSize(viewports.desktop);
    await page.goto(`/dashboard/nft?project=${projectId}&workspace=${teamId}`);
    await page.getByRole('button', { name: 'Moon Studio Viewer, switch workspace' }).waitFor();
    await page.getByText('You are a Viewer in Moon Studio', { exact: false }).first().waitFor();
    for (const name of ['New project', 'Discard', 'Generate']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    }
    await screenshot(page, 'teams-together-viewer-generate');
    // ... and the server refuses the edit itself, naming the role.
    const refused = await vera.context.request.fetch(`/api/v1/projects/${projectId}`, {
      method: 'PATCH',
      headers: { origin: nodes.b.url },
      data: { name: 'Viewer was here' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toContain('Viewer');
    expect((await stored(olga.context)).name).toBe('Moon Cats by Eddie');
    expect(unexpected(vera.errors)).toEqual([]);
  }, 300_000);

  it('refuses to publish or deploy until the owner approves; then publishes, and logs a withdrawal', async () => {
    const page = olga.page;
    // The owner asks for review before launch.
    await page.goto(`/dashboard/teams/${teamId}`);
    const card = page.getByRole('region', { name: 'Review before launch' });
    const toggle = card.getByRole('switch', { name: 'Require approval before publishing or deploying' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

    // Publishing is refused with the reason, and so is recording a deployment.
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl });
    await page.goto(`/dashboard/collections/${collectionId}`);
    const approval = page.getByRole('region', { name: 'Approval' });
    await approval
      .getByText("Needs an Owner's or Admin's approval before it is published or deployed")
      .waitFor();
    await publishHosted(page);
    await page
      .getByText("needs an Owner's or Admin's approval before it is published", { exact: false })
      .first()
      .waitFor();
    const deployment = {
      chainId: 31_337,
      address: anvilAccount1,
      deployer: anvilAccount0,
      transactionHash: `0x${'1'.repeat(64)}`,
      name: 'Moon Blobs',
      symbol: 'MOON',
      maxSupply: 4,
    };
    const early = await olga.context.request.post(`/api/v1/collections/${collectionId}/deployments`, {
      headers: { origin: nodes.a.url },
      data: deployment,
    });
    expect(early.status()).toBe(409);
    expect((await early.json()).error.message).toContain('approval before it is deployed');
    await atEveryWidth(page, 'teams-together-approval-waiting');

    // The owner approves: publishing goes through.
    await approval.getByRole('button', { name: 'Approve collection' }).click();
    await approval.getByText(/^Approved by Olga Owner on /).waitFor();
    await publishHosted(page);
    await expect
      .poll(
        async () =>
          (await send(olga.context, 'GET', `/api/v1/collections/${collectionId}/publication`)).data
            .publication?.mode,
      )
      .toBe('hosted');

    // The owner's wallet deploys the contract, a collector mints, and the owner withdraws from the drop panel.
    const deployed = await deployCollection({
      walletClient: walletOf(anvilAccount0),
      publicClient: publicClient(),
      collection: {
        name: 'Moon Blobs',
        symbol: 'MOON',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${nodes.a.url}/hidden.json`,
      },
    });
    await send(olga.context, 'POST', `/api/v1/collections/${collectionId}/deployments`, {
      ...deployment,
      address: deployed.address,
      transactionHash: deployed.hash,
    });
    const clients = {
      walletClient: walletOf(anvilAccount0),
      publicClient: publicClient(),
      address: deployed.address,
    };
    await setPhase({ ...clients, phase: 'public' });
    await mint({ ...clients, walletClient: walletOf(anvilAccount1), quantity: 1 });
    const drop = await openDrop(page, collectionId);
    const funds = drop.getByRole('region', { name: 'Funds' });
    await expect.poll(() => funds.getByTestId('drop-balance').textContent()).toBe('0.01 ETH');
    await funds.getByRole('button', { name: 'Withdraw 0.01 ETH' }).click();
    await confirmed(drop, 'withdraw');
    await funds.getByText("0.01 ETH withdrawn: noted in Moon Studio's activity log.").waitFor();
    const hash = (await drop.locator('li[data-action="withdraw"] code').textContent()) as string;
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      await page.setViewportSize(viewports[viewport]);
      await screenshot(page, 'teams-together-drop');
      await funds.screenshot({
        path: `e2e/artifacts/screenshots/teams-together-withdrawn-${viewports[viewport].width}.png`,
      });
    }
    await page.setViewportSize(viewports.desktop);

    // Every member reads it in the log, whichever node they ask.
    await page.goto(`/dashboard/teams/${teamId}`);
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText(`Withdrew funds · Moon Blobs: 0.01 ETH to ${anvilAccount0} (transaction ${hash})`, {
        exact: false,
      })
      .waitFor();
    const log = (
      await send(eddie.context, 'GET', `/api/v1/workspaces/${teamId}/activity?action=collection.withdrawn`)
    ).data.entries;
    expect(log).toHaveLength(1);
    expect(unexpected(olga.errors)).toEqual([]);
  }, 300_000);

  it('ends a removed member’s access at once, on both web nodes', async () => {
    const readsProject = async (node: string) =>
      (await vera.context.request.get(`${node}/api/v1/projects/${projectId}`)).status();
    expect(await readsProject(nodes.a.url)).toBe(200);
    expect(await readsProject(nodes.b.url)).toBe(200);
    await vera.page.goto(`/dashboard/teams/${teamId}`);
    await vera.page.getByText('Your role: Viewer.', { exact: false }).waitFor();

    // The owner makes the editor an Admin, then removes the viewer.
    const page = olga.page;
    await page.goto(`/dashboard/teams/${teamId}`);
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByLabel('Role of Eddie Editor').click();
    await page.locator('.ant-select-item-option', { hasText: 'Admin' }).click();
    await page.getByText('Eddie Editor is now Admin.').waitFor();
    await eddie.page.goto(`/dashboard/teams/${teamId}`);
    await eddie.page.getByText('Your role: Admin.', { exact: false }).waitFor();
    await members
      .getByRole('row', { name: /Vera Viewer/ })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page.getByRole('button', { name: 'Remove', exact: true }).last().click();
    await page.getByText('Vera Viewer was removed.').waitFor();
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Changed a role · Eddie Editor: Editor → Admin', { exact: false }).waitFor();
    await activity.getByText('Removed a member · A former member (Viewer)', { exact: false }).waitFor();

    // The viewer's very next requests are refused by both nodes; their page says the team is gone.
    expect(await readsProject(nodes.a.url)).toBe(404);
    expect(await readsProject(nodes.b.url)).toBe(404);
    await vera.page.reload();
    await vera.page.getByRole('heading', { name: 'Team not found', level: 1 }).waitFor();
    expect(unexpected(olga.errors)).toEqual([]);
    expect(unexpected(eddie.errors)).toEqual([]);
  }, 180_000);
});
