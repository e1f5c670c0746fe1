import sharp from 'sharp';
import { tokenPaths } from '../metadata/collection-metadata.ts';
import type { OutputSink } from '../output/output-sink.ts';
import { readAhead } from '../output/read-ahead.ts';
import type { PlanAmendment } from '../sample/amend-plan.ts';
import { computeTokenLook, type TokenLook } from './token-look.ts';

/**
 * Where a token's look is kept while the collection renders: written with the token, before its
 * metadata, so every finished token has one (resuming and ranges need no bookkeeping).
 */
export function tokenLookPath(edition: number): string {
  return `.layerloom/looks/${edition}.json`;
}

/** Every token's look in one file, written once the whole collection is: read to list look-alikes. */
export const COLLECTION_LOOKS_FILE = '.layerloom/looks.json';

/** The looks of a whole collection, index 0 = edition 1. */
export interface CollectionLooks {
  version: 1;
  /** What the hashes are, so a later change of hash is never compared with these. */
  hashes: { pixel: 'crc32x4-rgb-or-rgba'; perceptual: 'dhash3-512-colour-240-over-grey' };
  looks: [pixel: string, perceptual: string][];
}

const HASHES: CollectionLooks['hashes'] = {
  pixel: 'crc32x4-rgb-or-rgba',
  perceptual: 'dhash3-512-colour-240-over-grey',
};

function parseLook(bytes: Uint8Array): TokenLook | undefined {
  try {
    const look = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenLook>;
    if (typeof look.pixel === 'string' && /^[0-9a-f]{188}$/.test(look.perceptual ?? '')) {
      return { pixel: look.pixel, perceptual: look.perceptual! };
    }
  } catch {
    // Not JSON: treated as missing, and computed again from the image.
  }
  return undefined;
}

/** The look of a token from its written PNG (a token from before looks were kept, or an animation's poster). */
export async function lookFromImage(sink: Pick<OutputSink, 'read'>, edition: number): Promise<TokenLook> {
  const { data, info } = await sharp(await sink.read(tokenPaths(edition).image))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return computeTokenLook(data, info.width, info.height, 4);
}

/**
 * Writes `.layerloom/looks.json` for a collection of `size` tokens from each token's look file; a token
 * without one (rendered before looks were kept) gets its look from its image; `known` are looks the
 * caller already has, by edition. Reads a window at a time, so memory is the hashes and a window.
 */
export async function writeCollectionLooks(
  sink: OutputSink,
  size: number,
  known?: ReadonlyMap<number, TokenLook>,
): Promise<TokenLook[]> {
  const looks: TokenLook[] = [];
  const reads = readAhead(size, 32, async (index) => {
    const ready = known?.get(index + 1);
    if (ready) return ready;
    const path = tokenLookPath(index + 1);
    const kept = (await sink.has(path)) ? parseLook(await sink.read(path)) : undefined;
    return kept ?? lookFromImage(sink, index + 1);
  });
  for await (const look of reads) looks.push(look);
  const file: CollectionLooks = {
    version: 1,
    hashes: HASHES,
    looks: looks.map((look) => [look.pixel, look.perceptual]),
  };
  await sink.write(COLLECTION_LOOKS_FILE, new TextEncoder().encode(`${JSON.stringify(file)}\n`));
  return looks;
}

/**
 * The looks written with a collection, or undefined when it has none (generated before looks were
 * kept) or they do not match its size.
 */
export async function readCollectionLooks(
  files: Pick<OutputSink, 'read'> & Partial<Pick<OutputSink, 'has'>>,
  size: number,
): Promise<TokenLook[] | undefined> {
  let bytes: Uint8Array;
  try {
    if (files.has && !(await files.has(COLLECTION_LOOKS_FILE))) return undefined;
    bytes = await files.read(COLLECTION_LOOKS_FILE);
  } catch {
    return undefined;
  }
  const file = JSON.parse(new TextDecoder().decode(bytes)) as Partial<CollectionLooks>;
  if (
    file.version !== 1 ||
    file.hashes?.pixel !== HASHES.pixel ||
    file.hashes.perceptual !== HASHES.perceptual ||
    !Array.isArray(file.looks) ||
    file.looks.length !== size
  ) {
    return undefined;
  }
  return file.looks.map(([pixel, perceptual]) => ({ pixel, perceptual }));
}

/** Where the rerolls of "Every token looks different" are kept with the collection. */
export const DISTINCT_LOOKS_FILE = '.layerloom/distinct-looks.json';

/** The look rerolls of a collection: `basis` names the plan they apply to (its job fingerprint). */
export interface DistinctLooksRecord {
  basis: string;
  amendments: PlanAmendment[];
  /** Editions rerolled. */
  rerolled: number[];
}

/** The look rerolls kept in an output, if any. */
export async function readDistinctLooks(sink: OutputSink): Promise<DistinctLooksRecord | undefined> {
  if (!(await sink.has(DISTINCT_LOOKS_FILE))) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(await sink.read(DISTINCT_LOOKS_FILE))) as DistinctLooksRecord;
  } catch {
    return undefined;
  }
}

/** Keeps the look rerolls of a collection in its output. */
export async function writeDistinctLooks(sink: OutputSink, record: DistinctLooksRecord): Promise<void> {
  await sink.write(DISTINCT_LOOKS_FILE, new TextEncoder().encode(`${JSON.stringify(record)}\n`));
}
