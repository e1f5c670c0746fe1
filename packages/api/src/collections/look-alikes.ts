import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { CollectionIdParamsSchema } from './collection.ts';

/** A token of a look-alike group, with the attributes in which it differs from the others of its group. */
export const LookAlikeTokenSchema = z.object({
  edition: z.number().int(),
  name: z.string(),
  /** URL of its image thumbnail. */
  thumbnail: z.string(),
  /** Per differing trait type, this token's value (null: the token has no such attribute). */
  differences: z.array(
    z.object({ traitType: z.string(), value: z.union([z.string(), z.number(), z.boolean()]).nullable() }),
  ),
});
export type LookAlikeTokenView = z.infer<typeof LookAlikeTokenSchema>;

/** Tokens that look the same: `identical` pixels, or `look-alike` (the same perceptual hash). */
export const LookAlikeGroupSchema = z.object({
  kind: z.enum(['identical', 'look-alike']),
  /** The trait types whose values differ within the group: what the metadata claims and collectors cannot see. */
  differingTraits: z.array(z.string()),
  tokens: z.array(LookAlikeTokenSchema),
});
export type LookAlikeGroupView = z.infer<typeof LookAlikeGroupSchema>;

export const LookAlikesReportSchema = z.object({
  /** False for a collection generated before looks were kept: generate it again to check it. */
  available: z.boolean(),
  tokenCount: z.number().int(),
  /** Whether it was generated with "Every token looks different". */
  distinctLooks: z.boolean(),
  groups: z.array(LookAlikeGroupSchema),
});
export type LookAlikesReportView = z.infer<typeof LookAlikesReportSchema>;

/** `GET /api/v1/collections/{id}/look-alikes`: the groups of tokens of a finished collection that look the same. */
export const getCollectionLookAlikes = {
  method: 'GET',
  path: '/api/v1/collections/:id/look-alikes',
  params: CollectionIdParamsSchema,
  response: successSchema(z.object({ lookAlikes: LookAlikesReportSchema })),
} as const;
