import { crc32 } from 'node:zlib';
import { dropAlpha } from '../render/composite.ts';

/**
 * How a rendered token looks, in two hashes: `pixel`, 128 bits over its pixels (equal only for
 * pixel-identical tokens), and `perceptual`, 752 bits: a three-state difference hash of its
 * downscaled brightness (512 bits) and its coarse colours (240 bits), the same for tokens that look
 * the same. Both in hex (32 and 188 digits).
 */
export interface TokenLook {
  pixel: string;
  perceptual: string;
}

/** Cells of the perceptual hash's grid: 17 columns give 16 left-right comparisons per row; 16 rows × 16 × 2 bits = 512 bits. */
const GRID_COLUMNS = 17;
const GRID_ROWS = 16;
/**
 * A cell counts as brighter than its neighbour only by more than this (one grey level of the 0..255·256
 * scale): two flat areas a rounding apart read alike instead of flipping a bit on noise.
 */
const BRIGHTER_BY = 256;
/** Images are sampled down to about this many pixels a side for the perceptual hash. */
const SAMPLED_SIDE = 256;
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The colour part of the perceptual hash: the mean colour of each cell of a 4 × 4 grid, 5 bits a channel. */
const COLOUR_GRID = 4;
const COLOUR_BITS = 5;

/** Reusable working memory of `computeTokenLook` for one canvas size (one per render thread). */
export interface LookBuffers {
  columnCell: Uint8Array;
  /** Per cell of the 17 × 16 grid: an unused slot, then the sums of red, green and blue (over grey). */
  sums: Float64Array;
  counts: Float64Array;
  /** An RGB copy of an opaque RGBA composite, made on first need. */
  rgb: () => Uint8Array;
}

/** Allocates `computeTokenLook`'s working memory for a canvas size. */
export function createLookBuffers(width: number, height: number): LookBuffers {
  let rgb: Uint8Array | undefined;
  return {
    columnCell: Uint8Array.from({ length: width }, (_, x) => Math.floor((x * GRID_COLUMNS) / width)),
    sums: new Float64Array(GRID_COLUMNS * GRID_ROWS * 4),
    counts: new Float64Array(GRID_COLUMNS * GRID_ROWS),
    rgb: () => {
      rgb ??= new Uint8Array(width * height * 3);
      return rgb;
    },
  };
}

/**
 * The look of a composited token: `data` holds `width × height` pixels, straight-alpha RGBA
 * (`channels` 4) or opaque RGB (`channels` 3). The pixel hash is of the RGB bytes when every pixel is
 * opaque and of the RGBA bytes otherwise, so an opaque token hashes alike whichever path composited
 * it. The perceptual hash has two parts: the shapes (which of two neighbouring cells of a 17 × 16 grid
 * is brighter, `differenceHash`) and the colours (`colourHash`: a gradient hash alone sees a blue and
 * a green background as the same), each pixel taken over a mid grey by its alpha (a transparent area
 * reads as grey, not black), from every pixel of images up to 256 wide and a regular sample of larger
 * ones (every 4th pixel of every 4th row at 1024²: a cell still averages hundreds). About 1 ms at
 * 1024², against 30 for compositing and encoding it (`bench/looks.bench.ts`).
 */
export function computeTokenLook(
  data: Uint8Array,
  width: number,
  height: number,
  channels: 3 | 4,
  buffers: LookBuffers = createLookBuffers(width, height),
): TokenLook {
  buffers.sums.fill(0);
  buffers.counts.fill(0);
  const step = Math.max(1, Math.floor(Math.min(width, height) / SAMPLED_SIDE));
  addCells(data, channels, width, height, step, buffers);
  const opaque = channels === 3 || isOpaque(data);
  const bytes = opaque && channels === 4 ? dropAlpha(data, buffers.rgb()) : data;
  return {
    pixel: pixelHash(bytes),
    perceptual: differenceHash(buffers) + colourHash(buffers),
  };
}

/**
 * 128 bits: the CRC-32 of each quarter of the bytes. A CRC is no cryptographic hash, but pixel-identical
 * tokens always share their perceptual hash too, so this only tells identical tokens from look-alikes;
 * four CRCs of 32 bits make a chance collision among a collection's tokens negligible, at a fraction of
 * SHA-256's cost (0.6 against 1.8 ms for 3 MB here).
 */
function pixelHash(bytes: Uint8Array): string {
  const quarter = Math.ceil(bytes.length / 4);
  let hex = '';
  for (let part = 0; part < 4; part++) {
    hex += crc32(bytes.subarray(part * quarter, (part + 1) * quarter))
      .toString(16)
      .padStart(8, '0');
  }
  return hex;
}

function isOpaque(rgba: Uint8Array): boolean {
  if (rgba.byteOffset % 4 === 0) {
    const words = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >>> 2);
    const alpha = LITTLE_ENDIAN ? 0xff000000 : 0xff;
    let all = alpha;
    for (let i = 0; i < words.length; i++) all &= words[i]!;
    return all >>> 0 === alpha >>> 0;
  }
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/**
 * Adds every `step`th pixel of every `step`th row to the colour sums of its cell (over grey by alpha,
 * times 255; brightness is taken from the sums later, as luma is linear in them).
 */
