import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { CollectionIdParamsSchema } from './collection.ts';
import { CollectionMetadataSchema, MetadataEditSchema } from './edit-metadata.ts';

/** Largest replacement image of one token, in bytes. */
export const ART_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Most tokens one art version replaces. */
export const ART_MAX_TOKENS = 20;

/** The value of the `confirm` field: the creator read that the provenance hash no longer matches the new art. */
export const ART_CONFIRMATION = 'provenance-mismatch';

/**
 * `POST /api/v1/collections/{id}/art`: replaces published tokens' images as a new version (multipart/form-data:
 * one file per token in a field named `token-N`, PNG/JPEG/WebP/GIF of the collection's size, and `confirm` =
 * `provenance-mismatch`). Hosted files get new URLs (a new version folder) and the metadata base moves to it;
 * on IPFS, publishing again pins the new images and metadata folders. Refused once the metadata is frozen.
 */
export const replaceTokenArt = {
  method: 'POST',
  path: '/api/v1/collections/:id/art',
  params: CollectionIdParamsSchema,
  response: successSchema(z.object({ edit: MetadataEditSchema, metadata: CollectionMetadataSchema })),
} as const;
