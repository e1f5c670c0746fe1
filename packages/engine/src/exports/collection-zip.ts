import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { streamCollectionMetadata, tokenPaths } from '../metadata/collection-metadata.ts';
import { type CollectionSource, readCollectionFile, tokenAnimationPath } from './collection-files.ts';
import { computeRarity } from './rarity-report.ts';
import { loadArchiver } from './untyped-modules.ts';

export interface CollectionZipOptions {
  /** Extra files at the root of the ZIP (e.g. the collage), added last. */
  extras?: readonly { name: string; data: Uint8Array }[];
  /** Also zip the Solana (Metaplex) metadata, `solana/N.json`, which the collection then must have. */
  solana?: boolean;
}

/** A fixed date for every entry, so the same collection always zips to the same bytes. */
const ENTRY_DATE = new Date('2021-01-01T00:00:00Z');

/**
 * Streams a ZIP of the collection to `output`: `images/N.png` (stored: PNG is already compressed) and
 * an animated collection's `images/N.webp|gif|mp4` beside it,
 * `metadata/N.json`, `solana/N.json` on request, `_metadata.json` and `rarity.json`, plus `extras`. Files are read one at a time
 * and the next is added only when the previous one is written, so memory stays at about one file
 * whatever the collection size; ZIP64 is used when the archive passes 4 GiB.
 */
export async function writeCollectionZip(
  source: CollectionSource,
  output: NodeJS.WritableStream,
  options: CollectionZipOptions = {},
): Promise<void> {
  const { ZipArchive } = await loadArchiver();
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const done = pipeline(archive, output);
  const add = async (name: string, data: Uint8Array | Readable, store = false) => {
    const written = once(archive, 'entry');
    archive.append(data instanceof Uint8Array ? Buffer.from(data) : data, { name, store, date: ENTRY_DATE });
    await written;
  };
  try {
    for (let edition = 1; edition <= source.size; edition++) {
      await add(
        tokenPaths(edition).image,
        await readCollectionFile(source.files, tokenPaths(edition).image),
        true,
      );
      const animation = await animationFile(source, edition);
      if (animation) await add(animation, await readCollectionFile(source.files, animation), true);
    }
    for (let edition = 1; edition <= source.size; edition++) {
      const path = tokenPaths(edition).metadata;
      await add(path, await readCollectionFile(source.files, path));
    }
    if (options.solana) {
      for (let edition = 1; edition <= source.size; edition++) {
        const path = tokenPaths(edition).solana;
        await add(path, await readCollectionFile(source.files, path));
      }
    }
    await add('_metadata.json', Readable.from(streamCollectionMetadata(source.files, source.size)));
    await add(
      'rarity.json',
      new TextEncoder().encode(`${JSON.stringify(await computeRarity(source), null, 2)}\n`),
    );
    for (const extra of options.extras ?? []) await add(extra.name, extra.data);
    await archive.finalize();
  } catch (error) {
    archive.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  await done;
}

/** The path of a token's animation when its metadata links one (`animation_url` ending in `N.webp`, `.gif` or `.mp4`). */
async function animationFile(source: CollectionSource, edition: number): Promise<string | undefined> {
  const metadata = JSON.parse(
    new TextDecoder().decode(await readCollectionFile(source.files, tokenPaths(edition).metadata)),
  ) as { animation_url?: unknown };
  return tokenAnimationPath(metadata, edition);
}
