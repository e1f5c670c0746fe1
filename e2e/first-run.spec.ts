import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
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
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { createMember, send } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let newcomer: { email: string; password: string };

/** A solid-colour RGB PNG, small enough to upload as a trait. */
function solidPng(size: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([red, green, blue], 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The region listing why Generate is disabled. */
const reasons = (page: Page) => page.getByRole('region', { name: /^Before you can generate/ });
const nextStep = (page: Page) => page.getByRole('region', { name: 'Next step' });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate', exact: true });
const saveStatus = (page: Page) => page.locator('.ll-gen-save-wrap');

/** The text of every reason listed, in order. */
function reasonTexts(page: Page): Promise<string[]> {
  return reasons(page)
    .locator('li > span:first-child')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

/** Opens Generate NFT on a new, empty project of the signed-in user. */
async function openEmptyProject(page: Page) {
  await page.goto('/dashboard/nft');
  await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
  const picker = page.getByLabel('Project', { exact: true });
  // The layers' list loads its own code: wait for it, or for the empty project's note, before counting.
  await page.locator('.ll-gen-layers-empty, .ll-gen-layer').first().waitFor();
  if ((await page.locator('.ll-gen-layer').count()) > 0) {
    await page.getByRole('button', { name: 'New project' }).click();
    await expect.poll(() => page.locator('.ll-gen-layer').count()).toBe(0);
  }
  await picker.waitFor();
  await nextStep(page).getByText('Start here:').waitFor();
}

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
  browser = await launchBrowser();
  const { context } = await openPage(browser, app.url);
  newcomer = await createMember(context, { firstname: 'Nora', lastname: 'Newcomer' });
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("a newcomer's first collection", () => {
  it('starts from sample layers, sees every reason Generate is disabled, fixes them, generates and reads the token', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, newcomer.email, newcomer.password);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard · Layerloom');
    // No admin entry for a regular user.
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'Generate NFT' }).waitFor();
    expect(await menu.getByRole('link', { name: 'User Requests' }).count()).toBe(0);

    await menu.getByRole('link', { name: 'Generate NFT' }).click();
    await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
    await expect.poll(() => page.title()).toBe('Generate NFT · Layerloom');

    // What to do first is at the top, above the fold; the truth about the project beside the title.
    const start = nextStep(page);
    await start.getByText('Start here:').waitFor();
    const box = await start.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(viewports.desktop.height);
    await expect.poll(() => saveStatus(page).textContent()).toBe('Draft saved · not ready to generate yet');
    expect(await generateButton(page).isDisabled()).toBe(true);
    expect(await reasonTexts(page)).toEqual([
      'Project Description is required: say in a sentence what the collection is about.',
      'The project has no layers: add the bottom one first (e.g. Background), or start from sample layers.',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'first-run-empty');

    // The sample layers fill the empty project: layers with images, counted at once, and a name and a
    // description, so nothing is left blocking Generate.
    await start.getByRole('button', { name: 'Start from sample layers' }).click();
    await expect.poll(() => page.locator('.ll-gen-layer').count()).toBeGreaterThan(1);
    await page.getByTestId('combination-count').waitFor();
    const count = Number((await page.getByTestId('combination-count').textContent())?.replace(/,/g, ''));
    expect(count).toBeGreaterThan(100);
    expect(await page.getByLabel('Project Name').inputValue()).toBe('Sample critters');
    expect(await page.getByLabel('Project Description').inputValue()).toMatch(/^Little creatures/);
    await expect.poll(() => saveStatus(page).textContent()).toBe('Saved · ready to generate');
    await reasons(page).waitFor({ state: 'detached' });
    await nextStep(page).getByText('Ready to generate.').waitFor();
    expect(await generateButton(page).isDisabled()).toBe(false);
    // The creator's own name replaces the sample's.
    await page.getByLabel('Project Name').fill('My critters');

    // Above the plan and above the combinations: both said at once, each with its fix.
    await page.getByLabel('Collection Size').fill(String(count + 1));
    await expect
      .poll(() => reasonTexts(page))
      .toEqual([
        'Your Free plan generates up to 100 assets: lower Collection Size to 100 or less, or choose a bigger plan.',
        `Collection Size (${(count + 1).toLocaleString('en-US')}) is more than the ${count.toLocaleString('en-US')} possible combinations: lower it to ${count.toLocaleString('en-US')} or less, add images to the layers, or loosen the rules.`,
      ]);
    expect(await reasons(page).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/dashboard/payment-plans',
    );
    // The top says how many there are and leads to the list.
    await nextStep(page).getByRole('button', { name: 'See all 2 things to fix' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ll-gen-blockers-title');
    // Axe would read the field message's fade-in as low contrast.
    await expect.poll(() => page.locator('.ant-form-show-help-item-appear').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'first-run-blocked');
    // The next step takes the user to the field, focused.
    await nextStep(page).getByRole('button', { name: 'Go to Collection Size' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('collectionSize');
    await page.getByLabel('Collection Size').fill('12');
    await expect.poll(() => saveStatus(page).textContent()).toBe('Saved · ready to generate');
    await reasons(page).waitFor({ state: 'detached' });
    await nextStep(page).getByText('Ready to generate.').waitFor();
    expect(await generateButton(page).isDisabled()).toBe(false);

    // The Free watermark says where the plans are.
    const note = page.locator('.ll-gen-area-generate .ll-watermark-note');
    await note.getByText(/“Layerloom Free” watermark/).waitFor();
    expect(await note.getByRole('link').getAttribute('href')).toBe('/dashboard/payment-plans');

    await nextStep(page).getByRole('button', { name: 'Go to Generate' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Generate');
    // Where the focus goes, whatever the timing: a small collection may be done before a poll would look.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { focused: string[] }).focused = seen;
      document.addEventListener('focusin', (event) => {
        const target = event.target as HTMLElement;
        const label = target.getAttribute('aria-label') ?? target.textContent ?? '';
        seen.push(label);
        // Whether Generate can be pressed again at the moment the progress appears (the job is running).
        if (label === 'Generation progress') {
          const generate = [...document.querySelectorAll<HTMLButtonElement>('.ll-gen-actions button')].find(
            (button) => button.textContent === 'Generate',
          );
          seen.push(generate?.disabled ? 'Generate disabled' : 'Generate enabled');
        }
      });
    });
    // A second click while the first is starting makes no second collection.
    await generateButton(page).click();
    await generateButton(page)
      .click({ force: true, timeout: 2_000 })
      .catch(() => undefined);
    // The progress takes the button's place and the focus; no list of things to fix for a job that started.
    await page.getByRole('region', { name: 'Generation progress' }).waitFor();
    expect(await reasons(page).count()).toBe(0);
    const done = page.getByRole('dialog', { name: 'NFT Collection Generated Successfully' });
    await done.waitFor({ timeout: 90_000 });
    await dialogSettled(page);
    // Open collection is the primary button, and focused; Stay here the other.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Open collection');
    const focused = await page.evaluate(() => (window as unknown as { focused: string[] }).focused);
    expect(focused.indexOf('Generation progress')).toBeGreaterThanOrEqual(0);
    expect(focused[focused.indexOf('Generation progress') + 1]).toBe('Generate disabled');
    expect(focused.indexOf('Generation progress')).toBeLessThan(focused.indexOf('Open collection'));
    expect(await done.getByRole('button', { name: 'Stay here' }).getAttribute('class')).not.toContain(
      'ant-btn-primary',
    );
    await screenshot(page, 'first-run-generated');
    await done.getByRole('button', { name: 'Open collection' }).click();
    await page.waitForURL(/\/dashboard\/collections\/[^/]+$/);
    await page.getByRole('heading', { name: 'My critters', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('My critters · Layerloom');
    // The focus starts from the new page's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('llc-collection-name');
    const collections = await (await context.request.get('/api/v1/collections')).json();
    expect(
      collections.data.collections.filter((made: { name: string }) => made.name === 'My critters'),
    ).toHaveLength(1);
    const collectionNote = page.locator('.llc-col-page .ll-watermark-note');
    expect(await collectionNote.getByRole('link').getAttribute('href')).toBe('/dashboard/payment-plans');

    // The token page says when the image link is set, instead of the generator's placeholder.
    await page.getByRole('link', { name: /#1$/ }).first().click();
    await page.waitForURL(/\/tokens\/1$/);
    await page.getByTestId('image-link-unpublished').waitFor();
    expect(await page.getByTestId('image-link-unpublished').textContent()).toMatch(
      /^The link is set when the collection is published\./,
    );
    const shown = await page.locator('.llc-json').textContent();
    expect(shown).toContain('"image": "(set when the collection is published)"');
    expect(shown).not.toContain('NewUriToReplace');
    await expect.poll(() => page.title()).toBe('#1 · My critters · Layerloom');
    // The file itself stays as the engine made it.
    const file = await page.getByRole('link', { name: 'Metadata file (1.json)' }).getAttribute('href');
    const metadata = await (await context.request.get(file ?? '')).json();
    expect(metadata.image).toBe('ipfs://NewUriToReplace/1.png');
    // Copy JSON turns enabled with the metadata: let its colour transition end before axe reads it.
    await expect.poll(() => page.getByRole('button', { name: 'Copy JSON' }).isEnabled()).toBe(true);
    await page.waitForTimeout(350);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'first-run-token');

    // Once published, the real address of the image is shown.
    const collectionId = new URL(page.url()).pathname.split('/')[3];
    await send(context, 'POST', `/api/v1/collections/${collectionId}/publication`, {});
    await page.reload();
    const imageLink = page.locator('.llc-image-link a');
    await imageLink.waitFor();
    const published = await imageLink.getAttribute('href');
    expect(published).toMatch(new RegExp(`^${app.url}/hosted/[^/]+/images/1\\.png$`));
    expect(await page.locator('.llc-json').textContent()).toContain(`"image": "${published}"`);
    expect((await context.request.get(published ?? '')).ok()).toBe(true);

    // The watermark note leads to the plans, where the user can buy one.
    await page.locator('.ll-watermark-note').getByRole('link').click();
    await page.waitForURL(/\/dashboard\/payment-plans$/);
    await page.getByRole('heading', { name: 'Payment plans', level: 1 }).waitFor();

    // Generate NFT opens a new project now, not the generated one as if it were ready to generate.
    await page.goto('/dashboard/nft');
    await nextStep(page).getByText('Start here:').waitFor();
    expect(await page.getByLabel('Project', { exact: true }).locator('option:checked').textContent()).toBe(
      'Untitled project',
    );
    // Picked again, the generated project says what it made and leads there.
    await page.getByLabel('Project', { exact: true }).selectOption({ label: 'My critters' });
    await nextStep(page).getByText('Generated.').waitFor();
    expect(await nextStep(page).textContent()).not.toContain('Ready to generate');
    expect(await nextStep(page).getByRole('link', { name: 'Open collection' }).getAttribute('href')).toBe(
      `/dashboard/collections/${collectionId}`,
    );
    await screenshot(page, 'first-run-generated-project');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  for (const width of Object.keys(viewports) as ViewportName[]) {
    it(`adds a layer by hand and is told what is missing, in working order, at ${viewports[width].width} px`, async () => {
      const { context, page, errors } = await openPage(browser, app.url, width);
      await signIn(context, newcomer.email, newcomer.password);
      await openEmptyProject(page);
      await page.getByLabel('Project Description').fill('Two colours, by hand.');

      // The cards follow the work, top to bottom in the page's order at every width.
      const order = await page
        .locator('.ll-gen-body > .ll-gen-card')
        .evaluateAll((cards) => cards.map((card) => card.querySelector('h2')?.textContent));
      expect(order).toEqual(['Project', 'Layers', 'Layer images', 'Advanced', 'Generate']);
      // A first project keeps the advanced features folded, saying what they are.
      const advanced = page.getByRole('button', { name: 'Advanced' });
      expect(await advanced.getAttribute('aria-expanded')).toBe('false');
      await page.getByText(/^Seed and exact counts, rules between traits/).waitFor();
      expect(await page.getByRole('heading', { name: 'Rules' }).count()).toBe(0);

      // "Add a layer" at the top takes the user to New Layer.
      await nextStep(page).getByRole('button', { name: 'Add a layer' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ll-gen-new-layer');
      await page.keyboard.type('Background');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Layer: Background' }).waitFor();
      await expect
        .poll(() => reasonTexts(page))
        .toEqual(['Layer “Background” has no images: upload at least one, or delete the layer.']);
      await nextStep(page).getByRole('button', { name: 'Upload images to Background' }).waitFor();

      // Two images for the default 100 items: Generate stays disabled and says why.
      const input = page.locator('.ll-gen-layer-editor input[type=file]');
      await expect.poll(() => input.isEnabled()).toBe(true);
      await input.setInputFiles([
        { name: 'Blue.png', mimeType: 'image/png', buffer: solidPng(64, [59, 130, 246]) },
        { name: 'Red.png', mimeType: 'image/png', buffer: solidPng(64, [239, 68, 68]) },
      ]);
      await page.getByText('Images:2').waitFor();
      await expect
        .poll(() => reasonTexts(page))
        .toEqual([
          'Collection Size (100) is more than the 2 possible combinations: lower it to 2 or less, add images to the layers, or loosen the rules.',
        ]);
      expect(await generateButton(page).isDisabled()).toBe(true);
      expect(await generateButton(page).getAttribute('aria-describedby')).toBe('ll-gen-blockers');
      await expect.poll(() => saveStatus(page).textContent()).toBe('Draft saved · not ready to generate yet');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}`).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'first-run-two-images');

      await nextStep(page).getByRole('button', { name: 'Go to Collection Size' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('collectionSize');
      await page.getByLabel('Collection Size').fill('2');
      await expect.poll(() => saveStatus(page).textContent()).toBe('Saved · ready to generate');
      expect(await generateButton(page).isDisabled()).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
