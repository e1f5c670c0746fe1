import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession } from './support/admin-session.ts';
import { dialogSettled, openPage, screenshot, seriousAxeViolations, signIn } from './support/browser.ts';
import { createMember, mailTo, send } from './support/members.ts';

let session: AdminSession;

beforeAll(async () => {
  session = await startAdminSession();
}, 120_000);
afterAll(async () => {
  await session?.stop();
});

describe('review in a team (issue 30)', () => {
  it('shows a Viewer the project editor read only, takes their comment on a trait, and shows it to the editor', async () => {
    // The test admin owns a team with a project of sample layers; Vera joins it as a Viewer.
    const owner = await session.signedIn('desktop');
    const viewer = await openPage(session.browser, session.app.url, 'desktop');
    const vera = await createMember(viewer.context, { firstname: 'Vera', lastname: 'Viewer' });
    await signIn(viewer.context, vera.email, vera.password);
    const teamId: string = (await send(owner.context, 'POST', '/api/v1/workspaces', { name: 'Trait Studio' }))
      .data.workspace.id;
    await send(owner.context, 'POST', `/api/v1/workspaces/${teamId}/invitations`, {
      email: vera.email,
      role: 'viewer',
    });
    const token = (await mailTo(owner.context, vera.email, /\/invitations\//)).text.match(
      /\/invitations\/([\w-]+)/,
    )?.[1];
    await send(viewer.context, 'POST', `/api/v1/invitations/${token}/accept`);
    const projectId: string = (
      await send(owner.context, 'POST', '/api/v1/projects', {
        workspaceId: teamId,
        name: 'Studio Cats',
        description: 'Cats of the studio',
        collectionSize: 10,
        width: 256,
        height: 256,
      })
    ).data.project.id;
    const filled = await send(owner.context, 'POST', `/api/v1/projects/${projectId}/sample-layers`, {});
    const layer: { name: string; traits: { name: string }[] } = filled.data.project.layers[0];
    const trait = layer.traits[0]?.name ?? '';

    // Vera reads the editor: every field disabled, no upload area, the reason said, and no save sent.
    const { page } = viewer;
    const writes: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() !== 'GET' && path.startsWith(`/api/v1/projects/${projectId}`))
        if (!/\/(presence|comments)$/.test(path)) writes.push(`${request.method()} ${path}`);
    });
    await page.goto(`/dashboard/nft?project=${projectId}&workspace=${teamId}`);
    await page
      .getByText('You are a Viewer in Trait Studio: you can read and comment, not edit.', { exact: false })
      .first()
      .waitFor();
    const comments = page.getByRole('button', { name: `Comments on trait ${trait}` });
    await comments.waitFor();
    for (const label of ['Project Name', 'Project Description', 'New Layer', `Name of trait ${trait}`])
      expect(await page.getByLabel(label, { exact: true }).isDisabled(), label).toBe(true);
    for (const name of ['Generate', 'Preview', 'Preview All'])
      expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    expect(await page.locator('.ll-gen-area-layer input[type="file"]').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1440, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'review-viewer-editor');
    }

    // She comments on the trait from its card, in the thread's drawer.
    await page.setViewportSize({ width: 1440, height: 900 });
    await comments.click();
    const drawer = page.getByRole('dialog', { name: `Comments on ${layer.name} / ${trait}` });
    await drawer.getByText('No comments yet.').waitFor();
    await drawer.getByLabel(/Add a comment/).fill('Could this one be a little warmer?');
    await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
    await drawer.getByText('Could this one be a little warmer?').waitFor();
    const box = drawer.getByLabel(/Add a comment/);
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: `Comments (1) on trait ${trait}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1440, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await dialogSettled(page);
      await screenshot(page, 'review-viewer-trait-thread');
      await drawer.screenshot({ path: `e2e/artifacts/screenshots/review-trait-thread-${width}.png` });
    }
    expect(writes).toEqual([]);
    expect(viewer.errors).toEqual([]);

    // The owner, editing, sees the count on the card, and the thread where a mention's link leads.
    const { page: ownerPage } = owner;
    await ownerPage.goto(`/dashboard/nft?project=${projectId}&workspace=${teamId}`);
    await ownerPage.getByRole('button', { name: `Comments (1) on trait ${trait}` }).waitFor();
    expect(await ownerPage.getByLabel('Project Name', { exact: true }).isDisabled()).toBe(false);
    const query = new URLSearchParams({ project: projectId, layer: layer.name, trait });
    await ownerPage.goto(`/dashboard/nft?${query}`);
    await ownerPage
      .getByRole('dialog', { name: `Comments on ${layer.name} / ${trait}` })
      .getByText('Could this one be a little warmer?')
      .waitFor();

    // The owner renames the project and the commented trait: Vera's open editor (nothing unsaved) shows both at
    // once and says who saved; the trait's comment moved with its name.
    await page.keyboard.press('Escape');
    type Layer = { id: string; traits: { id: string; name: string; weight: number }[] };
    const saved = (await send(owner.context, 'GET', `/api/v1/projects/${projectId}`)).data.project;
    const warmer = `${trait} Warm`;
    await send(owner.context, 'PATCH', `/api/v1/projects/${projectId}`, {
      name: 'Studio Cats Two',
      layers: (saved.layers as Layer[]).map(({ traits, ...rest }, index) => ({
        ...rest,
        traits: traits.map(({ id, name, weight }, at) => ({
          id,
          name: index === 0 && at === 0 ? warmer : name,
          weight,
        })),
      })),
    });
    await page.getByText(/^.+ saved changes; you are seeing them\.$/).waitFor();
    await expect
      .poll(() => page.getByLabel('Project Name', { exact: true }).inputValue())
      .toBe('Studio Cats Two');
    await page.getByRole('button', { name: `Comments (1) on trait ${warmer}` }).waitFor();
    expect(await page.getByLabel(`Name of trait ${warmer}`, { exact: true }).inputValue()).toBe(warmer);
    for (const width of [1440, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'review-viewer-saved-by');
    }
    await viewer.context.close();
    await owner.context.close();
  }, 240_000);
});
