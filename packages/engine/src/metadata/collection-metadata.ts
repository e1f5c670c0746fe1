import type { OutputSink } from '../output/output-sink.ts';
import { readAhead } from '../output/read-ahead.ts';

/** Output paths of a token's files. */
export const tokenPaths = (edition: number) => ({
  image: `images/${edition}.png`,
  metadata: `metadata/${edition}.json`,
  solana: `solana/${edition}.json`,
});

/** Output path of a token's animation (beside its PNG poster, so one base URI serves both). */
export const animationPath = (edition: number, format: 'webp' | 'gif' | 'mp4'): string =>
  `images/${edition}.${format}`;

/**
 * Streams `_metadata.json` (a JSON array of every token's metadata) from the per-token files
 * already in the sink, a few reads ahead, so memory does not grow with the collection.
 */
export async function* streamCollectionMetadata(
  sink: Pick<OutputSink, 'read'>,
  size: number,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode('[\n');
  const decoder = new TextDecoder();
  let edition = 1;
  for await (const bytes of readAhead(size, 16, (index) => sink.read(tokenPaths(index + 1).metadata))) {
    const indented = decoder.decode(bytes).trimEnd().replace(/\n/g, '\n  ');
    yield encoder.encode(`  ${indented}${edition < size ? ',' : ''}\n`);
    edition++;
  }
  yield encoder.encode(']\n');
}
