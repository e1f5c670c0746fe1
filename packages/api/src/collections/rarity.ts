import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { CollectionIdParamsSchema } from './collection.ts';

/** One trait of a layer: how many tokens have it against the share the project's weights aim for. */
export const TraitFitSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  /** count / tokens, in 0..1. */
  share: z.number(),
  /** weight ÷ the layer's total × its presence, in 0..1 (`None` = tokens without the layer). */
  targetShare: z.number(),
  targetCount: z.number().int(),
});
export type TraitFit = z.infer<typeof TraitFitSchema>;

export const ChiSquareFitSchema = z.object({
  statistic: z.number(),
  degreesOfFreedom: z.number().int(),
  pValue: z.number(),
});

export const LayerFitSchema = z.object({
  layer: z.string(),
  traits: z.array(TraitFitSchema),
  /** Pearson's χ² goodness of fit, in weighted mode only. */
  chiSquare: ChiSquareFitSchema.nullable(),
});
export type LayerFit = z.infer<typeof LayerFitSchema>;

export const RareTokenSchema = z.object({
  edition: z.number().int(),
  name: z.string(),
  rank: z.number().int(),
  score: z.number(),
});

export const RarityReportSchema = z.object({
  tokenCount: z.number().int(),
  rarityMode: z.enum(['weighted', 'exact']),
  /** Whether the project has rules (they can move results away from the weights). */
  hasRules: z.boolean(),
  layers: z.array(LayerFitSchema),
  /** The rarest tokens by OpenRarity rank, rarest first. */
  rarest: z.array(RareTokenSchema),
});
export type RarityReportView = z.infer<typeof RarityReportSchema>;

/** The rarity report of a finished collection. */
export const getCollectionRarity = {
  method: 'GET',
  path: '/api/v1/collections/:id/rarity',
  params: CollectionIdParamsSchema,
  response: successSchema(z.object({ rarity: RarityReportSchema })),
} as const;
