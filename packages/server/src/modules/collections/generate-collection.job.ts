import { computeRarity, generateCollection } from '@layerloom/engine';
import { z } from 'zod';
import type { Job, JobContext } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { parseProjectRow } from '../projects/project-document.ts';
import { projectSpec } from '../projects/project-spec.ts';
import { createBlobSink } from './blob-sink.ts';
import { collectionPrefix } from './collection-view.ts';
import { findCollection } from './collections.repository.ts';

export const GENERATE_COLLECTION_JOB = 'generate-collection';

const PayloadSchema = z.object({ collectionId: z.string() });

/**
 * Renders a collection into the blob store. Resumable: after a restart the engine keeps every token
 * already written and renders the rest; then the rarity report is written.
 */
export function generateCollectionJob(app: App) {
  return async (job: Job, context: JobContext) => {
    const { collectionId } = PayloadSchema.parse(job.payload);
    const collection = await findCollection(app.database.db, collectionId);
    if (!collection) throw new AppError('NOT_FOUND', 'The collection was deleted before it was generated');
    const snapshot = parseProjectRow(JSON.parse(collection.snapshot));
    const prefix = collectionPrefix(collection.id);
    const sink = createBlobSink(app.blobs, prefix);
    try {
      await generateCollection({
        spec: projectSpec(snapshot, app.blobs),
        sink,
        signal: context.signal,
        onProgress: (progress) => context.progress(progress.done, progress.total),
        ...(collection.watermark ? { watermark: { text: 'Layerloom Free' } } : {}),
        overwrite: true,
      });
    } catch (error) {
      // Deleted while rendering and the delete stopped waiting: what was written since is this job's to remove.
      if (!(await findCollection(app.database.db, collectionId))) await app.blobs.deletePrefix(prefix);
      if (context.signal.aborted) throw error;
      // A user-fixable problem (an image that no longer decodes, an impossible rule…) is shown as is.
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
    const rarity = await computeRarity({ files: sink, size: collection.size });
    await sink.write('rarity.json', new TextEncoder().encode(`${JSON.stringify(rarity, null, 2)}\n`));
    return { size: collection.size };
  };
}
