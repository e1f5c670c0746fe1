import type { tokenPaths } from '../metadata/collection-metadata.ts';
import type { OutputSink } from '../output/output-sink.ts';

/** Whether a token's image and metadata are both written (its metadata is written last, so it is whole). */
export async function isTokenFinished(
  sink: Pick<OutputSink, 'has'>,
  paths: ReturnType<typeof tokenPaths>,
): Promise<boolean> {
  return (await sink.has(paths.metadata)) && (await sink.has(paths.image));
}
