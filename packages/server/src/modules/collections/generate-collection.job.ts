import { computeRarity, finishCollection, generateCollection } from '@layerloom/engine';
import { z } from 'zod';
import { type Job, type JobContext, JobSplit } from '../../jobs/job.ts';
import { jobErrorMessage } from '../../jobs/job-error-message.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { notify } from '../notifications/bell.service.ts';
import { parseProjectRow } from '../projects/project-document.ts';
import { projectSpec } from '../projects/project-spec.ts';
import { indexCollectionTokens } from '../search/search.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { createBlobSink } from './blob-sink.ts';
import { collectionPrefix } from './collection-view.ts';
import { findCollection } from './collections.repository.ts';
import { distinctLooksOf } from './distinct-looks.ts';

export const GENERATE_COLLECTION_JOB = 'generate-collection';

/** A whole collection, or (a chunk of a split one) a range of its editions. */
const PayloadSchema = z.object({
  collectionId: z.string(),
  editions: z.object({ first: z.number().int(), last: z.number().int() }).optional(),
});
type Payload = z.infer<typeof PayloadSchema>;

/**
 * Edition ranges of `chunkSize` tokens, the last one shorter. A collection of at most one chunk is
 * not split. Fixed-size chunks (250 by default) make every chunk's own cost (planning from the seed,
 * decoding the art, starting render threads: well under a second) small beside its rendering, leave
 * a worker finishing the last chunk alone for a small share of a large job, and bound what a
 * takeover may redo; their number grows with the collection, so any number of workers has work.
 */
export function editionRanges(size: number, chunkSize: number): { first: number; last: number }[] {
  const ranges: { first: number; last: number }[] = [];
  for (let first = 1; first <= size; first += chunkSize) {
    ranges.push({ first, last: Math.min(size, first + chunkSize - 1) });
  }
  return ranges;
}

/**
 * Renders a collection into the blob store. With a queue shared by several workers, a collection
 * larger than one chunk is split into edition ranges any worker may take; once all are done this
 * handler runs again for the final steps (`_metadata.json`, rarity). Every range plans the whole
 * collection from the same seed, so the files are the bytes one whole run writes. Resumable: a run
 * taken over keeps every token already written and renders the rest.
 */
export function generateCollectionJob(app: App) {
  return async (job: Job, context: JobContext) => {
    const payload = PayloadSchema.parse(job.payload);
    const { collectionId } = payload;
    const collection = await findCollection(app.database.db, collectionId);
    if (!collection) throw new AppError('NOT_FOUND', 'The collection was deleted before it was generated');
    const { chunkSize } = app.config.jobs;
    if (!payload.editions && context.canSplit && collection.size > chunkSize) {
      return new JobSplit(
        editionRanges(collection.size, chunkSize).map((editions): Payload => ({ collectionId, editions })),
        collection.size,
      );
    }
    const prefix = collectionPrefix(collection.id);
    const sink = createBlobSink(app.blobs, prefix);
    let run: { rendered: number; resumed: number } | undefined;
    try {
      if (context.afterChunks) await finishCollection({ sink, size: collection.size });
      else {
        const snapshot = parseProjectRow(JSON.parse(collection.snapshot));
        run = await generateCollection({
          spec: {
            ...projectSpec(snapshot, app.blobs),
            ...(distinctLooksOf(collection) ? { distinctLooks: true } : {}),
          },
          sink,
          signal: context.signal,
          onProgress: (progress) => context.progress(progress.done, progress.total),
          ...(collection.watermark ? { watermark: { text: 'Layerloom Free' } } : {}),
          ...(payload.editions ? { editions: payload.editions } : {}),
          ...(app.config.jobs.renderThreads ? { threads: app.config.jobs.renderThreads } : {}),
          overwrite: true,
        });
      }
    } catch (error) {
      // Deleted while rendering and the delete stopped waiting: what was written since is this job's to remove.
      if (!(await findCollection(app.database.db, collectionId))) await app.blobs.deletePrefix(prefix);
      if (context.signal.aborted) throw error;
      if (!payload.editions) {
        await emitWebhookEvent(app, collection.owner_id, 'generation.failed', {
          collectionId,
          name: collection.name,
          error: error instanceof AppError ? error.message : 'The generation stopped with an error.',
        });
      }
      // A user-fixable problem (an image that no longer decodes, an impossible rule…) is shown as is.
      const userFixable =
        error instanceof Error &&
        'code' in error &&
        typeof error.code === 'string' &&
        !/INTERNAL|RENDER|COLLECTION_INCOMPLETE/.test(error.code);
      const failure = userFixable
        ? new AppError('BAD_REQUEST', (error as Error).message, { cause: error })
        : error;
      if (!payload.editions) {
        await notify(app, collection.owner_id, {
          kind: 'generation_failed',
          title: `“${collection.name}” could not be generated`,
          // The message the collection's progress shows: never a storage key, a path or a stack.
          body: jobErrorMessage(failure),
          link: `/dashboard/collections/${collectionId}`,
        });
      }
      throw failure;
    }
    if (payload.editions) {
      // A chunk that finished while its collection was deleted: nobody else removes what it wrote.
      if (!(await findCollection(app.database.db, collectionId))) await app.blobs.deletePrefix(prefix);
      // What this run rendered and what it found done (a chunk taken over resumes after its last token).
      return { editions: payload.editions, rendered: run?.rendered ?? 0, resumed: run?.resumed ?? 0 };
    }
    const rarity = await computeRarity({ files: sink, size: collection.size });
    await sink.write('rarity.json', new TextEncoder().encode(`${JSON.stringify(rarity, null, 2)}\n`));
    // The header search finds the tokens by their traits; a failure here leaves the collection whole
    // and is retried at the next start (indexUnindexedCollections).
    await indexCollectionTokens(app, collection).catch((error: unknown) =>
      app.log.warn({ err: error, collectionId }, 'could not index the tokens of a collection for search'),
    );
    await emitWebhookEvent(app, collection.owner_id, 'generation.finished', {
      collectionId,
      name: collection.name,
      size: collection.size,
    });
    await notify(app, collection.owner_id, {
      kind: 'generation_finished',
      title: `“${collection.name}” is ready`,
      body: `All ${collection.size} tokens of “${collection.name}” are generated.`,
      link: `/dashboard/collections/${collectionId}`,
    });
    return { size: collection.size };
  };
}
