import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { tokenPaths } from '../metadata/collection-metadata.ts';
import { toJsonBytes } from '../metadata/token-metadata.ts';
import {
  type CollectionFiles,
  CollectionFilesError,
  type CollectionSource,
  readCollectionFile,
  tokenAnimationPath,
} from './collection-files.ts';
import { loadArchiver } from './untyped-modules.ts';

/** What Sugar's `collection.json` says of the collection itself (the tokens' JSON says the rest). */
export interface SolanaCollectionInfo {
  name: string;
  description: string;
}

export interface SolanaAssetsZipOptions {
  /** The collection NFT's name and description (`collection.json`). */
  collection: SolanaCollectionInfo;
  /** Folder of the assets inside the ZIP (Sugar reads `assets/` by default). */
  folder?: string;
}

/** Metaplex token metadata as the engine writes it (`solana/N.json`): the fields Sugar reads. */
type SolanaMetadata = {
  name: string;
  symbol?: string;
  description?: string;
  seller_fee_basis_points?: number;
  image: string;
  animation_url?: string;
  external_url?: string;
  properties?: { files?: { uri: string; type: string }[]; category?: string; creators?: unknown[] };
  [key: string]: unknown;
};

/** Sugar numbers assets from 0: edition N is asset N − 1. */
export function sugarIndex(edition: number): number {
  return edition - 1;
}

/** Reads `solana/N.json`; a collection generated without Solana metadata has none, which the error says. */
export async function readSolanaMetadata(files: CollectionFiles, edition: number): Promise<SolanaMetadata> {
  const where = tokenPaths(edition).solana;
  let bytes: Uint8Array;
  try {
    bytes = await files.read(where);
  } catch (error) {
    throw new CollectionFilesError(
      `Cannot read ${where}: the collection was generated without Solana (Metaplex) metadata`,
      where,
      error,
    );
  }
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes)) as SolanaMetadata;
    if (typeof json?.name !== 'string' || typeof json.image !== 'string') throw new Error('no name or image');
    return json;
  } catch (error) {
    throw new CollectionFilesError(`${where} is not Metaplex metadata`, where, error);
  }
}

/**
 * A token's Metaplex JSON renamed for Sugar's folder: `image`, `animation_url` and `properties.files` point at
 * `<N−1>.png` / `<N−1>.<webp|gif|mp4>` beside it; every other key stays as written.
 */
export function sugarTokenMetadata(metadata: SolanaMetadata, edition: number): SolanaMetadata {
  const index = sugarIndex(edition);
  const rename = (uri: string) => uri.replace(new RegExp(`^${edition}\\.(png|webp|gif|mp4)$`), `${index}.$1`);
  const files = metadata.properties?.files?.map((file) => ({ ...file, uri: rename(file.uri) }));
  return {
    ...metadata,
    image: rename(metadata.image),
    ...(typeof metadata.animation_url === 'string' ? { animation_url: rename(metadata.animation_url) } : {}),
    ...(metadata.properties ? { properties: { ...metadata.properties, ...(files ? { files } : {}) } } : {}),
  };
}

/**
 * Sugar's `collection.json`: the collection NFT, drawn as token #1's image (`collection.png`), with the
 * tokens' symbol, royalties, website and creators.
 */
export function sugarCollectionMetadata(
  first: SolanaMetadata,
  collection: SolanaCollectionInfo,
): SolanaMetadata {
  return {
    name: collection.name,
    symbol: first.symbol ?? '',
    description: collection.description,
    seller_fee_basis_points: first.seller_fee_basis_points ?? 0,
    image: 'collection.png',
    ...(first.external_url ? { external_url: first.external_url } : {}),
    attributes: [],
    properties: {
      files: [{ uri: 'collection.png', type: 'image/png' }],
      category: 'image',
      ...(first.properties?.creators ? { creators: first.properties.creators } : {}),
    },
  };
}

/** A fixed date for every entry, so the same collection always zips to the same bytes. */
const ENTRY_DATE = new Date('2021-01-01T00:00:00Z');

/**
 * Streams a ZIP of Sugar's assets folder (`assets/0.png`, `assets/0.json` … `assets/collection.png`,
 * `assets/collection.json`; an animated token's `0.webp|gif|mp4` beside its poster) from a collection
 * generated with Solana metadata. One file in memory at a time, whatever the collection size.
 */
export async function writeSolanaAssetsZip(
  source: CollectionSource,
  output: NodeJS.WritableStream,
  options: SolanaAssetsZipOptions,
): Promise<void> {
  const folder = (options.folder ?? 'assets').replace(/\/+$/, '');
  const { ZipArchive } = await loadArchiver();
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const done = pipeline(archive, output);
  const add = async (name: string, data: Uint8Array, store = false) => {
    const written = once(archive, 'entry');
    archive.append(Buffer.from(data), { name: `${folder}/${name}`, store, date: ENTRY_DATE });
    await written;
  };
  try {
    let first: SolanaMetadata | undefined;
    for (let edition = 1; edition <= source.size; edition++) {
      const metadata = await readSolanaMetadata(source.files, edition);
      first ??= metadata;
      const index = sugarIndex(edition);
      await add(`${index}.png`, await readCollectionFile(source.files, tokenPaths(edition).image), true);
      const animation = tokenAnimationPath(metadata, edition);
      if (animation) {
        const extension = animation.slice(animation.lastIndexOf('.') + 1);
        await add(`${index}.${extension}`, await readCollectionFile(source.files, animation), true);
      }
      await add(`${index}.json`, toJsonBytes(sugarTokenMetadata(metadata, edition)));
    }
    if (first) {
      await add('collection.png', await readCollectionFile(source.files, tokenPaths(1).image), true);
      await add('collection.json', toJsonBytes(sugarCollectionMetadata(first, options.collection)));
    }
    await archive.finalize();
  } catch (error) {
    archive.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  await done;
}
