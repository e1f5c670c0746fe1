import { computeRarity, generateCollection, rewriteMetadata } from '@layerloom/engine';
import { z } from 'zod';
import type { Job, JobContext } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { indexCollectionTokens } from '../search/search.service.ts';
import { listCollectionAmendments, setCollectionSize } from './amendments.repository.ts';
import { collectionSpec, planAmendments } from './amendments.service.ts';
import { createBlobSink } from './blob-sink.ts';
import { collectionPrefix } from './collection-view.ts';
import { findCollection } from './collections.repository.ts';
import { currentEdits } from './metadata-edits.service.ts';

const PayloadSchema = z.object({ collectionId: z.string(), amendmentId: z.string() });

/** Where a reroll keeps the tokens it replaced (for the before/after view). */
export function beforePrefix(collectionId: string, amendmentId: string): string {
  return `${collectionPrefix(collectionId)}/amendments/${amendmentId}/before`;
}

const BEFORE_DONE = 'complete';

/**
 * Renders a reroll or a growth into a collection's files: replays every amendment up to this one on the
 * collection's plan, renders only the tokens this one changes (every other file is kept byte for byte),
 * then rewrites `_metadata.json` and the rarity report and drops what was made from the old tokens
 * (thumbnails, ZIP/CAR exports, CIDs). A reroll first copies the tokens it replaces aside, once: a run
 * taken over after a restart renders the same bytes again and never copies an already rerolled token.
 */
export function amendCollectionJob(app: App) {
  return async (job: Job, context: JobContext) => {
    const { collectionId, amendmentId } = PayloadSchema.parse(job.payload);
    const collection = await findCollection(app.database.db, collectionId);
    const rows = collection ? await listCollectionAmendments(app.database.db, collectionId) : [];
    const position = rows.findIndex((row) => row.id === amendmentId);
    if (!collection || position < 0)
      throw new AppError('NOT_FOUND', 'The collection was deleted before it changed');
    const amendment = rows[position]!;
    const editions = JSON.parse(amendment.editions ?? '[]') as number[];
    const prefix = collectionPrefix(collectionId);
    const sink = createBlobSink(app.blobs, prefix);
    if (amendment.kind === 'reroll') await keepBefore(app, collectionId, amendmentId, editions);
    const amendments = planAmendments(rows.slice(0, position + 1));
    let size: number;
    try {
      const run = await generateCollection({
        spec: collectionSpec(app, collection),
        sink,
        signal: context.signal,
        onProgress: (progress) => context.progress(progress.done, progress.total),
        ...(collection.watermark ? { watermark: { text: 'Layerloom Free' } } : {}),
        ...(app.config.jobs.renderThreads ? { threads: app.config.jobs.renderThreads } : {}),
        amendments,
        only: editions,
      });
      size = run.size;
      // Tokens it rendered carry generation's metadata: the collection's edits apply to them too.
      const edits = await currentEdits(app, collectionId);
      if (edits)
        await rewriteMetadata({
          spec: collectionSpec(app, collection),
          sink,
          amendments,
          edits,
          signal: context.signal,
        });
    } catch (error) {
      if (context.signal.aborted) throw error;
      if (
        error instanceof Error &&
        'code' in error &&
        typeof error.code === 'string' &&
        !/INTERNAL|RENDER/.test(error.code)
      ) {
        throw new AppError('BAD_REQUEST', error.message, { cause: error });
      }
      throw error;
    }
    if (amendment.kind === 'reroll') {
      // A few at a time: a reroll of thousands must not open thousands of store requests at once.
      for (let index = 0; index < editions.length; index += 32) {
        const batch = editions.slice(index, index + 32);
        await Promise.all(batch.map((edition) => app.blobs.delete(`${prefix}/thumbnails/${edition}.webp`)));
      }
    }
    await app.blobs.deletePrefix(`${prefix}/exports`);
    const rarity = await computeRarity({ files: sink, size });
    await sink.write('rarity.json', new TextEncoder().encode(`${JSON.stringify(rarity, null, 2)}\n`));
    if (size !== collection.size) await setCollectionSize(app.database.db, collectionId, size);
    // The header search finds the tokens by their new traits (a failure leaves the collection whole).
    await indexCollectionTokens(app, collection).catch((error: unknown) =>
      app.log.warn({ err: error, collectionId }, 'could not index the tokens of a collection for search'),
    );
    return { kind: amendment.kind, editions: editions.length, size };
  };
}

/** Copies the image and metadata of every token a reroll replaces aside, unless a previous run did. */
async function keepBefore(
  app: App,
  collectionId: string,
  amendmentId: string,
  editions: number[],
): Promise<void> {
  const before = beforePrefix(collectionId, amendmentId);
  if (await app.blobs.stat(`${before}/${BEFORE_DONE}`)) return;
  const prefix = collectionPrefix(collectionId);
  for (const edition of editions) {
    await app.blobs.put(
      `${before}/${edition}.png`,
      await app.blobs.getBuffer(`${prefix}/images/${edition}.png`),
    );
    await app.blobs.put(
      `${before}/${edition}.json`,
      await app.blobs.getBuffer(`${prefix}/metadata/${edition}.json`),
    );
  }
  await app.blobs.put(`${before}/${BEFORE_DONE}`, Buffer.from(''));
}
