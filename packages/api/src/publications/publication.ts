import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** Where a collection's `tokenURI`s point: files hosted by Layerloom, or CAR files pinned on IPFS. */
export const PublicationModeSchema = z.enum(['hosted', 'ipfs']);
export type PublicationMode = z.infer<typeof PublicationModeSchema>;

/** A published collection: public, immutable URLs for its metadata and images. */
export const PublicationSchema = z.object({
  collectionId: z.string(),
  mode: PublicationModeSchema,
  /** The public name in its URLs (and, later, of its mint page). */
  slug: z.string(),
  /** A token's metadata is at `baseUri + tokenId` (what a contract's `tokenURI` returns). */
  baseUri: z.string(),
  /** A token's image is at `imageBaseUri + tokenId + '.png'`. */
  imageBaseUri: z.string(),
  /** SHA-256 over the SHA-256 hashes of every image in token order (hex, concatenated). */
  provenanceHash: z.string(),
  /**
   * The collection's marketplace listing (ERC-7572 JSON), what the contract's `contractURI` returns (always
   * answered; optional so clients built before it still type-check).
   */
  contractUri: z.string().optional(),
  publishedAt: z.string(),
  /**
   * On IPFS: the metadata was edited after its folder was pinned, so `baseUri` serves the old version until
   * the collection is published to IPFS again (`POST …/publication/ipfs` pins the new folder). Always false
   * for a hosted publication, which serves each edit at once.
   */
  metadataChanged: z.boolean().optional(),
});
export type Publication = z.infer<typeof PublicationSchema>;

/** IPFS publishing is an upload job: `POST …/publication/ipfs` (see ipfs.ts). */
export const PublishBodySchema = z.object({
  mode: z.literal('hosted', { message: 'Publish to IPFS through /publication/ipfs' }).default('hosted'),
});
export type PublishBody = z.input<typeof PublishBodySchema>;

const CollectionParamsSchema = z.object({ id: z.string().min(1) });

/** `GET /api/v1/collections/{id}/publication`: the collection's publication, or null before it is published. */
export const getPublication = {
  method: 'GET',
  path: '/api/v1/collections/:id/publication',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ publication: PublicationSchema.nullable() })),
} as const;

/** `POST /api/v1/collections/{id}/publication`: publishes a ready collection (once; published files never change). */
export const publishCollection = {
  method: 'POST',
  path: '/api/v1/collections/:id/publication',
  params: CollectionParamsSchema,
  body: PublishBodySchema,
  response: successSchema(z.object({ publication: PublicationSchema })),
} as const;
