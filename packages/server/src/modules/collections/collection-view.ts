import {
  type Collection,
  type CollectionStatus,
  type GenerationProgress,
  METADATA_FORMATS,
  type MetadataFormat,
} from '@layerloom/api';
import type { CollectionTable } from '../../db/schema.ts';
import type { JobProgress } from '../../jobs/job.ts';

/** Where a collection's files live in the blob store. */
export function collectionPrefix(id: string): string {
  return `collections/${id}`;
}

export function statusOf(progress: JobProgress | undefined): CollectionStatus {
  switch (progress?.status) {
    case 'succeeded':
      return 'ready';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return progress ? 'generating' : 'failed';
  }
}

export function progressView(
  collection: CollectionTable,
  progress: JobProgress | undefined,
): GenerationProgress {
  return {
    status: statusOf(progress),
    done: progress?.done ?? 0,
    total: progress?.total || collection.size,
    etaSeconds: progress?.etaSeconds ?? null,
    error: progress?.error ?? (progress ? null : 'The generation job is missing'),
  };
}

export function collectionView(collection: CollectionTable, progress: JobProgress | undefined): Collection {
  const view = progressView(collection, progress);
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    size: collection.size,
    width: collection.width,
    height: collection.height,
    projectId: collection.project_id,
    watermark: collection.watermark === 1,
    thumbnail:
      view.status === 'ready'
        ? `/api/v1/collections/${collection.id}/images/1.png?v=${collection.job_id}`
        : null,
    createdAt: collection.created_at,
    progress: view,
    revision: collection.job_id,
    metadataFormat: metadataFormatOf(collection),
    workspaceId: collection.workspace_id,
  };
}

/** The metadata a collection was generated with (rows from before the choice: Ethereum only). */
export function metadataFormatOf(collection: Pick<CollectionTable, 'metadata_format'>): MetadataFormat {
  return (METADATA_FORMATS as readonly string[]).includes(collection.metadata_format)
    ? (collection.metadata_format as MetadataFormat)
    : 'erc721';
}
