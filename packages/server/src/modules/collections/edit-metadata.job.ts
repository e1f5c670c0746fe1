import { computeRarity, rewriteMetadata } from '@layerloom/engine';
import { z } from 'zod';
import type { Job, JobContext } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { indexCollectionTokens } from '../search/search.service.ts';
import { listCollectionAmendments } from './amendments.repository.ts';
import { collectionSpec, planAmendments } from './amendments.service.ts';
import { createBlobSink } from './blob-sink.ts';
import { collectionPrefix } from './collection-view.ts';
import { findCollection } from './collections.repository.ts';
import { listMetadataEdits } from './metadata-edits.repository.ts';
import { storedSettings } from './metadata-edits.service.ts';

const PayloadSchema = z.object({ collectionId: z.string(), editId: z.string() });

/**
 * Rewrites a collection's metadata with its edits (the newest save, rerolls and growth replayed), then
 * `_metadata.json`, the rarity report (renamed traits) and drops the ZIP/CAR/CID exports made from the
 * old metadata. The same edits give the same files, so a run taken over simply runs again.
 */
export function editMetadataJob(app: App) {
  return async (job: Job, context: JobContext) => {
    const { collectionId, editId } = PayloadSchema.parse(job.payload);
    const collection = await findCollection(app.database.db, collectionId);
    const edits = collection ? await listMetadataEdits(app.database.db, collectionId) : [];
    const edit = edits.find((row) => row.id === editId);
    if (!collection || !edit)
      throw new AppError('NOT_FOUND', 'The collection was deleted before its metadata changed');
    const sink = createBlobSink(app.blobs, collectionPrefix(collectionId));
    const { size } = await rewriteMetadata({
      spec: collectionSpec(app, collection),
      sink,
      amendments: planAmendments(await listCollectionAmendments(app.database.db, collectionId)),
      edits: storedSettings(edit.settings),
      signal: context.signal,
      onProgress: (done, total) => context.progress(done, total),
    });
    await app.blobs.deletePrefix(`${collectionPrefix(collectionId)}/exports`);
    const rarity = await computeRarity({ files: sink, size });
    await sink.write('rarity.json', new TextEncoder().encode(`${JSON.stringify(rarity, null, 2)}\n`));
    // The header search finds the tokens by their new traits (a failure leaves the collection whole).
    await indexCollectionTokens(app, collection).catch((error: unknown) =>
      app.log.warn({ err: error, collectionId }, 'could not index the tokens of a collection for search'),
    );
    return { size };
  };
}
