import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession, uploadTrait } from './support/admin-session.ts';
import { screenshot, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { callInPage, waitUntilReady } from './support/in-page.ts';
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

const SIZE = 256;

const solid = (r: number, g: number, b: number, alpha = 1) =>
  sharp({ create: { width: SIZE, height: SIZE, channels: 4, background: { r, g, b, alpha } } })
    .png()
    .toBuffer();
const svg = (body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${body}</svg>`))
    .png()
    .toBuffer();

/**
 * Issue 28's check: Background (four colours), Cover (Curtain, opaque over the whole canvas, weight 3;
 * Window, transparent) and Badge above: under the curtain, tokens differ only by a background nobody sees.
 */
async function coverProject(context: BrowserContext): Promise<string> {
  const layers = [
    {
      name: 'Background',
      traits: [
        ['Blue', 1, await solid(60, 110, 220)],
        ['Green', 1, await solid(70, 190, 110)],
        ['Orange', 1, await solid(240, 150, 60)],
        ['Pink', 1, await solid(235, 120, 180)],
      ],
    },
    {
      name: 'Cover',
      traits: [
        ['Curtain', 3, await solid(90, 30, 40)],
        ['Window', 1, await solid(0, 0, 0, 0)],
      ],
    },
    {
      name: 'Badge',
      traits: [
        ['Disc', 1, await svg('<circle cx="128" cy="128" r="64" fill="#fafafa"/>')],
        ['Square', 1, await svg('<rect x="76" y="76" width="104" height="104" fill="#14141e"/>')],
        ['Diamond', 1, await svg('<path d="M128 56 L200 128 L128 200 L56 128z" fill="#fadc28"/>')],
      ],
    },
  ] as const;
  const created = await send(context, 'POST', '/api/v1/projects', {
    name: 'Curtains',
    description: 'Two traits differ only under a full cover',
    collectionSize: 12,
    width: SIZE,
    height: SIZE,
  });
  const id: string = created.data.project.id;
  const named = await send(context, 'PATCH', `/api/v1/projects/${id}`, {
    seed: 'curtain call',
    layers: layers.map((layer) => ({ name: layer.name })),
  });
  for (const [index, layer] of layers.entries()) {
    for (const [name, , bytes] of layer.traits) {
      await uploadTrait(context, id, named.data.project.layers[index].id, { filename: `${name}.png`, bytes });
    }
  }
  const project = (await send(context, 'GET', `/api/v1/projects/${id}`)).data.project;
  await send(context, 'PATCH', `/api/v1/projects/${id}`, {
    layers: project.layers.map(
      (layer: { id: string; name: string; traits: { id: string; name: string }[] }, index: number) => ({
        id: layer.id,
        name: layer.name,
        traits: layer.traits.map((trait) => ({
          id: trait.id,
          name: trait.name,
          weight: layers[index]!.traits.find(([name]) => name === trait.name)![1],
        })),
      }),
    ),
  });
  return id;
}

/** Thumbnails load lazily; the full-page screenshot shows them all. */
async function loadThumbnails(page: Page) {
  await page.locator('.llc-lookalike-token img').evaluateAll((images) =>
    Promise.all(
      images.map((image) => {
        (image as HTMLImageElement).loading = 'eager';
        return (image as HTMLImageElement).decode().catch(() => undefined);
      }),
    ),
  );
}

describe('Look-alike tokens', () => {
  let projectId: string;
  let plainId: string;

  it('the collection page lists the tokens that differ only under a full cover, at every width', async () => {
    for (const width of ['desktop', 'tablet', 'phone'] as const) {
      const { context, page, errors } = await signedIn(width);
      if (!projectId) {
        projectId = await coverProject(context);
        await page.goto('/dashboard');
        const generated = await callInPage(page, `/api/v1/projects/${projectId}/generate`, 'POST');
        expect(generated.status).toBe(202);
        plainId = generated.json.data.collection.id;
        await waitUntilReady(page, plainId);
      }
      await page.goto(`/dashboard/collections/${plainId}`);
      const panel = page.getByRole('region', { name: 'Look-alike tokens' });
      await panel.getByText(/tokens look the same as another token although their traits differ/).waitFor();
      const groups = panel.locator('.llc-lookalike-group');
      expect(await groups.count()).toBeGreaterThan(0);
      expect(
        await groups
          .first()
          .getByText('Their metadata says different Background; nobody can see it.')
          .count(),
      ).toBe(1);
      await expect
        .poll(() => panel.locator('.llc-lookalike-trait').first().textContent())
        .toMatch(/^Background: (Blue|Green|Orange|Pink)$/);
      await loadThumbnails(page);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'collection-look-alikes');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('"Every token looks different" on Generate NFT gives a collection where none remain', async () => {
    const { context, page, errors } = await signedIn('desktop');
    await page.goto(`/dashboard/nft?project=${projectId}`);
    await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
    const advanced = page.getByRole('button', { name: 'Advanced' });
    if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
    const option = page.getByRole('checkbox', { name: 'Every token looks different' });
    await option.check();
    const described = await option.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toContain(
      'the same seed still gives the same collection',
    );
    const started = page.waitForResponse((response) =>
      response.url().endsWith(`/api/v1/projects/${projectId}/generate`),
    );
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const answer = await started;
    expect(answer.request().postDataJSON()).toEqual({ distinctLooks: true });
    const distinctId: string = (await answer.json()).data.collection.id;
    await waitUntilReady(page, distinctId);
    for (const width of ['desktop', 'tablet', 'phone'] as const) {
      const opened = width === 'desktop' ? { page } : await signedIn(width);
      await opened.page.goto(`/dashboard/collections/${distinctId}`);
      await opened.page
        .getByText('Every token looks different (generated with “Every token looks different”).')
        .waitFor();
      await screenshot(opened.page, 'collection-look-alikes-none');
    }
    // The option as it shows in Advanced, at every width.
    for (const width of ['desktop', 'tablet', 'phone'] as const) {
      const opened = await signedIn(width);
      await opened.page.goto(`/dashboard/nft?project=${projectId}`);
      const button = opened.page.getByRole('button', { name: 'Advanced' });
      await button.waitFor();
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      await opened.page
        .getByRole('checkbox', { name: 'Every token looks different' })
        .scrollIntoViewIfNeeded();
      await screenshot(opened.page, 'generate-distinct-looks-option');
      await opened.context.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
