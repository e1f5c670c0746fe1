import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Decoded PNGs up to this many raw bytes are shrunk here; larger ones by sharp (libvips streams them). */
const MAX_RAW_BYTES = 8 * 1024 * 1024;

/** Channels per pixel of each 8-bit PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface PngHeader {
  width: number;
  height: number;
  colorType: number;
  idat: Uint8Array[];
  palette?: Uint8Array;
  transparency?: Uint8Array;
}

/**
 * A square tile of a PNG: the centred square of the image (sharp's `fit: 'cover'`) shrunk to
 * `tile × tile` by averaging (alpha-weighted), flattened over `background`, as RGB bytes.
 *
 * Most of sharp's time on a 256² token shrunk to 32 px is its pipeline, not the decoding (2.2 ms of
 * which inflating is 0.2): the 8-bit, non-interlaced PNGs the engine writes are therefore inflated
 * by zlib and unfiltered and averaged here in one pass over the rows, with no
 * full-size RGBA image. Anything else (16-bit, interlaced, larger than 8 MiB raw, enlarged tiles)
 * goes through sharp.
 */
export async function pngTile(
  png: Uint8Array,
  tile: number,
  background: readonly [number, number, number],
): Promise<Uint8Array> {
  const header = readHeader(png);
  const channels = header ? CHANNELS[header.colorType] : undefined;
  if (
    !header ||
    channels === undefined ||
    Math.min(header.width, header.height) < tile ||
    header.width * header.height * channels > MAX_RAW_BYTES ||
    (header.colorType === 3 && !header.palette)
  ) {
    return sharpTile(png, tile, background);
  }
  // Synchronous: for a token-sized stream zlib's asynchronous call costs this thread more than inflating does.
  // One output chunk of the exact size: no chunks to concatenate afterwards.
  const stride = header.width * channels;
  const raw = inflateSync(header.idat.length === 1 ? header.idat[0]! : Buffer.concat(header.idat), {
    chunkSize: Math.max(64, header.height * (stride + 1)),
  });
  if (raw.length < header.height * (stride + 1)) return sharpTile(png, tile, background);
  // A plain Uint8Array view, so the hot loops see one array type (Buffer and Uint8Array differ to V8).
  return shrinkRows(
    new Uint8Array(raw.buffer, raw.byteOffset, raw.length),
    header,
    channels,
    tile,
    background,
  );
}

/** The chunks a tile needs, or undefined for PNGs this decoder leaves to sharp (not 8-bit, interlaced, unreadable). */
function readHeader(png: Uint8Array): PngHeader | undefined {
  if (png.length < 33 || png[12] !== 0x49 || png[13] !== 0x48 || png[14] !== 0x44 || png[15] !== 0x52) {
    return undefined;
  }
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const header: PngHeader = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    colorType: png[25]!,
    idat: [],
  };
  if (png[24] !== 8 || png[28] !== 0) return undefined; // bit depth 8, not interlaced
  for (let at = 8; at + 8 <= png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(png[at + 4]!, png[at + 5]!, png[at + 6]!, png[at + 7]!);
    const data = png.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return undefined;
    if (type === 'IDAT') header.idat.push(data);
    else if (type === 'PLTE') header.palette = data;
    else if (type === 'tRNS') header.transparency = data;
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  return header.idat.length > 0 ? header : undefined;
}

