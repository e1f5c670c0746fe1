import { z } from 'zod';
import type { Job, JobContext } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { listArtEdits } from './art-edits.repository.ts';
import { artVersionKey, editionsOf } from './art-edits.service.ts';
import { collectionPrefix } from './collection-view.ts';

const PayloadSchema = z.object({ collectionId: z.string(), editId: z.string() });

/**
 * Copies an art version's new images into the collection's files (what the gallery, downloads and a new
 * IPFS folder read), drops those tokens' thumbnails and the exports made from the old images. The
 * version's own copies stay where they are (its hosted URLs), so a run taken over simply runs again.
 */
export function replaceArtJob(app: App) {
  return async (job: Job, context: JobContext) => {
    const { collectionId, editId } = PayloadSchema.parse(job.payload);
    const row = (await listArtEdits(app.database.db, collectionId)).find((edit) => edit.id === editId);
    if (!row) throw new AppError('NOT_FOUND', 'The collection was deleted before its art changed');
    const prefix = collectionPrefix(collectionId);
    const editions = editionsOf(row);
    for (const [index, edition] of editions.entries()) {
      context.signal.throwIfAborted();
      await app.blobs.put(
        `${prefix}/images/${edition}.png`,
        await app.blobs.get(artVersionKey(collectionId, row.version, edition)),
      );
      await app.blobs.delete(`${prefix}/thumbnails/${edition}.webp`);
      context.progress(index + 1, editions.length);
    }
    await app.blobs.deletePrefix(`${prefix}/exports`);
    return { editions };
  };
}
