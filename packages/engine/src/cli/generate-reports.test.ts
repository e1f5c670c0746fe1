import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import { createCollage } from '../exports/collage.ts';
import { type CollectionSource, readTokenMetadata } from '../exports/collection-files.ts';
import { createPreviewGif } from '../exports/preview-gif.ts';
import { computeRarity } from '../exports/rarity-report.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { startGenerateReports } from './generate-reports.ts';
import { runCli } from './run-cli.ts';

const TOKENS = 130;

let work: Awaited<ReturnType<typeof tempDir>>;
let layers: string;
/** A collection `generate` wrote with its reports, and the reports built from its finished folder. */
let generated: string;
let expected: Awaited<ReturnType<typeof fromFolder>>;
beforeAll(async () => {
  work = await tempDir();
  layers = await writeLayersFolder(work.dir, [
    [1, 1, 1, 1, 1, 1],
    [1, 2, 3, 1, 2, 3],
    [1, 1, 1, 1, 1],
  ]);
  generated = path.join(work.dir, 'cli');
  await generate(generated);
  expected = await fromFolder(generated);
}, 180_000);
afterAll(async () => work.remove());

async function generate(out: string, ...extra: string[]): Promise<void> {
  const stream = new PassThrough();
  stream.resume();
  const io = { stdout: stream, stderr: stream, isTty: false };
  const argv = ['generate', layers, '--count', String(TOKENS), '--width', '24', '--height', '24'];
  expect(await runCli([...argv, '--seed', 'reports', '--out', out, '--threads', '2', ...extra], io)).toBe(0);
}

async function bytes(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The three reports as built from the finished folder, the way `generate` built them before they overlapped the render. */
async function fromFolder(dir: string) {
  const source: CollectionSource = { files: createFolderSink(dir), size: TOKENS };
  return {
    rarity: `${JSON.stringify(await computeRarity(source), null, 2)}\n`,
    collage: await bytes(createCollage(source, { count: 100 })),
    gif: await bytes(createPreviewGif(source)),
  };
}

async function written(dir: string) {
  return {
    rarity: await readFile(path.join(dir, 'rarity.json'), 'utf8'),
    collage: await readFile(path.join(dir, 'collage.png')),
    gif: await readFile(path.join(dir, 'preview.gif')),
  };
}

/** Waits until `file` holds exactly `expected` (a report being drawn in the background), for up to 60 s. */
async function eventually(file: string, expected: Buffer): Promise<boolean> {
  for (let tries = 0; tries < 1200; tries++) {
    const data = await readFile(file).catch(() => undefined);
    if (data?.equals(expected)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('generate reports', () => {
  it('are the bytes built from the finished folder, when generate builds them while it renders', async () => {
    expect(await written(generated)).toEqual(expected);
  });

  it('are the same bytes when a run resumes (kept tokens read back from the folder)', async () => {
    const out = path.join(work.dir, 'resumed');
    await generate(out, '--no-reports');
    await generate(out);
    expect(await written(out)).toEqual(expected);
  }, 180_000);

  it('draw the GIF once its 20 tokens are finished and the banner once its 100 are, before the rest', async () => {
    const dir = generated;
    const target = path.join(work.dir, 'fed');
    const reports = startGenerateReports(target);
    // The target folder has no tokens of its own: the reports read the images from `dir` through a link each.
    await mkdir(target);
    await symlink(path.join(dir, 'images'), path.join(target, 'images'));
    await symlink(path.join(dir, 'metadata'), path.join(target, 'metadata'));
    const files = createFolderSink(dir);
    const feed = async (editions: number[]) => {
      for (const edition of editions)
        reports.onToken({ edition, metadata: await readTokenMetadata(files, edition) });
    };
    // Finished out of order, as render threads finish them: 21 first, then 20…1.
    await feed([21, ...Array.from({ length: 20 }, (_, index) => 20 - index)]);
    expect(await eventually(path.join(target, 'preview.gif'), expected.gif)).toBe(true);
    await feed(Array.from({ length: 79 }, (_, index) => 22 + index));
    expect(await eventually(path.join(target, 'collage.png'), expected.collage)).toBe(true);
    await feed(Array.from({ length: TOKENS - 100 }, (_, index) => 101 + index));
    expect(await reports.finish(TOKENS)).toEqual(['rarity.json', 'collage.png', 'preview.gif']);
    expect(await written(target)).toEqual(expected);
  }, 120_000);
});
