import { heldOutLayers } from '@layerloom/server/test/held-out-layers';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession, uploadTrait } from './support/admin-session.ts';
import { screenshot, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { startSampleCollection, waitUntilReady } from './support/in-page.ts';
import { send } from './support/members.ts';

let session: AdminSession;

beforeAll(async () => {
  session = await startAdminSession();
});

afterAll(async () => {
  await session?.stop();
});

/** A page at `width`, signed in as the test admin. */
const signedIn = (width: ViewportName) => session.signedIn(width);

/** A project of issue 28's held-out layer set (one problem of each kind), made through the API. */
async function heldOutProject(context: BrowserContext): Promise<string> {
  const created = await send(context, 'POST', '/api/v1/projects', {
    name: 'Held-out layers',
    description: 'One problem of each kind',
    collectionSize: 50,
    width: 1024,
    height: 1024,
  });
  const id: string = created.data.project.id;
  const { layers, rules } = await heldOutLayers();
  const named = await send(context, 'PATCH', `/api/v1/projects/${id}`, {
    layers: layers.map((layer) => ({ name: layer.name })),
  });
  const ids = new Map<string, string>(
    named.data.project.layers.map((layer: { id: string; name: string }) => [layer.name, layer.id]),
  );
  for (const layer of layers) {
    for (const file of layer.files) await uploadTrait(context, id, ids.get(layer.name)!, file);
  }
  await send(context, 'PATCH', `/api/v1/projects/${id}`, {
    rules: rules.map(([trait, other]) => ({ kind: 'excludes', trait, other })),
  });
  return id;
}

const summary = (page: Page) => page.getByTestId('quality-summary').textContent();

describe('Generate NFT: the Quality panel', () => {
  let heldOutId: string;

  it("lists the held-out set's problems by severity, with fixes and thumbnails, at every width", async () => {
    for (const width of ['desktop', 'tablet', 'phone'] as const) {
      const { context, page, errors } = await signedIn(width);
      heldOutId ??= await heldOutProject(context);
      await page.goto(`/dashboard/nft?project=${heldOutId}`);
      await expect.poll(() => summary(page)).toBe('3 serious problems, 3 warnings');
      const kinds = await page
        .getByTestId('quality-finding')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')));
      expect(kinds).toEqual([
        'empty',
        'hides-everything',
        'impossible',
        'size-and-placement',
        'size-and-placement',
        'look-alike',
      ]);
      // Every thumbnail is the trait's own image, served.
      const thumbnails = page.locator('.ll-quality-trait img');
      expect(await thumbnails.count()).toBe(7);
      const served = await thumbnails.evaluateAll((images) =>
        Promise.all(
          images.map(async (image) => {
            const response = await fetch((image as HTMLImageElement).src);
            return `${response.status} ${response.headers.get('content-type')}`;
          }),
        ),
      );
      expect(new Set(served)).toEqual(new Set(['200 image/png']));
      // Thumbnails load lazily as they scroll into view; the full-page screenshot shows them all.
      await thumbnails.evaluateAll((images) =>
        Promise.all(
          images.map((image) => {
            (image as HTMLImageElement).loading = 'eager';
            return (image as HTMLImageElement).decode().catch(() => undefined);
          }),
        ),
      );
      await screenshot(page, 'generate-quality-findings');
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (width === 'desktop') {
        // A trait opens its layer, to fix it there.
        await page.getByRole('button', { name: 'Eyes / Ghost', exact: true }).click();
        await page.getByRole('heading', { name: 'Layer: Eyes' }).waitFor();
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('says "No problems found" for the sample layers, and checks again after an upload', async () => {
    const { context, page, errors } = await signedIn('desktop');
    const created = await send(context, 'POST', '/api/v1/projects', {
      name: 'Sample quality',
      description: 'The sample layers',
      collectionSize: 20,
      width: 512,
      height: 512,
    });
    const id: string = created.data.project.id;
    await send(context, 'POST', `/api/v1/projects/${id}/sample-layers`, {});
    for (const width of ['desktop', 'tablet', 'phone'] as const) {
      const opened = width === 'desktop' ? { context, page, errors } : await signedIn(width);
      await opened.page.goto(`/dashboard/nft?project=${id}`);
      await expect.poll(() => summary(opened.page)).toBe('No problems found');
      await screenshot(opened.page, 'generate-quality-clean');
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      if (width !== 'desktop') await opened.context.close();
    }
    // An empty image dropped on the selected layer: the panel finds it without a reload.
    const blank = await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    await page
      .locator('.ll-gen-area-layer input[type="file"]')
      .setInputFiles({ name: 'Ghost.png', mimeType: 'image/png', buffer: blank });
    // (Its weight, below the sample traits', may also earn a warning that it is expected in no token.)
    await expect.poll(() => summary(page)).toMatch(/^1 serious problem/);
    expect(await page.locator('[data-testid="quality-finding"][data-kind="empty"]').textContent()).toContain(
      'Ghost has no visible pixel',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Rarity report', () => {
  it('explains the ranking in plain words, at every width', async () => {
    const { context, page } = await signedIn('desktop');
    await page.goto('/dashboard');
    const collectionId = await startSampleCollection(page, {
      name: 'Rarity words',
      description: 'For the rarity page',
      size: 20,
    });
    await waitUntilReady(page, collectionId);
    await context.close();
    for (const width of ['desktop', 'tablet', 'phone'] as const) {
      const opened = await signedIn(width);
      await opened.page.goto(`/dashboard/collections/${collectionId}/rarity`);
      await opened.page.getByTestId('rarity-method').waitFor();
      expect(await opened.page.locator('main').textContent()).not.toMatch(/χ²|\(\d+ df\)/);
      await screenshot(opened.page, 'rarity-page');
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  });
});