function addCells(
  data: Uint8Array,
  channels: 3 | 4,
  width: number,
  height: number,
  step: number,
  { columnCell, sums, counts }: LookBuffers,
): void {
  for (let y = step >> 1; y < height; y += step) {
    const cellRow = Math.floor((y * GRID_ROWS) / height) * GRID_COLUMNS;
    const rowStart = y * width * channels;
    let cell = -1;
    let red = 0;
    let green = 0;
    let blue = 0;
    let count = 0;
    for (let x = step >> 1; x < width; x += step) {
      const at = cellRow + columnCell[x]!;
      if (at !== cell) {
        if (cell >= 0) flush(sums, counts, cell, red, green, blue, count);
        cell = at;
        red = 0;
        green = 0;
        blue = 0;
        count = 0;
      }
      const i = rowStart + x * channels;
      if (channels === 3) {
        red += data[i]! * 255;
        green += data[i + 1]! * 255;
        blue += data[i + 2]! * 255;
      } else {
        const alpha = data[i + 3]!;
        const grey = 128 * (255 - alpha);
        red += data[i]! * alpha + grey;
        green += data[i + 1]! * alpha + grey;
        blue += data[i + 2]! * alpha + grey;
      }
      count++;
    }
    if (cell >= 0) flush(sums, counts, cell, red, green, blue, count);
  }
}

function flush(
  sums: Float64Array,
  counts: Float64Array,
  cell: number,
  red: number,
  green: number,
  blue: number,
  count: number,
): void {
  sums[cell * 4 + 1]! += red / 255;
  sums[cell * 4 + 2]! += green / 255;
  sums[cell * 4 + 3]! += blue / 255;
  counts[cell]! += count;
}

/** Mean Rec. 601 luma of a cell, on the 0..255·256 scale of `BRIGHTER_BY`. */
function cellBrightness(sums: Float64Array, counts: Float64Array, cell: number): number {
  const count = Math.max(1, counts[cell]!);
  return (sums[cell * 4 + 1]! * 77 + sums[cell * 4 + 2]! * 150 + sums[cell * 4 + 3]! * 29) / count;
}

/**
 * Two bits per neighbouring pair of cells, row by row: `10` when the left cell is clearly brighter,
 * `01` when the right one is, `00` when they are alike (within `BRIGHTER_BY`). Three states instead of
 * dHash's two, so a change between "alike" and "brighter" shows, and flat areas do not flip on noise.
 * 512 bits, in hex.
 */
function differenceHash({ sums, counts }: LookBuffers): string {
  const bits: number[] = [];
  for (let row = 0; row < GRID_ROWS; row++) {
    for (let column = 0; column < GRID_COLUMNS - 1; column++) {
      const cell = row * GRID_COLUMNS + column;
      const left = cellBrightness(sums, counts, cell);
      const right = cellBrightness(sums, counts, cell + 1);
      bits.push(left > right + BRIGHTER_BY ? 1 : 0, right > left + BRIGHTER_BY ? 1 : 0);
    }
  }
  return toHex(bits);
}

/**
 * The mean colour of each cell of a 4 × 4 grid (the 17 × 16 cells whose centres fall in it), each
 * channel cut to 5 bits (steps of 8 levels): tokens whose colours differ by a visible step never share
 * it. 4 × 4 × 3 × 5 = 240 bits, in hex.
 */
function colourHash({ sums, counts }: LookBuffers): string {
  const totals = new Float64Array(COLOUR_GRID * COLOUR_GRID * 4);
  for (let row = 0; row < GRID_ROWS; row++) {
    for (let column = 0; column < GRID_COLUMNS; column++) {
      const cell = row * GRID_COLUMNS + column;
      const region =
        Math.floor((row * COLOUR_GRID) / GRID_ROWS) * COLOUR_GRID +
        Math.floor(((column + 0.5) * COLOUR_GRID) / GRID_COLUMNS);
      for (let channel = 0; channel < 3; channel++)
        totals[region * 4 + channel]! += sums[cell * 4 + 1 + channel]!;
      totals[region * 4 + 3]! += counts[cell]!;
    }
  }
  const bits: number[] = [];
  for (let region = 0; region < COLOUR_GRID * COLOUR_GRID; region++) {
    for (let channel = 0; channel < 3; channel++) {
      const mean = totals[region * 4 + channel]! / Math.max(1, totals[region * 4 + 3]!);
      const level = Math.min((1 << COLOUR_BITS) - 1, Math.floor(mean / (256 >> COLOUR_BITS)));
      for (let bit = COLOUR_BITS - 1; bit >= 0; bit--) bits.push((level >> bit) & 1);
    }
  }
  return toHex(bits);
}

function toHex(bits: readonly number[]): string {
  let hex = '';
  for (let i = 0; i < bits.length; i += 4) {
    hex += (
      (bits[i]! << 3) |
      ((bits[i + 1] ?? 0) << 2) |
      ((bits[i + 2] ?? 0) << 1) |
      (bits[i + 3] ?? 0)
    ).toString(16);
  }
  return hex;
}

/** A token's look as its look file holds it (`.layerloom/looks/N.json`). */
export function tokenLookBytes(look: TokenLook): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(look));
}