let sumsCache: Float64Array | undefined;

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Unfilters the rows of the centred square one at a time and adds each pixel to its tile pixel's sums. */
function shrinkRows(
  raw: Uint8Array,
  header: PngHeader,
  channels: number,
  tile: number,
  background: readonly [number, number, number],
): Uint8Array {
  const { width, height, colorType, palette, transparency } = header;
  const stride = width * channels;
  const side = Math.min(width, height);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  // Per tile pixel: alpha-weighted R, G, B, then alpha, then the number of pixels added (one array per
  // tile size, reused: a collage makes thousands of tiles of one size).
  if (sumsCache?.length !== tile * tile * 5) sumsCache = new Float64Array(tile * tile * 5);
  const sums = sumsCache;
  sums.fill(0);
  // Where each tile column's run of source pixels ends: pixel x falls in column floor(x·tile/side).
  const runEnds = new Int32Array(tile);
  for (let column = 0; column < tile; column++) runEnds[column] = Math.ceil(((column + 1) * side) / tile);
  // A row stored unfiltered (filter 0, the engine's usual) is read where it lies in `raw`; only filtered
  // rows are unfiltered, into whichever scratch row does not hold the row above.
  const scratch = [new Uint8Array(stride), new Uint8Array(stride)];
  // RGBA rows are copied (memcpy) into 32-bit words, one band of the rows that make a row of tiles at a time,
  // and each tile pixel is summed over its whole block at once: one load per pixel instead of four, and the
  // sums touched once per block instead of once per row.
  const band = colorType === 6 && LITTLE_ENDIAN ? new Int32Array(Math.ceil(side / tile) * side) : undefined;
  const bandBytes = band && new Uint8Array(band.buffer);
  let bandRows = 0;
  let bandTileRow = 0;
  let up: Uint8Array = scratch[1]!; // the row above, zero before the first (PNG's rule)
  let upAt = 0;
  for (let y = 0; y < top + side; y++) {
    const start = y * (stride + 1);
    const filter = raw[start]!;
    let row: Uint8Array;
    let rowAt: number;
    if (filter === 0) {
      row = raw;
      rowAt = start + 1;
    } else {
      row = up === scratch[0] ? scratch[1]! : scratch[0]!;
      rowAt = 0;
      unfilter(filter, raw, start + 1, up, upAt, row, channels);
    }
    up = row;
    upAt = rowAt;
    if (y < top) continue;
    const tileRow = Math.floor(((y - top) * tile) / side);
    const from = rowAt + left * channels;
    if (band && bandBytes) {
      if (tileRow !== bandTileRow && bandRows > 0) {
        addBandRgba(band, bandRows, side, bandTileRow * tile * 5, runEnds, sums);
        bandRows = 0;
      }
      bandTileRow = tileRow;
      bandBytes.set(row.subarray(from, from + side * 4), bandRows * side * 4);
      bandRows++;
    } else {
      addRow(row, from, side, colorType, tileRow * tile * 5, runEnds, sums, palette, transparency);
    }
  }
  if (band && bandRows > 0) addBandRgba(band, bandRows, side, bandTileRow * tile * 5, runEnds, sums);
  const out = new Uint8Array(tile * tile * 3);
  for (let i = 0, o = 0; i < sums.length; i += 5, o += 3) {
    const count = sums[i + 4]!;
    const alpha = sums[i + 3]!;
    const rest = 255 * count - alpha; // how much of the background shows through, ×255
    const scale = 255 * count;
    out[o] = Math.round((sums[i]! + background[0] * rest) / scale);
    out[o + 1] = Math.round((sums[i + 1]! + background[1] * rest) / scale);
    out[o + 2] = Math.round((sums[i + 2]! + background[2] * rest) / scale);
  }
  return out;
}

/**
 * Adds `count` pixels of a row, from byte `start`, to the sums of their tile pixels: each tile
 * column's run of pixels is summed in locals first (one loop per colour type).
 */
function addRow(
  row: Uint8Array,
  start: number,
  count: number,
  colorType: number,
  rowBase: number,
  runEnds: Int32Array,
  sums: Float64Array,
  palette: Uint8Array | undefined,
  transparency: Uint8Array | undefined,
): void {
  const channels = CHANNELS[colorType]!;
  let x = 0;
  let at = start;
  for (let column = 0, sum = rowBase; column < runEnds.length; column++, sum += 5) {
    const end = runEnds[column]!;
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    const pixels = end - x;
    if (colorType === 6) {
      for (; x < end; x++, at += 4) {
        const alpha = row[at + 3]!;
        r += row[at]! * alpha;
        g += row[at + 1]! * alpha;
        b += row[at + 2]! * alpha;
        a += alpha;
      }
    } else if (colorType === 2) {
      for (; x < end; x++, at += 3) {
        r += row[at]!;
        g += row[at + 1]!;
        b += row[at + 2]!;
      }
      r *= 255;
      g *= 255;
      b *= 255;
      a = 255 * pixels;
    } else {
      for (; x < end; x++, at += channels) {
        let alpha = 255;
        let red: number;
        let green: number;
        let blue: number;
        if (colorType === 3) {
          const index = row[at]!;
          red = palette![index * 3] ?? 0;
          green = palette![index * 3 + 1] ?? 0;
          blue = palette![index * 3 + 2] ?? 0;
          alpha = transparency?.[index] ?? 255;
        } else {
          red = green = blue = row[at]!;
          if (colorType === 4) alpha = row[at + 1]!;
        }
        r += red * alpha;
        g += green * alpha;
        b += blue * alpha;
        a += alpha;
      }
    }
    sums[sum] = sums[sum]! + r;
    sums[sum + 1] = sums[sum + 1]! + g;
    sums[sum + 2] = sums[sum + 2]! + b;
    sums[sum + 3] = sums[sum + 3]! + a;
    sums[sum + 4] = sums[sum + 4]! + pixels;
  }
  if (x !== count) throw new RangeError('tile columns do not cover the row');
}

