import { CollectionIncompleteError } from '../errors/generate-errors.ts';
import { writeCollectionLooks } from '../looks/looks-files.ts';
import { streamCollectionMetadata, tokenPaths } from '../metadata/collection-metadata.ts';
import type { OutputSink } from '../output/output-sink.ts';
import { readAhead } from '../output/read-ahead.ts';
import { isTokenFinished } from './is-token-finished.ts';

/** Parameters of `finishCollection`. */
export interface FinishCollectionParameters {
  sink: OutputSink;
  /** Number of tokens in the collection. */
  size: number;
}

/**
 * The final step of a collection rendered in ranges (`generateCollection` with `editions`): checks
 * that every token is written, then writes `.layerloom/looks.json` (from each token's look file) and
 * `_metadata.json`, the same bytes a whole run writes.
 * Idempotent, so a step interrupted and run again gives the same output.
 */
export async function finishCollection(parameters: FinishCollectionParameters): Promise<void> {
  const { sink, size } = parameters;
  const missing: number[] = [];
  // Checked a window at a time: on a remote store each check is a round trip.
  const checks = readAhead(size, 32, (index) => isTokenFinished(sink, tokenPaths(index + 1)));
  let edition = 1;
  for await (const finished of checks) {
    if (!finished) missing.push(edition);
    edition++;
  }
  if (missing.length > 0) throw new CollectionIncompleteError(missing);
  await writeCollectionLooks(sink, size);
  await sink.write('_metadata.json', streamCollectionMetadata(sink, size));
}
