import { GenerationCancelledError } from '../errors/generate-errors.ts';
import { streamCollectionMetadata, tokenPaths } from '../metadata/collection-metadata.ts';
import {
  editSolanaMetadata,
  editTokenMetadata,
  type MetadataEdits,
} from '../metadata/edit-token-metadata.ts';
import { buildSolanaMetadata, buildTokenMetadata, toJsonBytes } from '../metadata/token-metadata.ts';
import type { OutputSink } from '../output/output-sink.ts';
import { amendPlan, type PlanAmendment } from '../sample/amend-plan.ts';
import { planCollection } from '../sample/plan-collection.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';

/** Parameters of `rewriteMetadata`. */
export interface RewriteMetadataParameters {
  /** The collection spec its files were generated from. */
  spec: unknown;
  sink: OutputSink;
  /** Rerolls and growth the files hold, in order. */
  amendments?: readonly PlanAmendment[];
  edits: MetadataEdits;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Rewrites every token's metadata (OpenSea and Solana) and `_metadata.json` of a generated
 * collection with `edits` applied, leaving the images as they are. The metadata is built again from
 * the plan (spec, seed and amendments), so the same edits always give the same files.
 */
export async function rewriteMetadata(parameters: RewriteMetadataParameters): Promise<{ size: number }> {
  const { sink, edits, signal, onProgress } = parameters;
  const collection = resolveCollection(parseCollectionSpec(parameters.spec));
  const plan = amendPlan(planCollection(collection), parameters.amendments ?? []);
  const total = plan.tokens.length;
  let done = 0;
  for (const token of plan.tokens) {
    if (signal?.aborted) throw new GenerationCancelledError({ cause: signal.reason });
    const context = { collection: collection.spec.name, oneOfOne: token.kind === 'one-of-one' };
    const metadata = editTokenMetadata(buildTokenMetadata(collection, token), edits, context);
    const paths = tokenPaths(token.edition);
    const solana = buildSolanaMetadata(collection, token);
    if (solana) await sink.write(paths.solana, toJsonBytes(editSolanaMetadata(solana, metadata, edits)));
    await sink.write(paths.metadata, toJsonBytes(metadata));
    done++;
    if (done % 50 === 0 || done === total) onProgress?.(done, total);
  }
  await sink.write('_metadata.json', streamCollectionMetadata(sink, total));
  return { size: total };
}
