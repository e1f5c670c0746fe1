import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
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
} from './support/browser.ts';
import { zipEntries } from './support/zip.ts';

let app: RunningApp;
let browser: Browser;
let folder: string;

/** A square PNG: a solid background colour, or a transparent one with a coloured shape on it. */
async function png(path: string, options: { color: string; shape?: 'circle' | 'hat' | 'bar' }) {
  const size = 128;
  if (!options.shape) {
    await sharp({ create: { width: size, height: size, channels: 4, background: options.color } })
      .png()
      .toFile(path);
    return;
  }
  const shape = {
    circle: `<circle cx="64" cy="74" r="38" fill="${options.color}"/>`,
    hat: `<polygon points="34,40 94,40 64,6" fill="${options.color}"/>`,
    bar: `<rect x="30" y="56" width="68" height="14" rx="7" fill="${options.color}"/>`,
  }[options.shape];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${shape}</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path);
}

/**
 * Picks an option of the open Ant Design select. The dropdown is positioned and animated outside the
 * page flow (sometimes beyond the viewport), so the click is dispatched to the option itself.
 */
async function chooseOption(page: Page, text: string): Promise<void> {
  const option = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    {
      hasText: text,
    },
  );
  await option.first().waitFor();
  await option.first().dispatchEvent('click');
}

