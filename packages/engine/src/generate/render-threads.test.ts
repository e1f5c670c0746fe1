import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureLayers } from '../../scripts/make-fixture-layers.ts';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import type { OutputSink } from '../output/output-sink.ts';
import { compositeImage } from '../render/composite.ts';
import { encodePng } from '../render/encode-png.ts';
import { planCollection } from '../sample/plan-collection.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { generateCollection } from './generate-collection.ts';
import { prepareAssets } from './prepare-assets.ts';
import { tokenLayers } from './token-layers.ts';

const SIZE = 64;
const TOKENS = 16;

let work: Awaited<ReturnType<typeof tempDir>>;
let layersDir: string;

beforeAll(async () => {
  work = await tempDir();
  layersDir = path.join(work.dir, 'layers');
  // The bench's art: a textured opaque background under five layers of soft-edged textured shapes.
  await makeFixtureLayers({ dir: layersDir, size: SIZE, layers: 4, traits: 4 });
});
afterAll(async () => work.remove());

/** The fixture collection; `blended` draws its third layer in multiply at 60 % (the float compositing path). */
async function specFor(blended: boolean) {
  const layers = (await importLayersFolder({ dir: layersDir })) as Record<string, unknown>[];
  if (blended) Object.assign(layers[2]!, { blend: 'multiply', opacity: 0.6 });
  return { name: 'Threads', size: TOKENS, width: SIZE, height: SIZE, seed: 'threads', layers };
}

/** Every token as the engine drew it before render threads encoded: composited, then encoded on libuv's pool. */
async function poolEncoded(spec: unknown): Promise<Uint8Array[]> {
  const collection = resolveCollection(parseCollectionSpec(spec));
  const assets = await prepareAssets(collection);
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  const pngs: Uint8Array[] = [];
  for (const token of planCollection(collection).tokens) {
    const layers = tokenLayers(collection, assets, token).map((layer) => ({
      image: assets.pixels[layer.asset]!,
      blend: layer.blend,
      opacity: layer.opacity,
    }));
    const image = compositeImage(new Float32Array(SIZE * SIZE * 4), rgba, SIZE, layers);
    pngs.push(await encodePng(image.data, SIZE, SIZE, collection.spec.output.compression));
  }
  return pngs;
}

async function images(dir: string): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: TOKENS }, (_, index) => readFile(path.join(dir, 'images', `${index + 1}.png`))),
  );
}

describe('render threads', () => {
  it.each([
    ['straight source-over', false],
    ['a multiply layer at 60 %', true],
  ])(
    'write the same image bytes as the encode on libuv’s pool did, on textured art with %s',
    async (name, blended) => {
      const spec = await specFor(blended);
      const expected = await poolEncoded(spec);
      const onThread = path.join(work.dir, `on-thread-${name}`);
      await generateCollection({ spec, sink: createFolderSink(onThread), threads: 2 });
      // A sink that cannot stage files gets each image's bytes from its render thread.
      const asBytes = path.join(work.dir, `as-bytes-${name}`);
      const { stage: _stage, commit: _commit, locate: _locate, ...bytesOnly } = createFolderSink(asBytes);
      await generateCollection({ spec, sink: bytesOnly satisfies OutputSink, threads: 1 });
      const written = await images(onThread);
      expect(written.map((png, index) => Buffer.compare(png, expected[index]!))).toEqual(
        expected.map(() => 0),
      );
      expect(await images(asBytes)).toEqual(written);
    },
    120_000,
  );

  it('finish every token, image and metadata, while libuv’s pool is blocked', async () => {
    // A child process with a pool of one thread, which opening a FIFO with no writer holds from the
    // first finished token until every token is finished (or 30 s have passed). Encodes or file
    // writes queued on the pool would wait for it.
    const out = path.join(work.dir, 'pool-blocked');
    const fifo = path.join(work.dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = `
      import { open, openSync, closeSync } from 'node:fs';
      import { generateCollection } from ${JSON.stringify(path.join(here, 'generate-collection.ts'))};
      import { createFolderSink } from ${JSON.stringify(path.join(here, '../output/folder-sink.ts'))};
      const spec = JSON.parse(process.argv[1]);
      let phase = 'before';
      let finishedWhileBlocked = 0;
      let release;
      const released = new Promise((resolve) => { release = resolve; });
      const unblock = () => {
        if (phase !== 'blocked') return;
        phase = 'after';
        closeSync(openSync(${JSON.stringify(fifo)}, 'w'));
        release();
      };
      const timer = setTimeout(unblock, 30_000);
      await generateCollection({
        spec,
        sink: createFolderSink(${JSON.stringify(out)}),
        // One render thread: once it has finished a token it has loaded its code (module loading
        // reads files on the pool), so what follows is the per-token path alone.
        threads: 1,
        onToken: () => {
          if (phase === 'before') {
            phase = 'blocked';
            open(${JSON.stringify(fifo)}, 'r', (error, fd) => { if (!error) closeSync(fd); });
          } else if (phase === 'blocked' && ++finishedWhileBlocked === ${TOKENS - 1}) unblock();
        },
      });
      await released;
      clearTimeout(timer);
      process.stdout.write(JSON.stringify({ finishedWhileBlocked }));
    `;
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, JSON.stringify(await specFor(false))],
      { env: { ...process.env, UV_THREADPOOL_SIZE: '1' }, encoding: 'utf8' },
    );
    expect(JSON.parse(output)).toEqual({ finishedWhileBlocked: TOKENS - 1 });
    const metadata = JSON.parse(await readFile(path.join(out, 'metadata', `${TOKENS}.json`), 'utf8'));
    expect(metadata.name).toBe(`Threads #${TOKENS}`);
    expect((await images(out)).length).toBe(TOKENS);
  }, 120_000);
});
