import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { METADATA_FORMATS } from '../projects/metadata-format.ts';
import { WorkspaceQuerySchema } from '../workspaces/workspace.ts';

/** `generating` while its job is queued or running. */
export const CollectionStatusSchema = z.enum(['generating', 'ready', 'failed', 'cancelled']);
export type CollectionStatus = z.infer<typeof CollectionStatusSchema>;

export const GenerationProgressSchema = z.object({
  status: CollectionStatusSchema,
  done: z.number().int(),
  total: z.number().int(),
  /** Seconds left, once it can be estimated. */
  etaSeconds: z.number().nullable(),
  /** Why it failed, in words for the user. */
  error: z.string().nullable(),
});
export type GenerationProgress = z.infer<typeof GenerationProgressSchema>;

export const CollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  projectId: z.string().nullable(),
  watermark: z.boolean(),
  /** URL of token #1's image once it exists. */
  thumbnail: z.string().nullable(),
  createdAt: z.string(),
  progress: GenerationProgressSchema,
  /** Changes with every reroll or growth: image URLs carry it so browsers never show a replaced image. */
  revision: z.string().optional(),
  /**
   * Which metadata the collection has: Ethereum (ERC-721), Solana (Metaplex) or both; its downloads follow.
   * This server always says; a client reads its absence (an older server) as Ethereum only.
   */
  metadataFormat: z.enum(METADATA_FORMATS).optional(),
  /** The workspace it belongs to, its project's (always sent by this server; absent from an older one: personal). */
  workspaceId: z.string().optional(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionIdParamsSchema = z.object({ id: z.string().min(1) });

export const AttributeSchema = z.object({
  trait_type: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});

export const TokenSchema = z.object({
  edition: z.number().int(),
  name: z.string(),
  image: z.string(),
  /** The token's animation (animated WebP or GIF, or MP4) when the collection is animated; `image` is then its poster. */
  animation: z.string().optional(),
  attributes: z.array(AttributeSchema),
  /** OpenRarity rank, 1 = rarest. */
  rank: z.number().int(),
  score: z.number(),
});
export type Token = z.infer<typeof TokenSchema>;

/** Options of one generation (none: the defaults). */
export const GenerateProjectBodySchema = z.object({
  /** "Every token looks different": a token whose image would look like another token's is drawn again, from the seed. */
  distinctLooks: z.boolean().default(false),
});
export type GenerateProjectBody = z.input<typeof GenerateProjectBodySchema>;

export const generateProject = {
  method: 'POST',
  path: '/api/v1/projects/:id/generate',
  params: z.object({ id: z.string().min(1) }),
  // Fastify hands a request without a body to the schema as null.
  body: GenerateProjectBodySchema.nullish(),
  response: successSchema(z.object({ collection: CollectionSchema })),
} as const;

/** `GET /api/v1/collections?workspace=<id>`: a workspace's collections (left out: the caller's personal workspace). */
export const listCollections = {
  method: 'GET',
  path: '/api/v1/collections',
  querystring: WorkspaceQuerySchema,
  response: successSchema(z.object({ collections: z.array(CollectionSchema) })),
} as const;

export const getCollection = {
  method: 'GET',
  path: '/api/v1/collections/:id',
  params: CollectionIdParamsSchema,
  response: successSchema(z.object({ collection: CollectionSchema })),
} as const;

export const deleteCollection = {
  method: 'DELETE',
  path: '/api/v1/collections/:id',
  params: CollectionIdParamsSchema,
  response: successSchema(z.object({ id: z.string() })),
} as const;

export const cancelGeneration = {
  method: 'POST',
  path: '/api/v1/collections/:id/cancel',
  params: CollectionIdParamsSchema,
  response: successSchema(z.object({ progress: GenerationProgressSchema })),
} as const;

/** `GET /api/v1/collections/{id}/events`: server-sent events, one `progress` event per change, until it ends. */
export const collectionEvents = {
  method: 'GET',
  path: '/api/v1/collections/:id/events',
  params: CollectionIdParamsSchema,
} as const;

export const ListTokensQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(60),
  /** `Type:Value` filters: values of one type are alternatives (any), different types must all match. */
  trait: z.union([z.string(), z.array(z.string())]).optional(),
  sort: z.enum(['edition', 'rarity']).default('edition'),
});

export const listTokens = {
  method: 'GET',
  path: '/api/v1/collections/:id/tokens',
  params: CollectionIdParamsSchema,
  querystring: ListTokensQuerySchema,
  response: successSchema(
    z.object({
      tokens: z.array(TokenSchema),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      /** Per trait type and value: count and share, for the filter. */
      traits: z.record(z.string(), z.record(z.string(), z.object({ count: z.number(), share: z.number() }))),
    }),
  ),
} as const;

/**
 * What can be downloaded. `solana-zip`: Sugar's `assets/` folder (`0.png`, `0.json` … `collection.png`,
 * `collection.json`); `solana-metadata-car`: the IPFS folder of Solana metadata pointing at the images CAR's
 * folder. Both only for a collection with Solana metadata.
 */
export const DownloadKindSchema = z.enum([
  'zip',
  'collage',
  'gif',
  'images-car',
  'metadata-car',
  'solana-zip',
  'solana-metadata-car',
]);
export type DownloadKind = z.infer<typeof DownloadKindSchema>;

export const downloadCollection = {
  method: 'GET',
  path: '/api/v1/collections/:id/download/:kind',
  params: z.object({ id: z.string().min(1), kind: DownloadKindSchema }),
} as const;

export const getCollectionIpfs = {
  method: 'GET',
  path: '/api/v1/collections/:id/ipfs',
  params: CollectionIdParamsSchema,
  response: successSchema(
    z.object({
      imagesCid: z.string(),
      metadataCid: z.string(),
      /** The folder of Solana (Metaplex) metadata pointing at `imagesCid`; null for a collection without it. */
      solanaMetadataCid: z.string().nullable(),
    }),
  ),
} as const;
