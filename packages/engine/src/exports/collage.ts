import { availableParallelism } from 'node:os';
import { type CollectionSource, readTokenImage } from './collection-files.ts';
import { encodePngStream } from './png-stream.ts';
import { pngTile } from './png-tile.ts';
import { createTilePool, type TilePool } from './tile-pool.ts';

/** Tiles made together: one read-ahead window entry, and one message each way with a worker thread. */
const TILE_BATCH = 16;
/** Batches in the making at once: enough to keep the cores and the reads busy, few enough to bound memory. */
const BATCHES_AHEAD = Math.max(2, availableParallelism() * 2);
/** From this many tiles on, worker threads are worth starting. */
const POOL_FROM_TILES = 256;

export interface CollageOptions {
  /** Tokens to show, from edition 1 (default: all). */
  count?: number;
  /** Tiles per row (default: about four times as many columns as rows, a banner shape). */
  columns?: number;
  /** Tile side in pixels (default 128). */
  tile?: number;
  /** Space between tiles and around them, in pixels (default 0). */
  gap?: number;
  /** Colour of gaps, empty cells and transparent pixels (default white). */
  background?: string;
}

/** Size of the collage `createCollage` draws. */
export function collageLayout(size: number, options: CollageOptions = {}) {
  const count = Math.min(Math.max(1, Math.floor(options.count ?? size)), size);
  const columns = Math.min(
    count,
    Math.max(1, Math.floor(options.columns ?? Math.ceil(Math.sqrt(count * 4)))),
  );
  const rows = Math.ceil(count / columns);
  const tile = Math.max(1, Math.floor(options.tile ?? 128));
  const gap = Math.max(0, Math.floor(options.gap ?? 0));
  return {
    count,
    columns,
    rows,
    tile,
    gap,
    width: columns * tile + (columns + 1) * gap,
    height: rows * tile + (rows + 1) * gap,
  };
}

/**
 * A banner collage of the collection's images as a PNG stream. Rows are drawn and encoded one at a
 * time, so memory is one row of tiles, also for 100,000 tokens. Each tile is its image's centred
 * square, averaged down (png-tile.ts).
 */
export function createCollage(
  source: CollectionSource,
  options: CollageOptions = {},
): AsyncGenerator<Uint8Array> {
  const layout = collageLayout(source.size, options);
  const { count, columns, rows, tile, gap, width } = layout;
  const background = parseColor(options.background ?? '#ffffff');
  const rowBytes = width * 3;

  // Tiles are made a few batches ahead of the row being drawn (reading and inflating overlap on libuv's
  // pool), and only that many: memory stays one row of tiles plus the window, also for 100,000 tokens.
  const ahead = new Map<number, Promise<Uint8Array>>();
  let nextBatch = 0;
  // Tiles are made on one worker thread per core, unless there are too few to pay for starting them.
  let pool: TilePool | undefined;
  const tileBytes = tile * tile * 3;
  /** The tiles of editions `first` … `first + n - 1`, one after the other. */
  const makeBatch = async (first: number, n: number): Promise<Uint8Array> => {
    const reads = Array.from({ length: n }, (_, index) => readTokenImage(source.files, first + index));
    for (const reading of reads) reading.catch(() => undefined); // awaited in order below
    const pngs: Uint8Array[] = [];
    for (const reading of reads) pngs.push(await reading); // the first missing edition is the one named
    if (pool) return pool.tiles(pngs, tile, background);
    const pixels = new Uint8Array(n * tileBytes);
    for (let index = 0; index < n; index++) {
      pixels.set(await pngTile(pngs[index]!, tile, background), index * tileBytes);
    }
    return pixels;
  };
  const tileOf = async (edition: number): Promise<Uint8Array> => {
    const batch = Math.floor((edition - 1) / TILE_BATCH);
    while (nextBatch * TILE_BATCH < count && nextBatch < batch + BATCHES_AHEAD) {
      const first = nextBatch * TILE_BATCH + 1;
      const making = makeBatch(first, Math.min(TILE_BATCH, count - first + 1));
      making.catch(() => undefined); // awaited in order below; a failure is thrown there
      ahead.set(nextBatch++, making);
    }
    const pixels = await ahead.get(batch)!;
    const index = (edition - 1) % TILE_BATCH;
    if (index === TILE_BATCH - 1 || edition === count) ahead.delete(batch);
    return pixels.subarray(index * tileBytes, (index + 1) * tileBytes);
  };

  async function* bands(): AsyncGenerator<Uint8Array> {
    if (count >= POOL_FROM_TILES && availableParallelism() > 1) pool = createTilePool();
    try {
      yield* drawBands();
    } finally {
      await pool?.close();
    }
  }

  async function* drawBands(): AsyncGenerator<Uint8Array> {
    const bandHeight = tile + gap;
    const gapBand = new Uint8Array(gap * rowBytes);
    fill(gapBand, background);
    if (gap > 0) yield gapBand;
    for (let row = 0; row < rows; row++) {
      const band = new Uint8Array(bandHeight * rowBytes);
      fill(band, background);
      for (let column = 0; column < columns; column++) {
        const edition = row * columns + column + 1;
        if (edition > count) break;
        const pixels = await tileOf(edition);
        const left = (gap + column * (tile + gap)) * 3;
        for (let y = 0; y < tile; y++) {
          band.set(pixels.subarray(y * tile * 3, (y + 1) * tile * 3), y * rowBytes + left);
        }
      }
      yield band;
    }
  }

  return encodePngStream({ width, height: layout.height, channels: 3, bands: bands() });
}

function fill(buffer: Uint8Array, [r, g, b]: readonly [number, number, number]) {
  for (let i = 0; i < buffer.length; i += 3) {
    buffer[i] = r;
    buffer[i + 1] = g;
    buffer[i + 2] = b;
  }
}

function parseColor(text: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(text.trim());
  if (!match) throw new RangeError(`background must be a #rrggbb colour, got "${text}"`);
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}
