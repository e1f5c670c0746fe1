import { createHook } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from '@layerloom/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../storage/local-blob-store.ts';
import { createBlobSink } from './blob-sink.ts';

const SIZE = 32;
const TOKENS = 12;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'layerloom-blob-sink-'));
});
afterAll(async () => rm(work, { recursive: true, force: true }));

/**
 * Async requests of these kinds run on libuv's thread pool (file system, zlib, DNS). Crypto jobs are
 * left out: a synchronous `randomBytes` makes one too, run on the calling thread.
 */
const POOL_REQUESTS = /^(FSREQ|ZLIB|GETADDRINFOREQWRAP)/;

/** The kinds of libuv pool requests made on this thread while `run` runs. */
async function poolRequestsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const hook = createHook({
    init(_id, type) {
      if (POOL_REQUESTS.test(type)) seen.push(type);
    },
  });
  hook.enable();
  try {
    await run();
  } finally {
    hook.disable();
  }
  return seen;
}

/** A collection of three layers of three traits (an opaque ground, then discs on transparency), as files. */
async function specWithLayers(): Promise<unknown> {
  const layers = [];
  for (let layer = 0; layer < 3; layer++) {
    const traits = [];
    for (let trait = 0; trait < 3; trait++) {
      const rgba = new Uint8Array(SIZE * SIZE * 4);
      for (let p = 0; p < SIZE * SIZE; p++) {
        const x = p % SIZE;
        const y = Math.floor(p / SIZE);
        const inside = Math.hypot(x - 8 - trait * 6, y - 8 - layer * 6) < 7;
        rgba.set(
          [40 * trait + x, 80 * layer + y, 120 + trait * layer, layer === 0 || inside ? 255 : 0],
          p * 4,
        );
      }
      const file = path.join(work, 'layers', `L${layer}`, `T${trait}.png`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, await encodePng(rgba, SIZE, SIZE, 'small'));
      traits.push({ name: `T${trait}`, weight: 1, asset: { path: file } });
    }
    layers.push({ name: `L${layer}`, traits });
  }
  return { name: 'Pool', size: TOKENS, width: SIZE, height: SIZE, seed: 'pool', layers };
}

describe('the blob sink on the local store', () => {
  it('stages and locates a token’s files without libuv’s pool, and a located file is where the blob is read', async () => {
    const store = createLocalBlobStore(path.join(work, 'located'));
    const sink = createBlobSink(store, 'collections/c1');
    expect(sink.locate).toBeTypeOf('function');
    let staged = '';
    let located = '';
    const requests = await poolRequestsOf(async () => {
      staged = await sink.stage!('images/1.png');
      located = sink.locate!('images/1.png');
    });
    expect(requests).toEqual([]);
    // Its folder is made: a render thread renames the staged file there itself.
    expect(existsSync(path.dirname(located))).toBe(true);
    await writeFile(staged, 'image bytes');
    await rename(staged, located);
    expect((await store.getBuffer('collections/c1/images/1.png')).toString()).toBe('image bytes');
  });

  it('gives no `locate` over a store that has none (S3): tokens are then written through the store', () => {
    const { locate: _locate, ...withoutLocate } = createLocalBlobStore(path.join(work, 'no-locate'));
    expect(createBlobSink(withoutLocate, 'collections/c1').locate).toBeUndefined();
  });

  it('finishes every token of a generation, image and metadata, while libuv’s pool is blocked', async () => {
    // A child process with a pool of one thread, which opening a FIFO with no writer holds from the
    // first finished token until every token is finished (or 30 s have passed). A token whose files
    // were moved into place or written through the pool would wait for it.
    const root = path.join(work, 'blocked');
    const fifo = path.join(work, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = `
      import { open, openSync, closeSync } from 'node:fs';
      import { generateCollection } from '@layerloom/engine';
      import { createLocalBlobStore } from ${JSON.stringify(path.join(here, '../../storage/local-blob-store.ts'))};
      import { createBlobSink } from ${JSON.stringify(path.join(here, 'blob-sink.ts'))};
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
        sink: createBlobSink(createLocalBlobStore(${JSON.stringify(root)}), 'collections/c1'),
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
      [
        '--conditions=@layerloom/source',
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        script,
        JSON.stringify(await specWithLayers()),
      ],
      { env: { ...process.env, UV_THREADPOOL_SIZE: '1' }, encoding: 'utf8' },
    );
    expect(JSON.parse(output)).toEqual({ finishedWhileBlocked: TOKENS - 1 });
    const collection = path.join(root, 'collections', 'c1');
    expect((await readdir(path.join(collection, 'images'))).length).toBe(TOKENS);
    const metadata = JSON.parse(await readFile(path.join(collection, 'metadata', `${TOKENS}.json`), 'utf8'));
    expect(metadata.name).toBe(`Pool #${TOKENS}`);
  }, 120_000);
});
