import { z } from 'zod';
import { CollectionSizeSchema, DimensionSchema } from '../projects/project.ts';

/** Numbers may arrive as strings from the spec's form. */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);

/** One image of a legacy layer: its file name and the file as a data URL. */
export const LegacyImageSchema = z.object({
  imageName: z.string().trim().min(1, 'imageName is required').max(200),
  _d: z.string().regex(/^data:[^;,]+;base64,/, 'Expected a base64 data URL'),
});

export const LegacyLayerSchema = z.object({
  name: z.string().trim().min(1, 'Layer name is required').max(100),
  images: z.array(LegacyImageSchema).max(500),
});

/** The spec's generation request (`discription` as it spells it, or `description`). */
export const LegacyGenerateBodySchema = z
  .object({
    projectName: z
      .string({ error: 'Project Name is required!' })
      .trim()
      .min(1, 'Project Name is required!')
      .max(100),
    discription: z.string().max(2000).optional(),
    description: z.string().max(2000).optional(),
    collectionSize: numeric(CollectionSizeSchema),
    width: numeric(DimensionSchema('Width')),
    height: numeric(DimensionSchema('Height')),
    userId: z.string({ error: 'userId is required' }).min(1, 'userId is required'),
    Layers: z.array(LegacyLayerSchema).min(1, 'Add at least one layer').max(50),
  })
  .transform(({ discription, description, ...rest }) => ({
    ...rest,
    description: description ?? discription ?? '',
  }));
export type LegacyGenerateBody = z.input<typeof LegacyGenerateBodySchema>;

/** `POST /api/v1/nft/generate`: creates a project from the request and starts generating it. */
export const legacyGenerate = {
  method: 'POST',
  path: '/api/v1/nft/generate',
  body: LegacyGenerateBodySchema,
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ projectId: z.string(), collectionId: z.string() }),
  }),
} as const;

/** `POST /api/v1/nft/get-thumbnails`: the user's finished collections. `id` must be the signed-in user. */
export const legacyGetThumbnails = {
  method: 'POST',
  path: '/api/v1/nft/get-thumbnails',
  body: z.object({ id: z.string({ error: 'id is required' }).min(1, 'id is required') }),
  response: z.object({
    status: z.literal('success'),
    message: z.array(
      z.object({ thumbnail: z.string(), collectionRef: z.string(), collectionName: z.string() }),
    ),
  }),
} as const;

/** `POST /api/v1/nft/get-collection`: one of the user's collections; `Error` is true when it cannot be shown. */
export const legacyGetCollection = {
  method: 'POST',
  path: '/api/v1/nft/get-collection',
  body: z.object({
    collection_id: z.string({ error: 'collection_id is required' }).min(1, 'collection_id is required'),
  }),
  response: z.object({
    status: z.literal('success'),
    Error: z.literal(false),
    message: z.object({ collectionName: z.string(), discription: z.string(), images: z.array(z.string()) }),
  }),
  /** The 404 answer keeps the spec's `Error` flag next to the usual error envelope. */
  notFoundResponse: z.object({
    status: z.literal('error'),
    Error: z.literal(true),
    error: z.object({ code: z.literal('NOT_FOUND'), message: z.string() }),
  }),
} as const;