/**
 * Adds a band of `rows` RGBA rows (`side` little-endian words each: R in the low byte, A in the high one),
 * all in the row of tiles whose sums start at `rowBase`, block by block.
 */
function addBandRgba(
  band: Int32Array,
  rows: number,
  side: number,
  rowBase: number,
  runEnds: Int32Array,
  sums: Float64Array,
): void {
  let first = 0;
  for (let column = 0, sum = rowBase; column < runEnds.length; column++, sum += 5) {
    const end = runEnds[column]!;
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let rowStart = 0; rowStart < rows * side; rowStart += side) {
      for (let at = rowStart + first, stop = rowStart + end; at < stop; at++) {
        const pixel = band[at]!;
        const alpha = pixel >>> 24;
        r += (pixel & 0xff) * alpha;
        g += ((pixel >>> 8) & 0xff) * alpha;
        b += ((pixel >>> 16) & 0xff) * alpha;
        a += alpha;
      }
    }
    sums[sum] = sums[sum]! + r;
    sums[sum + 1] = sums[sum + 1]! + g;
    sums[sum + 2] = sums[sum + 2]! + b;
    sums[sum + 3] = sums[sum + 3]! + a;
    sums[sum + 4] = sums[sum + 4]! + (end - first) * rows;
    first = end;
  }
  if (first !== side) throw new RangeError('tile columns do not cover the row');
}

/**
 * Reverses a PNG row filter (Sub, Up, Average, Paeth) of the row at `raw[from…]` into `out`, the row
 * above being `up[upAt…]`.
 */
function unfilter(
  filter: number,
  raw: Uint8Array,
  from: number,
  up: Uint8Array,
  upAt: number,
  out: Uint8Array,
  bpp: number,
): void {
  const n = out.length;
  switch (filter) {
    case 1:
      for (let i = 0; i < bpp; i++) out[i] = raw[from + i]!;
      for (let i = bpp; i < n; i++) out[i] = (raw[from + i]! + out[i - bpp]!) & 0xff;
      return;
    case 2:
      for (let i = 0; i < n; i++) out[i] = (raw[from + i]! + up[upAt + i]!) & 0xff;
      return;
    case 3:
      for (let i = 0; i < bpp; i++) out[i] = (raw[from + i]! + (up[upAt + i]! >> 1)) & 0xff;
      for (let i = bpp; i < n; i++) out[i] = (raw[from + i]! + ((out[i - bpp]! + up[upAt + i]!) >> 1)) & 0xff;
      return;
    case 4:
      for (let i = 0; i < bpp; i++) out[i] = (raw[from + i]! + up[upAt + i]!) & 0xff;
      for (let i = bpp; i < n; i++) {
        const a = out[i - bpp]!;
        const b = up[upAt + i]!;
        const c = up[upAt + i - bpp]!;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        out[i] = (raw[from + i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return;
    default:
      throw new RangeError(`unknown PNG row filter ${filter}`);
  }
}

function sharpTile(
  png: Uint8Array,
  tile: number,
  background: readonly [number, number, number],
): Promise<Uint8Array> {
  return sharp(png)
    .resize(tile, tile, { fit: 'cover' })
    .flatten({ background: { r: background[0], g: background[1], b: background[2] } })
    .removeAlpha()
    .raw()
    .toBuffer();
}