/** A minimal stored (uncompressed) ZIP with the given entries: a HashLips layers/ folder to import. */
function storedZip(entries: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The layer names in the list, bottom first. */
function layerNames(page: Page): Promise<string[]> {
  return page
    .locator('.ll-gen-layer-title')
    .evaluateAll((nodes) => nodes.map((node) => (node.lastChild?.textContent ?? '').trim()));
}

const layerFiles = {
  Background: [
    ['Blue#30.png', { color: '#3b82f6' }],
    ['Red.png', { color: '#ef4444' }],
    ['Green.png', { color: '#22c55e' }],
    ['Gold.png', { color: '#eab308' }],
  ],
  Body: [
    ['Violet.png', { color: '#7c4dff', shape: 'circle' }],
    ['Teal.png', { color: '#20c5b0', shape: 'circle' }],
    ['Coral.png', { color: '#f97360', shape: 'circle' }],
  ],
  Hat: [
    ['Cap.png', { color: '#16112b', shape: 'hat' }],
    ['Crown.png', { color: '#facc15', shape: 'hat' }],
    ['Band.png', { color: '#db2777', shape: 'bar' }],
  ],
} as const;

/**
 * Opens a project of the signed-in user by name: Generate NFT itself opens the latest draft, or a new
 * project once every project has made its collection.
 */
async function openProject(page: Page, name: string) {
  const list = await (await page.context().request.get('/api/v1/projects')).json();
  const project = list.data.projects.find((candidate: { name: string }) => candidate.name === name);
  if (!project) throw new Error(`no project named ${name}`);
  await page.goto(`/dashboard/nft?project=${project.id}`);
  await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
  await expect.poll(() => page.getByLabel('Project Name').inputValue()).toBe(name);
}

/** Waits for the autosave indicator to say everything is on the server (ready to generate or not). */
async function saved(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^(Saved · ready to generate|Draft saved · not ready to generate yet)$/ })
    .waitFor({ timeout: 10_000 });
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'layerloom-generate-e2e-'));
  for (const [layer, files] of Object.entries(layerFiles)) {
    mkdirSync(join(folder, layer));
    for (const [name, options] of files) await png(join(folder, layer, name), options);
  }
  writeFileSync(join(folder, 'notes.txt'), 'not an image, just words '.repeat(10));
  // A real PNG cut short: right extension and signature, but it cannot be decoded to the end.
  const whole = readFileSync(join(folder, 'Background', 'Red.png'));
  writeFileSync(join(folder, 'Broken.png'), whole.subarray(0, Math.max(80, Math.floor(whole.length / 2))));
  app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('Generate NFT', () => {
  it('builds a project of three layers, previews it, generates 20 and downloads the collection', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard/nft');
    await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
    await saved(page);

    // The settings, with the spec's required-field messages.
    const name = page.getByLabel('Project Name');
    await name.fill('');
    await expect
      .poll(() => page.getByText('Project Name is required!', { exact: true }).isVisible())
      .toBe(true);
    await name.fill('Moon Cats');
    await page.getByLabel('Project Description').fill('Cats on the moon, made of three layers.');
    await page.getByLabel('Collection Size').fill('');
    await expect
      .poll(() => page.getByText('Collection Size is required!', { exact: true }).isVisible())
      .toBe(true);
    await page.getByLabel('Collection Size').fill('500');
    // The field's own message (the Generate card lists it too, with its fix).
    await expect
      .poll(() => page.getByText('Your Free plan generates up to 100 assets', { exact: true }).isVisible())
      .toBe(true);
    await page.getByLabel('Collection Size').fill('20');
    await page.getByLabel('Width').fill('256');
    await page.getByLabel('Height').fill('256');

    // Three layers; an empty name is ignored and the input clears after adding.
    const newLayer = page.getByLabel('New Layer');
    await page.getByRole('button', { name: 'Add layer' }).click();
    expect(await page.locator('.ll-gen-layer').count()).toBe(0);
    await newLayer.fill('Background');
    await newLayer.press('Enter');
    await expect.poll(() => newLayer.inputValue()).toBe('');
    await newLayer.fill('Body');
    await page.getByRole('button', { name: 'Add layer' }).click();
    await newLayer.fill('Hat');
    await newLayer.press('Enter');
    await expect.poll(() => page.locator('.ll-gen-layer').count()).toBe(3);
    await newLayer.fill('hat');
    await newLayer.press('Enter');
    await expect.poll(() => page.getByText('There is already a layer named “hat”').isVisible()).toBe(true);
    await newLayer.fill('');
    await saved(page);

    // Real PNGs into each layer; refused files are named with the spec's messages. Layers are picked in the
    // layer list (the Quality panel names traits by layer too).
    const layerList = page.getByRole('list', { name: 'Layers, bottom first' });
    const fileInput = page.locator('.ll-gen-layer-editor input[type=file]');
    for (const layer of ['Background', 'Body', 'Hat'] as const) {
      await layerList.getByRole('button', { name: new RegExp(`^${layer}`) }).click();
      await page.getByRole('heading', { name: `Layer: ${layer}` }).waitFor();
      await expect.poll(() => fileInput.isEnabled()).toBe(true);
      if (layer === 'Background') {
        await fileInput.setInputFiles([join(folder, 'notes.txt')]);
        await page.getByText('File type/size error, Hovered on types!').waitFor();
        await page.getByText('File type is not supported').waitFor();
        await fileInput.setInputFiles([join(folder, 'Broken.png')]);
        await page.getByText(/Upload refused: .*Broken\.png/).waitFor();
        await screenshot(page, 'generate-upload-refusal');
      }
      const files = layerFiles[layer].map(([file]) => join(folder, layer, file));
      await fileInput.setInputFiles(files);
      await page.getByText(`Images:${files.length}`).waitFor({ timeout: 15_000 });
      await page
        .getByRole('img', { name: files.length === 4 ? 'Gold' : layerFiles[layer][0][0].replace('.png', '') })
        .waitFor();
    }

    // `Blue#30.png` became Blue with weight 30; set weights and read the shares.
    await layerList.getByRole('button', { name: /^Background/ }).click();
    const blueWeight = page.getByLabel('Weight of Blue');
    expect(await blueWeight.inputValue()).toBe('30');
    await blueWeight.fill('7');
    await page.getByLabel('Weight of Red').fill('1');
    await page.getByLabel('Weight of Green').fill('1');
    await page.getByLabel('Weight of Gold').fill('1');
    await page.getByText('70 % of layer').waitFor();
    await page.getByLabel('Presence of Hat (%)').fill('80');

    // Tab from the description reaches Preview through what is on screen only: nothing folded under Advanced,
    // nothing hidden, takes focus on the way (and it gets there: no trap).
    await page.getByLabel('Project Description').focus();
    const stops: { name: string; visible: boolean }[] = [];
    for (let step = 0; step < 150; step++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return { name: 'body', visible: false };
        const box = element.getBoundingClientRect();
        const visible =
          box.width > 0 &&
          box.height > 0 &&
          getComputedStyle(element).visibility !== 'hidden' &&
          element.closest('[hidden], [inert], [aria-hidden="true"]') === null;
        const name =
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          element.tagName;
        return { name: name.trim().replace(/\s+/g, ' ').slice(0, 60), visible };
      });
      stops.push(stop);
      if (stop.name === 'Preview') break;
    }
    expect(stops.at(-1)?.name, stops.map((stop) => stop.name).join(' → ')).toBe('Preview');
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);
    expect(stops.map((stop) => stop.name)).toContain('Advanced');
    expect(stops.map((stop) => stop.name)).not.toContain('Add rule');

    // A rule: the crown never sits on a red background. Rules are under Advanced, folded on a first project.
    const advanced = page.getByRole('button', { name: 'Advanced' });
    expect(await advanced.getAttribute('aria-expanded')).toBe('false');
    await advanced.click();
    await page.getByLabel('Trait', { exact: true }).fill('Crown');
    await page.getByLabel('Trait', { exact: true }).press('Enter');
    await page.getByLabel('Other trait').fill('Red');
    await page.getByLabel('Other trait').press('Enter');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Crown (Hat) excludes Red (Background)').waitFor();
    await saved(page);

    // 4 backgrounds × 3 bodies × (3 hats or none) = 48, less the 3 with a crown on red.
    await expect.poll(() => page.getByTestId('combination-count').textContent()).toBe('45');

    // Everything survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
    expect(await page.getByLabel('Project Name').inputValue()).toBe('Moon Cats');
    expect(await page.getByLabel('Presence of Hat (%)').inputValue()).toBe('80');
    // A project with a rule opens with Advanced unfolded.
    expect(await advanced.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Crown (Hat) excludes Red (Background)').waitFor();
    await expect.poll(() => page.getByTestId('combination-count').textContent()).toBe('45');

    // Preview and re-roll.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    const image = preview.getByRole('img', { name: /^Preview:/ });
    await image.waitFor();
    const first = await image.getAttribute('src');
    await preview.getByRole('button', { name: 'Re-roll' }).click();
    await expect.poll(() => image.getAttribute('src')).not.toBe(first);
    await screenshot(page, 'generate-preview');
    await preview.getByRole('button', { name: 'Close', exact: true }).first().click();

    // Preview All.
    await page.getByRole('button', { name: 'Preview All' }).click();
    const grid = page.getByRole('dialog', { name: 'Preview All' });
    await expect
      .poll(() => grid.getByRole('list', { name: 'Preview grid' }).getByRole('img').count(), {
        timeout: 20_000,
      })
      .toBe(12);
    await screenshot(page, 'generate-preview-all');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await grid.getByRole('button', { name: 'Close', exact: true }).first().click();
    // Axe would read the fading dialog's half-transparent text as low contrast.
    await grid.waitFor({ state: 'hidden' });

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'generate');

    // Generate 20 and follow the progress to the end.
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('region', { name: 'Generation progress' }).waitFor();
    const done = page.getByRole('dialog', { name: 'NFT Collection Generated Successfully' });
    await done.waitFor({ timeout: 90_000 });
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('20 / 20').waitFor();
    await screenshot(page, 'generate-done');
    await done.getByRole('button', { name: 'Open collection' }).click();
    await page.waitForURL(/\/dashboard\/collections\/[^/]+$/);
    const collectionUrl = page.url();

    // The collection: open a token, then download the ZIP.
    await page.getByRole('heading', { name: 'Moon Cats', level: 1 }).waitFor();
    await page.getByRole('link', { name: /#1$/ }).first().click();
    await page.waitForURL(/\/tokens\/1$/);
    await page.getByText(/^Rank \d+ of 20$/).waitFor();
    await page.getByRole('heading', { name: 'Attributes' }).waitFor();
    await page.goto(collectionUrl);
    await page.getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /ZIP archive/ }).click(),
    ]);
    const zipPath = join(folder, 'collection.zip');
    await download.saveAs(zipPath);
    const entries = await zipEntries(readFileSync(zipPath));
    const images = entries.filter((entry) => /(^|\/)images\/\d+\.png$/.test(entry));
    const metadata = entries.filter((entry) => /(^|\/)metadata\/\d+\.json$/.test(entry));
    expect(images).toHaveLength(20);
    expect(metadata).toHaveLength(20);
    expect(entries.some((entry) => /rarity/i.test(entry))).toBe(true);

    // Chromium logs the deliberately refused uploads (400) as failed resources; nothing else.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  }, 240_000);

  it('reorders by keyboard, keeps edits made just before leaving, counts exactly, imports a ZIP and discards', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, testAdmin.email, testAdmin.password);
    await openProject(page, 'Moon Cats');
    await expect.poll(() => layerNames(page)).toEqual(['Background', 'Body', 'Hat']);

    // Keyboard reordering: pick Hat up, move it one place down the stack, drop it.
    // The editor is read only until the member's role in the project's workspace is known (a disabled grip
    // takes no focus, and the keys would go to the page).
    const grip = page.getByRole('button', { name: 'Move layer Hat' });
    await expect.poll(() => grip.isEnabled()).toBe(true);
    await grip.focus();
    // dnd-kit measures the list between key presses, as it would for a person.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => layerNames(page)).toEqual(['Background', 'Hat', 'Body']);
    await saved(page);

    // An edit made right before leaving the page is not lost.
    await page.getByLabel('Project Description').fill('Edited, then left at once.');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Collection' })
      .click();
    await page.waitForURL(/\/dashboard\/collections$/);
    await openProject(page, 'Moon Cats');
    expect(await page.getByLabel('Project Description').inputValue()).toBe('Edited, then left at once.');
    await expect.poll(() => layerNames(page)).toEqual(['Background', 'Hat', 'Body']);

    // More tokens than combinations (and than the plan allows) disables Generate, each reason with its fix.
    await page.getByLabel('Collection Size').fill('50');
    const reasons = page.getByRole('region', { name: /^Before you can generate/ });
    await reasons
      .getByText(/^Collection Size \(50\) is more than the 45 possible combinations: lower it to 45/)
      .waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Generate', exact: true }).isDisabled())
      .toBe(true);
    await reasons.getByRole('button', { name: 'Go to Collection Size' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('collectionSize');
    await page.getByLabel('Collection Size').fill('20');
    await reasons.waitFor({ state: 'detached' });
    await page.getByText('Exact counts').click();
    await page.getByText('14 tokens · 70 %').waitFor();
    await page.getByText('Weighted', { exact: true }).click();
    await page.getByText('70 % of layer').waitFor();
    await saved(page);

    // A running generation is picked up again after a reload, and can be cancelled.
    await page.getByLabel('Collection Size').fill('45');
    await page.getByLabel('Width').fill('3000');
    await page.getByLabel('Height').fill('3000');
    await saved(page);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const running = page.getByRole('region', { name: 'Generation progress' });
    await running.waitFor();
    await page.reload();
    await running.getByText(/Generating “Moon Cats”/).waitFor();
    await screenshot(page, 'generate-running');
    await running.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Generation cancelled').waitFor({ timeout: 30_000 });
    await page.getByLabel('Collection Size').fill('20');
    await page.getByLabel('Width').fill('256');
    await page.getByLabel('Height').fill('256');
    await saved(page);

    // A "requires one of" rule: a cap only on a violet or teal body (45 less the 4 capped coral ones).
    await page.getByLabel('Trait', { exact: true }).fill('Cap');
    await page.getByLabel('Trait', { exact: true }).press('Enter');
    await page.getByLabel('Rule', { exact: true }).click();
    await chooseOption(page, 'requires one of');
    await page.getByLabel('Layer', { exact: true }).click();
    await chooseOption(page, 'Body');
    await page.getByLabel('Any of its traits').click();
    await chooseOption(page, 'Violet');
    await chooseOption(page, 'Teal');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Cap (Hat) requires one of Body: Violet, Teal').waitFor();
    await expect.poll(() => page.getByTestId('combination-count').textContent()).toBe('41');

    // Blend and opacity live in the layer's settings.
    await page.getByRole('button', { name: 'Settings of layer Hat' }).click();
    const settings = page.locator('.ant-popover').filter({ hasText: 'Blend mode' });
    await settings.waitFor();
    await dialogSettled(page);
    await settings.getByLabel('Blend mode').click();
    await chooseOption(page, 'Multiply');
    await settings.getByRole('slider').focus();
    for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowLeft');
    await page.getByText('multiply 90 %').waitFor();
    await screenshot(page, 'generate-layer-settings');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: 'Remove rule: Cap (Hat) requires one of Body: Violet, Teal' })
      .click();
    await expect.poll(() => page.getByTestId('combination-count').textContent()).toBe('45');
    await saved(page);

    // A new project, filled from a HashLips layers/ ZIP.
    await page.getByRole('button', { name: 'New project' }).click();
    await expect.poll(() => page.getByLabel('Project Name').inputValue()).toBe('Untitled project');
    await page.getByText('No layers yet').waitFor();
    await page.getByRole('button', { name: 'Advanced' }).click();
    const zip = storedZip([
      { name: 'layers/2_Eyes/Wide#5.png', data: readFileSync(join(folder, 'Hat', 'Band.png')) },
      {
        name: 'layers/1_Background/Sky#70.png',
        data: readFileSync(join(folder, 'Background', 'Blue#30.png')),
      },
      { name: 'layers/1_Background/Night#30.png', data: readFileSync(join(folder, 'Background', 'Red.png')) },
    ]);
    await page
      .locator('.ll-gen-area-import input[type=file]')
      .setInputFiles({ name: 'layers.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByText('Imported 2 layers').waitFor();
    await expect.poll(() => layerNames(page)).toEqual(['Background', 'Eyes']);
    expect(await page.getByLabel('Weight of Sky').inputValue()).toBe('70');
    await expect.poll(() => page.getByTestId('combination-count').textContent()).toBe('2');
    await screenshot(page, 'generate-imported');

    // Switch back and forth with the picker.
    await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Moon Cats' });
    await expect.poll(() => page.getByLabel('Project Name').inputValue()).toBe('Moon Cats');
    await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Untitled project' });
    await expect.poll(() => page.getByLabel('Project Name').inputValue()).toBe('Untitled project');

    // Discard asks first, deletes the project, and opens the one left.
    const names = async () =>
      (
        (await (await context.request.get('/api/v1/projects')).json()).data.projects as { name: string }[]
      ).map((project) => project.name);
    const before = await names();
    await page.getByRole('button', { name: 'Discard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard “Untitled project”?' });
    await confirm.waitFor();
    await dialogSettled(page);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Discard' }).click();
    await confirm.waitFor();
    await dialogSettled(page);
    await page.getByRole('button', { name: 'Discard project' }).click();
    await page.getByText('Project discarded').waitFor();
    await expect.poll(() => page.getByLabel('Project Name').inputValue()).toBe('Moon Cats');
    // Exactly the discarded project is gone.
    const after = await names();
    expect(after.filter((name) => name === 'Untitled project').length).toBe(
      before.filter((name) => name === 'Untitled project').length - 1,
    );
    expect(after).toContain('Moon Cats');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('lays the generator out at tablet and phone widths without serious axe violations', async () => {
    for (const width of ['tablet', 'phone'] as const) {
      const { context, page, errors } = await openPage(browser, app.url, width);
      await signIn(context, testAdmin.email, testAdmin.password);
      await openProject(page, 'Moon Cats');
      await page.getByText('Images:4').waitFor();
      await expect.poll(() => page.getByTestId('combination-count').textContent()).toBe('45');
      await screenshot(page, 'generate');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}`).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The preview fits the narrow screen too.
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const preview = page.getByRole('dialog', { name: 'Preview' });
      await preview.getByRole('img', { name: /^Preview:/ }).waitFor();
      await screenshot(page, 'generate-preview');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await preview.getByRole('button', { name: 'Close', exact: true }).first().click();
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
