import sharp from 'sharp';

/** Cells per side of the coarse masks: 8 px cells on a 1024² canvas, 512 words per bitset. */
export const MASK_GRID = 128;
/** Cells per side of the colour thumbnail used to compare traits by eye. */
export const THUMB_GRID = 64;
const WORDS = (MASK_GRID * MASK_GRID) / 32;

/** A pixel-exact box, `right`/`bottom` exclusive, in the image's own pixels. */
export interface PixelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * What the quality checks need to know about one trait image, computed once per image and kept
 * (it does not depend on the collection): exact pixel counts and box, coarse masks over the
 * image's extent (scaled like the render scales the image onto the canvas), and a small thumbnail.
 */
export interface TraitAnalysis {
  width: number;
  height: number;
  /** Pixels with alpha > 0. */
  visiblePixels: number;
  /** Pixels with alpha 255. */
  opaquePixels: number;
  /** Box of the visible pixels; null when there are none. */
  box: PixelBox | null;
  /** `MASK_GRID`² bits, row-major: the cell holds a visible pixel (over-estimates the art). */
  visible: Uint32Array;
  /** `MASK_GRID`² bits: every pixel of the cell is opaque (under-estimates what the image hides). */
  opaque: Uint32Array;
  /** `THUMB_GRID`² cells of premultiplied RGBA averages. */
  thumb: Uint8Array;
}

/**
 * Decodes a trait image and measures what the quality checks need. An animation counts as one image
 * whose pixels are visible where any frame shows them and opaque only where every frame is opaque,
 * so a sparkle that fades in is not "empty" and a blinking cover does not "hide" what it uncovers.
 */
export async function analyzeTraitImage(bytes: Uint8Array): Promise<TraitAnalysis> {
  const meta = await sharp(bytes, { failOn: 'error' }).metadata();
  const frames = meta.pages ?? 1;
  const decoded = await sharp(bytes, { failOn: 'error', ...(frames > 1 ? { pages: -1 } : {}) })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = decoded.info.width;
  const height = frames > 1 ? (meta.pageHeight ?? decoded.info.height / frames) : decoded.info.height;
  const { pixels, solid } =
    frames > 1 ? foldFrames(decoded.data, width, height, frames) : { pixels: decoded.data, solid: null };
  // Images smaller than the grid are enlarged pixel for pixel so every cell covers at least one pixel.
  const small = width < MASK_GRID || height < MASK_GRID;
  const w = Math.max(width, MASK_GRID);
  const h = small ? Math.max(height, MASK_GRID) : height;
  const enlarge = (input: Uint8Array, channels: 1 | 4) =>
    sharp(input, { raw: { width, height, channels } })
      .resize(w, h, { fit: 'fill', kernel: 'nearest' })
      .raw()
      .toBuffer();
  const data = small ? await enlarge(pixels, 4) : pixels;
  const opacity = solid && small ? await enlarge(solid, 1) : solid;

  const visible = new Uint32Array(WORDS);
  const notOpaque = new Uint32Array(WORDS);
  const sums = new Float64Array(THUMB_GRID * THUMB_GRID * 4);
  const counts = new Uint32Array(THUMB_GRID * THUMB_GRID);
  const maskCol = new Int32Array(w);
  const thumbCol = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    maskCol[x] = Math.floor((x * MASK_GRID) / w);
    thumbCol[x] = Math.floor((x * THUMB_GRID) / w);
  }
  let visiblePixels = 0;
  let opaquePixels = 0;
  let left = w;
  let top = h;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < h; y++) {
    const maskRow = Math.floor((y * MASK_GRID) / h) * MASK_GRID;
    const thumbRow = Math.floor((y * THUMB_GRID) / h) * THUMB_GRID;
    let offset = y * w * 4;
    for (let x = 0; x < w; x++, offset += 4) {
      const alpha = data[offset + 3]!;
      const lowest = opacity ? opacity[offset >>> 2]! : alpha;
      const cell = maskRow + maskCol[x]!;
      const thumbCell = thumbRow + thumbCol[x]!;
      counts[thumbCell]!++;
      if (lowest !== 255) notOpaque[cell >>> 5]! |= 1 << (cell & 31);
      else opaquePixels++;
      if (alpha === 0) continue;
      visiblePixels++;
      visible[cell >>> 5]! |= 1 << (cell & 31);
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
      const k = thumbCell * 4;
      const a = alpha / 255;
      sums[k] = sums[k]! + data[offset]! * a;
      sums[k + 1] = sums[k + 1]! + data[offset + 1]! * a;
      sums[k + 2] = sums[k + 2]! + data[offset + 2]! * a;
      sums[k + 3] = sums[k + 3]! + alpha;
    }
  }
  const opaque = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS; i++) opaque[i] = ~notOpaque[i]! >>> 0;
  const thumb = new Uint8Array(THUMB_GRID * THUMB_GRID * 4);
  for (let cell = 0; cell < counts.length; cell++) {
    const n = counts[cell]! || 1;
    for (let c = 0; c < 4; c++) thumb[cell * 4 + c] = Math.round(sums[cell * 4 + c]! / n);
  }
  // An enlarged image's counts and box are taken again from its own pixels, exactly.
  const exact =
    w === width && h === height
      ? {
          visiblePixels,
          opaquePixels,
          box: right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 },
        }
      : measure(pixels, solid, width, height);
  return { width, height, ...exact, visible, opaque, thumb };
}

