import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BaseError } from '../errors/base-error.ts';
import { animationPath, tokenPaths } from '../metadata/collection-metadata.ts';
import type { TokenMetadata } from '../metadata/token-metadata.ts';

/**
 * Read access to a generated collection (`images/N.png`, `metadata/N.json`, N from 1). An `OutputSink`
 * is one; so is the server's blob store behind a prefix, or a folder (`createFolderSink`).
 */
export interface CollectionFiles {
  read(path: string): Promise<Uint8Array>;
}

/** A generated collection: where its files are and how many tokens it has. */
export interface CollectionSource {
  files: CollectionFiles;
  /** Number of tokens; editions run from 1 to `size`. */
  size: number;
}

/** A collection file is missing, unreadable or not what the generator writes. */
export class CollectionFilesError extends BaseError {
  readonly code = 'COLLECTION_FILES_INVALID';

  constructor(message: string, where: string, cause?: unknown) {
    super(message, { details: { where }, cause });
  }
}

const MetadataSchema = z.looseObject({
  name: z.string(),
  image: z.string(),
  attributes: z
    .array(z.looseObject({ trait_type: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) }))
    .default([]),
});

/**
 * Reads and checks `metadata/N.json`, keeping its keys in the order the file has them: what is published from
 * it (the IPFS metadata folder) must be what a creator rebuilds from the exported file. No default is added.
 */
export async function readTokenMetadataAsWritten(
  files: CollectionFiles,
  edition: number,
): Promise<TokenMetadata> {
  const where = tokenPaths(edition).metadata;
  const bytes = await readCollectionFile(files, where);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new CollectionFilesError(`${where} is not valid JSON`, where, error);
  }
  const parsed = MetadataSchema.safeParse(json);
  if (!parsed.success) {
    throw new CollectionFilesError(
      `${where} is not ERC-721 metadata (${parsed.error.issues[0]?.message})`,
      where,
    );
  }
  // The parsed copy lists the schema's keys first; the file's own object keeps its order.
  return json as TokenMetadata;
}

/** Reads and checks `metadata/N.json` (keys in the file's order; `attributes` is `[]` when the file has none). */
export async function readTokenMetadata(files: CollectionFiles, edition: number): Promise<TokenMetadata> {
  const metadata = await readTokenMetadataAsWritten(files, edition);
  return metadata.attributes === undefined ? { ...metadata, attributes: [] } : metadata;
}

/**
 * The path of a token's animation when its metadata links one (`animation_url` ending in `N.webp`, `.gif` or
 * `.mp4`): `images/N.webp|gif|mp4`, beside the poster.
 */
export function tokenAnimationPath(metadata: object, edition: number): string | undefined {
  const url = (metadata as { animation_url?: unknown }).animation_url;
  if (typeof url !== 'string') return undefined;
  const format = /\.(webp|gif|mp4)$/.exec(url)?.[1] as 'webp' | 'gif' | 'mp4' | undefined;
  return format ? animationPath(edition, format) : undefined;
}

/** Reads `images/N.png`. */
export function readTokenImage(files: CollectionFiles, edition: number): Promise<Uint8Array> {
  return readCollectionFile(files, tokenPaths(edition).image);
}

/** Reads one file of the collection; a missing or unreadable file becomes a `CollectionFilesError` naming it. */
export async function readCollectionFile(files: CollectionFiles, where: string): Promise<Uint8Array> {
  try {
    return await files.read(where);
  } catch (error) {
    throw new CollectionFilesError(`Cannot read ${where} of the collection`, where, error);
  }
}

/**
 * Counts the tokens of a generated collection folder: `metadata/1.json` … `metadata/N.json` and the
 * matching images must all be there.
 */
export async function countCollectionTokens(dir: string): Promise<number> {
  const editions = async (folder: string, extension: string) => {
    let names: string[];
    try {
      names = await readdir(path.join(dir, folder));
    } catch (error) {
      throw new CollectionFilesError(
        `${path.join(dir, folder)} does not exist: expected a generated collection folder`,
        folder,
        error,
      );
    }
    const pattern = new RegExp(`^([1-9]\\d*)\\.${extension}$`);
    return new Set(names.flatMap((name) => (pattern.exec(name) ? [Number(pattern.exec(name)?.[1])] : [])));
  };
  const metadata = await editions('metadata', 'json');
  const images = await editions('images', 'png');
  if (metadata.size === 0) throw new CollectionFilesError(`${dir} has no metadata/N.json files`, 'metadata');
  for (let edition = 1; edition <= metadata.size; edition++) {
    if (!metadata.has(edition)) {
      throw new CollectionFilesError(
        `${tokenPaths(edition).metadata} is missing`,
        tokenPaths(edition).metadata,
      );
    }
    if (!images.has(edition)) {
      throw new CollectionFilesError(`${tokenPaths(edition).image} is missing`, tokenPaths(edition).image);
    }
  }
  return metadata.size;
}
