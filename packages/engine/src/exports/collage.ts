import { availableParallelism } from 'node:os';
import { type CollectionSource, readTokenImage } from './collection-files.ts';
import { encodePngStream } from './png-stream.ts';
import { pngTile } from './png-tile.ts';
import { createTilePool, type TilePool } from './tile-pool.ts';

/** Tiles in the making at once: enough to keep the cores and the reads busy, few enough to bound memory. */
const TILES_AHEAD = Math.max(4, availableParallelism() * 4);
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

  // Tiles are made a few ahead of the row being drawn (reading and inflating overlap on libuv's
  // pool), and only that many: memory stays one row of tiles plus the window, also for 100,000 tokens.
  const ahead = new Map<number, Promise<Uint8Array>>();
  let nextToMake = 1;
  // Tiles are made on one worker thread per core, unless there are too few to pay for starting them.
  let pool: TilePool | undefined;
  const makeTile = (png: Uint8Array) =>
    pool ? pool.tile(png, tile, background) : pngTile(png, tile, background);
  const tileOf = (edition: number): Promise<Uint8Array> => {
    while (nextToMake <= count && nextToMake < edition + TILES_AHEAD) {
      const making = readTokenImage(source.files, nextToMake).then(makeTile);
      making.catch(() => undefined); // awaited in order below; a failure is thrown there
      ahead.set(nextToMake++, making);
    }
    const making = ahead.get(edition)!;
    ahead.delete(edition);
    return making;
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
