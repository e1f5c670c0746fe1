import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CollectionSource, countCollectionTokens } from '../exports/collection-files.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { CliUsageError } from './command.ts';

/** Opens the generated collection folder named by the one positional argument. */
export async function openCollectionFolder(
  positionals: readonly string[],
): Promise<{ dir: string; source: CollectionSource }> {
  if (positionals.length !== 1) {
    throw new CliUsageError(
      positionals.length === 0
        ? 'Expected the output folder of "layerloom generate"'
        : `Expected one folder, got ${positionals.join(' ')}`,
    );
  }
  const dir = path.resolve(positionals[0]!);
  const size = await countCollectionTokens(dir);
  return { dir, source: { files: createFolderSink(dir), size } };
}

/** Parses a whole-number option, or returns undefined when absent. */
export function positiveInteger(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new CliUsageError(`--${name} must be a whole number ≥ 1, got "${text}"`);
  return value;
}

/** Writes a stream of chunks to a file, creating its folder. */
export async function writeStreamToFile(file: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await pipeline(Readable.from(chunks), createWriteStream(file));
}
