import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
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
  viewports,
} from './support/browser.ts';
import { callInPage, waitUntilReady } from './support/in-page.ts';

const SIZE = 8;

/** Layer configurations, feasibility before generating and "None" in metadata, in the Generate NFT editor. */
describe('Generate NFT: configurations, feasibility and None traits', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  const patchProject = (body: object) => callInPage(page, `/api/v1/projects/${projectId}`, 'PATCH', body);
  const generateCard = () => page.locator('.ll-gen-area-generate');
  const configurationsCard = () => page.locator('.ll-gen-area-configurations');

  /** Waits for the autosave indicator to say everything is on the server. */
  const saved = () =>
    page
      .getByRole('status')
      .filter({ hasText: /^(Saved · ready to generate|Draft saved · not ready to generate yet)$/ })
      .waitFor({ timeout: 15_000 });

  /** Screenshots an area of the editor at every width (it is scrolled into view first), axe-checked once. */
  async function shoot(name: string, area: () => ReturnType<Page['locator']>) {
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const viewport of ['desktop', 'tablet', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await area().scrollIntoViewIfNeeded();
      await screenshot(page, name);
    }
    await page.setViewportSize(viewports.desktop);
  }

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
    ]);
    ({ context, page } = await openPage(browser, app.url));
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    const created = await callInPage(page, '/api/v1/projects', 'POST', {
      name: 'Two Builds',
      description: 'Bare heads and hatted ones',
      collectionSize: SIZE,
      width: 128,
      height: 128,
    });
    projectId = created.json.data.project.id;
    await callInPage(page, `/api/v1/projects/${projectId}/sample-layers`, 'POST', {});
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('says before rendering why exact counts cannot be met, and Generate says so too', async () => {
    const { json } = await callInPage(page, `/api/v1/projects/${projectId}`);
    const layers = json.data.project.layers as {
      id: string;
      name: string;
      traits: { id: string; name: string; weight: number }[];
    }[];
    const sent = (weight: (layer: string, index: number, trait: { weight: number }) => number) =>
      layers.map((layer) => ({
        id: layer.id,
        name: layer.name,
        traits: layer.traits.map((trait, index) => ({
          id: trait.id,
          name: trait.name,
          weight: weight(layer.name, index, trait),
        })),
      }));
    // Exact counts: most tokens want the first body, and rules leave it a single combination.
    const firstBody = layers.find((layer) => layer.name === 'Body')!.traits[0]!.name;
    const rules = layers
      .filter((layer) => layer.name !== 'Body')
      .flatMap((layer) =>
        layer.traits.slice(1).map((trait) => ({
          kind: 'excludes',
          trait: `Body/${firstBody}`,
          other: `${layer.name}/${trait.name}`,
        })),
      );
    const exact = await patchProject({
      rarityMode: 'exact',
      rules,
      layers: sent((layer, index, trait) => (layer === 'Body' ? (index === 0 ? 20 : 1) : trait.weight)),
    });
    expect(exact.status).toBe(200);

    await page.goto(`/dashboard/nft?project=${projectId}`);
    await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
    // Exact counts and rules in use: Advanced opens by itself.
    expect(await page.getByRole('button', { name: 'Advanced' }).getAttribute('aria-expanded')).toBe('true');
    const blocker = generateCard().locator('[data-blocker="infeasible"]');
    await blocker.waitFor({ timeout: 15_000 });
    expect(await blocker.textContent()).toMatch(
      new RegExp(
        `^Exact rarity wants \\d+ tokens with Body/${firstBody}, but only 1 valid combinations contain it\\. `,
      ),
    );
    expect(await blocker.textContent()).toContain('or use weighted rarity.');
    expect(await generateCard().getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(
      true,
    );
    await shoot('generate-feasibility-blocked', generateCard);

    // Back to weighted rarity without the rules: the server finds every token can be made.
    await page.goto('/dashboard');
    const weighted = await patchProject({
      rarityMode: 'weighted',
      rules: [],
      seed: 'two-builds',
      layers: sent((_layer, _index, trait) => trait.weight),
    });
    expect(weighted.status).toBe(200);
    await page.goto(`/dashboard/nft?project=${projectId}`);
    const ok = generateCard().getByTestId('feasibility-ok');
    await ok.waitFor({ timeout: 15_000 });
    expect(await ok.textContent()).toContain(`All ${SIZE} tokens can be made unique`);
    // No advanced feature used any more: they are folded away under Advanced.
    expect(await page.getByRole('button', { name: 'Advanced' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('splits the collection into two configurations, previews one, shows None where asked and generates the shares', async () => {
    // No None trait in metadata unless the layer asks: the Headwear layer appears on half the tokens and says None.
    await page.getByLabel('Presence of Headwear (%)').fill('50');
    await page.getByRole('button', { name: 'Settings of layer Headwear' }).click();
    await page.getByRole('switch', { name: 'Show None in metadata' }).waitFor();
    await dialogSettled(page);
    await page.getByRole('switch', { name: 'Show None in metadata' }).click();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Show None in metadata' }).getAttribute('aria-checked'))
      .toBe('true');
    await shoot('generate-show-none', () => page.locator('.ll-gen-layer-settings'));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Advanced' }).click();
    const card = configurationsCard();
    await card.getByRole('button', { name: 'Add configuration' }).click();
    await card.getByRole('button', { name: 'Add configuration' }).click();
    const first = card.getByRole('listitem', { name: 'Configuration Configuration 1' });
    const second = card.getByRole('listitem', { name: 'Configuration Configuration 2' });
    await first.getByLabel('Name').fill('Bare');
    await first.getByLabel('Name').press('Enter');
    const bare = card.getByRole('listitem', { name: 'Configuration Bare' });
    await bare.getByRole('button', { name: 'Remove Headwear from Bare' }).click();
    await bare.getByLabel('Share').fill('3');
    await second.getByLabel('Name').fill('Hatted');
    await second.getByLabel('Name').press('Enter');
    await expect
      .poll(() => card.getByTestId('configuration-tokens').allTextContents())
      .toEqual(['6 tokens · 75 %', '2 tokens · 25 %']);
    await saved();

    // The server counts each configuration before anything is rendered.
    const configurations = generateCard().locator('.ll-gen-feasibility-configurations li');
    await expect.poll(() => configurations.count(), { timeout: 15_000 }).toBe(2);
    expect(await configurations.first().textContent()).toMatch(/^Bare[\d,]+ combinations for 6 tokens$/);

    const hatted = card.getByRole('listitem', { name: 'Configuration Hatted' });
    await hatted.getByRole('button', { name: 'Preview Hatted' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: Hatted' });
    await dialog.locator('img[alt^="Preview: "]').waitFor({ timeout: 15_000 });
    expect(await dialog.locator('.ll-gen-attributes dt').allTextContents()).toContain('Body');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    // Axe would otherwise catch the modal's text half-faded as it closes.
    await dialog.waitFor({ state: 'hidden' });
    await shoot('generate-configurations', configurationsCard);

    // A finished artwork as a 1-of-1, with an attribute of its own: it takes one of the 8 places.
    const artwork = await sharp({ create: { width: 128, height: 128, channels: 4, background: '#d4af37' } })
      .png()
      .toBuffer();
    const oneOfOnes = page.locator('.ll-gen-area-one-of-ones');
    await oneOfOnes
      .locator('input[type=file]')
      .setInputFiles({ name: 'Golden One.png', mimeType: 'image/png', buffer: artwork });
    const golden = oneOfOnes.getByRole('listitem', { name: '1-of-1 Golden One' });
    await golden.waitFor({ timeout: 15_000 });
    await golden.getByRole('button', { name: 'Add attribute' }).click();
    await golden.getByLabel('Attribute 1 name').fill('Artist');
    await golden.getByLabel('Attribute 1 value').fill('Ada');
    expect(await oneOfOnes.getByTestId('one-of-ones-count').textContent()).toBe(
      '1 of the 8 tokens is a 1-of-1; the rest are generated.',
    );
    await expect
      .poll(() => card.getByTestId('configuration-tokens').allTextContents())
      .toEqual(['5 tokens · 75 %', '2 tokens · 25 %']);
    await saved();
    await shoot('generate-one-of-ones', () => page.locator('.ll-gen-area-one-of-ones'));

    await generateCard().getByRole('button', { name: 'Generate', exact: true }).click();
    const collectionOf = async () =>
      (
        (await callInPage(page, '/api/v1/collections')).json.data.collections as {
          id: string;
          projectId: string;
        }[]
      ).find((entry) => entry.projectId === projectId);
    await expect.poll(collectionOf, { timeout: 15_000, interval: 200 }).toBeDefined();
    const collection = (await collectionOf())!;
    await waitUntilReady(page, collection.id);
    const hats: string[] = [];
    const names: string[] = [];
    for (let edition = 1; edition <= SIZE; edition++) {
      const metadata = (
        await context.request.get(`/api/v1/collections/${collection.id}/metadata/${edition}.json`)
      ).json();
      const { name, attributes } = (await metadata) as {
        name: string;
        attributes: { trait_type: string; value: string }[];
      };
      names.push(name);
      if (name === 'Golden One') expect(attributes).toEqual([{ trait_type: 'Artist', value: 'Ada' }]);
      const hat = attributes.find((attribute) => attribute.trait_type === 'Headwear');
      hats.push(hat ? hat.value : '(no Headwear attribute)');
    }
    expect(names.filter((name) => name === 'Golden One')).toHaveLength(1);
    // The collection page shows the 1-of-1 in its gallery like any other token.
    const listed = (await callInPage(page, `/api/v1/collections/${collection.id}/tokens?pageSize=200`)).json
      .data.tokens as {
      name: string;
      edition: number;
      attributes: { trait_type: string; value: string }[];
    }[];
    const artworkToken = listed.find((token) =>
      token.attributes.some((attribute) => attribute.value === 'Ada'),
    );
    expect(artworkToken?.name).toBe('Golden One');
    await page.goto(`/dashboard/collections/${collection.id}`);
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Gallery' })
            .getByRole('link', { name: `Golden One #${artworkToken!.edition}`, exact: true })
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    // Five bare tokens and the 1-of-1 have no Headwear at all; the two hatted ones show one, "None" where it was left out.
    expect(hats.filter((value) => value === '(no Headwear attribute)')).toHaveLength(6);
    const withHeadwear = hats.filter((value) => value !== '(no Headwear attribute)');
    expect(withHeadwear).toHaveLength(2);
    expect(withHeadwear).toContain('None');
  });
});