/** Exact pixel counts and box of straight RGBA pixels. */
function measure(
  data: Uint8Array,
  solid: Uint8Array | null,
  width: number,
  height: number,
): Pick<TraitAnalysis, 'visiblePixels' | 'opaquePixels' | 'box'> {
  let visiblePixels = 0;
  let opaquePixels = 0;
  const box = { left: width, top: height, right: 0, bottom: 0 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const alpha = data[(y * width + x) * 4 + 3]!;
      if ((solid ? solid[y * width + x]! : alpha) === 255) opaquePixels++;
      if (alpha === 0) continue;
      visiblePixels++;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x + 1);
      box.bottom = y + 1;
    }
  }
  return { visiblePixels, opaquePixels, box: visiblePixels === 0 ? null : box };
}

/** One RGBA frame holding each pixel's most visible colour, and each pixel's lowest alpha over all frames. */
function foldFrames(data: Uint8Array, width: number, height: number, frames: number) {
  const size = width * height;
  const pixels = new Uint8Array(data.subarray(0, size * 4));
  const solid = new Uint8Array(size);
  for (let i = 0; i < size; i++) solid[i] = pixels[i * 4 + 3]!;
  for (let frame = 1; frame < frames; frame++) {
    const base = frame * size * 4;
    for (let i = 0; i < size; i++) {
      const alpha = data[base + i * 4 + 3]!;
      if (alpha < solid[i]!) solid[i] = alpha;
      if (alpha > pixels[i * 4 + 3]!) pixels.set(data.subarray(base + i * 4, base + i * 4 + 4), i * 4);
    }
  }
  return { pixels, solid };
}

/** The JSON form of an analysis, to keep beside the image it describes. */
export function serializeTraitAnalysis(analysis: TraitAnalysis): string {
  return JSON.stringify({
    v: 1,
    width: analysis.width,
    height: analysis.height,
    visiblePixels: analysis.visiblePixels,
    opaquePixels: analysis.opaquePixels,
    box: analysis.box,
    visible: Buffer.from(
      analysis.visible.buffer,
      analysis.visible.byteOffset,
      analysis.visible.byteLength,
    ).toString('base64'),
    opaque: Buffer.from(
      analysis.opaque.buffer,
      analysis.opaque.byteOffset,
      analysis.opaque.byteLength,
    ).toString('base64'),
    thumb: Buffer.from(analysis.thumb).toString('base64'),
  });
}

/** Reads back `serializeTraitAnalysis`'s JSON; undefined when it is from another version or damaged (compute it again). */
export function parseTraitAnalysis(text: string): TraitAnalysis | undefined {
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    if (raw.v !== 1) return undefined;
    const words = (field: unknown) => {
      const bytes = Buffer.from(String(field), 'base64');
      if (bytes.length !== WORDS * 4) throw new Error('wrong mask size');
      return new Uint32Array(new Uint8Array(bytes).buffer);
    };
    const thumb = new Uint8Array(Buffer.from(String(raw.thumb), 'base64'));
    if (thumb.length !== THUMB_GRID * THUMB_GRID * 4) return undefined;
    return {
      width: Number(raw.width),
      height: Number(raw.height),
      visiblePixels: Number(raw.visiblePixels),
      opaquePixels: Number(raw.opaquePixels),
      box: (raw.box as PixelBox | null) ?? null,
      visible: words(raw.visible),
      opaque: words(raw.opaque),
      thumb,
    };
  } catch {
    return undefined;
  }
}

/** Number of set bits of `a AND b` (of `a` alone when `b` is omitted), over words `from..to` (default all). */
export function countBits(a: Uint32Array, b?: Uint32Array, from = 0, to = a.length): number {
  let total = 0;
  for (let i = from; i < to; i++) {
    let v = b ? (a[i]! & b[i]!) >>> 0 : a[i]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** An empty mask of the grid's size. */
export function emptyMask(): Uint32Array {
  return new Uint32Array(WORDS);
}

/** The words of a mask that hold set bits, as `[from, to)`; `[0, 0)` for an empty mask. */
export function maskSpan(mask: Uint32Array): [from: number, to: number] {
  let from = 0;
  while (from < mask.length && mask[from] === 0) from++;
  if (from === mask.length) return [0, 0];
  let to = mask.length;
  while (mask[to - 1] === 0) to--;
  return [from, to];
}
