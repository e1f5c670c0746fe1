import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession } from './support/admin-session.ts';
import { screenshot, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { callInPage } from './support/in-page.ts';
import { readySampleCollection } from './support/launch-setup.ts';

let session: AdminSession;

beforeAll(async () => {
  session = await startAdminSession();
}, 120_000);
afterAll(async () => {
  await session?.stop();
});

describe('review in a team (issue 30)', () => {
  it('asks for an approval before launch, approves it, and keeps a token’s comments', async () => {
    const { page, context } = await session.signedIn('desktop');
    const collectionId = await readySampleCollection(page, {
      name: 'Review Cats',
      description: 'For review',
    });
    const collection = await callInPage(page, `/api/v1/collections/${collectionId}`);
    const workspaceId: string = collection.json.data.collection.workspaceId;
    const on = await callInPage(page, `/api/v1/workspaces/${workspaceId}/review-settings`, 'PUT', {
      requireApproval: true,
    });
    expect(on.status).toBe(200);

    await page.goto(`/dashboard/collections/${collectionId}`);
    const panel = page.getByRole('region', { name: 'Approval' });
    await panel
      .getByText("Needs an Owner's or Admin's approval before it is published or deployed")
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const sizes = { desktop: 1440, tablet: 820, phone: 390 } as const;
      await page.setViewportSize({ width: sizes[viewport], height: 900 });
      await screenshot(page, 'review-approval-waiting');
      await panel.screenshot({
        path: `e2e/artifacts/screenshots/review-approval-panel-${sizes[viewport]}.png`,
      });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await panel.getByRole('button', { name: 'Approve collection' }).click();
    await panel.getByText(/^Approved by .* on /).waitFor();
    await panel.screenshot({ path: 'e2e/artifacts/screenshots/review-approval-approved-1440.png' });

    await page.goto(`/dashboard/collections/${collectionId}/tokens/2`);
    const comments = page.getByRole('region', { name: 'Comments on #2' });
    await comments.getByText('No comments yet.').waitFor();
    await comments.getByLabel(/Add a comment/).fill('The hat clips the ear on this one');
    await comments.getByRole('button', { name: 'Comment' }).click();
    await comments.getByText('The hat clips the ear on this one').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1440, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'review-token-comments');
      await comments.screenshot({ path: `e2e/artifacts/screenshots/review-comments-${width}.png` });
    }

    const team = await callInPage(page, '/api/v1/workspaces', 'POST', { name: 'Review Studio' });
    expect(team.status).toBe(201);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/dashboard/teams/${team.json.data.workspace.id}`);
    const card = page.getByRole('region', { name: 'Review before launch' });
    await card.getByRole('switch', { name: 'Require approval before publishing or deploying' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1440, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'review-team-settings');
      await card.screenshot({ path: `e2e/artifacts/screenshots/review-team-card-${width}.png` });
    }
    await context.close();
  }, 240_000);
});
