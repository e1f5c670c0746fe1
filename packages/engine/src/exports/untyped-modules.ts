// Types for the parts of two dependencies that ship none (gifenc) or whose types lag their API (archiver 8).
// They are loaded through `loadGifenc` / `loadArchiver` below rather than `import`, so the types stay here.
import { createRequire } from 'node:module';
import type { Transform } from 'node:stream';

export type GifPalette = number[][];

export interface GifEncoder {
  /** Writes `GIF89a`; with `auto: false` the caller writes it before the first frame. */
  writeHeader(): void;
  writeFrame(
    index: Uint8Array,
    width: number,
    height: number,
    options?: { palette?: GifPalette; delay?: number; repeat?: number; first?: boolean; dispose?: number },
  ): void;
  finish(): void;
  bytesView(): Uint8Array;
  readonly stream: { reset(): void };
}

export interface Gifenc {
  GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): GifEncoder;
  quantize(rgba: Uint8Array, maxColors: number): GifPalette;
  applyPalette(rgba: Uint8Array, palette: GifPalette): Uint8Array;
}

/**
 * gifenc's ESM build is only seen by bundlers; Node loads its CommonJS build, whose named exports ESM
 * cannot import. Requiring it gives the same module under Vitest and in production.
 */
export function loadGifenc(): Gifenc {
  return createRequire(import.meta.url)('gifenc') as Gifenc;
}

export interface ZipEntryData {
  name: string;
  /** STORE instead of DEFLATE (for data that is already compressed, like PNG). */
  store?: boolean;
  date?: Date;
}

export interface ZipArchive extends Transform {
  append(source: Buffer | NodeJS.ReadableStream, data: ZipEntryData): this;
  finalize(): Promise<void>;
}

interface Archiver {
  ZipArchive: new (options?: { zlib?: { level?: number } }) => ZipArchive;
}

/** archiver 8 is ESM-only with a `ZipArchive` class that its published types predate. */
export async function loadArchiver(): Promise<Archiver> {
  const specifier = 'archiver';
  return (await import(specifier)) as Archiver;
}
