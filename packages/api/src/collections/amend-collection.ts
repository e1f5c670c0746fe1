import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { AttributeSchema, CollectionIdParamsSchema, CollectionSchema } from './collection.ts';

const EditionListSchema = z
  .array(z.number().int().min(1))
  .min(1, 'Choose at least one token')
  .max(100_000, 'At most 100,000 tokens at once');

/**
 * A reroll: either the tokens to keep (every other one is rerolled) or the tokens to reroll, but not
 * both.
 */
export const RerollBodySchema = z
  .object({ keep: EditionListSchema.optional(), reroll: EditionListSchema.optional() })
  .refine((body) => (body.keep === undefined) !== (body.reroll === undefined), {
    message: 'Send either the tokens to keep or the tokens to reroll',
  });
export type RerollBody = z.infer<typeof RerollBodySchema>;

export const GrowBodySchema = z.object({
  count: z.number().int().min(1, 'Add at least one token').max(100_000, 'At most 100,000 tokens at once'),
});
export type GrowBody = z.infer<typeof GrowBodySchema>;

/** A change made to a collection after it was generated. */
export const AmendmentSchema = z.object({
  id: z.string(),
  kind: z.enum(['reroll', 'grow']),
  /** Rerolled editions, or the editions a growth added. */
  editions: z.array(z.number().int()),
  /** Who made it (their email) and when. */
  createdBy: z.string(),
  createdAt: z.string(),
  status: z.enum(['running', 'done', 'failed']),
});
export type Amendment = z.infer<typeof AmendmentSchema>;

/** One rerolled token before and after (attributes; the images are at `before` and the token's own URL). */
export const RerollChangeSchema = z.object({
  edition: z.number().int(),
  before: z.object({ name: z.string(), attributes: z.array(AttributeSchema), image: z.string() }),
  after: z.object({ name: z.string(), attributes: z.array(AttributeSchema) }),
});
export type RerollChange = z.infer<typeof RerollChangeSchema>;

export const rerollCollection = {
  method: 'POST',
  path: '/api/v1/collections/:id/reroll',
  params: CollectionIdParamsSchema,
  body: RerollBodySchema,
  response: successSchema(z.object({ collection: CollectionSchema, amendment: AmendmentSchema })),
} as const;

export const growCollection = {
  method: 'POST',
  path: '/api/v1/collections/:id/grow',
  params: CollectionIdParamsSchema,
  body: GrowBodySchema,
  response: successSchema(z.object({ collection: CollectionSchema, amendment: AmendmentSchema })),
} as const;

export const listAmendments = {
  method: 'GET',
  path: '/api/v1/collections/:id/amendments',
  params: CollectionIdParamsSchema,
  response: successSchema(z.object({ amendments: z.array(AmendmentSchema) })),
} as const;

export const AmendmentParamsSchema = z.object({ id: z.string().min(1), amendmentId: z.string().min(1) });

/** A finished reroll's tokens before and after, paged. */
export const getRerollChanges = {
  method: 'GET',
  path: '/api/v1/collections/:id/amendments/:amendmentId/changes',
  params: AmendmentParamsSchema,
  querystring: z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(24),
  }),
  response: successSchema(
    z.object({ changes: z.array(RerollChangeSchema), total: z.number().int(), page: z.number().int() }),
  ),
} as const;
