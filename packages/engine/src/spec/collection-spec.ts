import { z } from 'zod';
import { AssetSourceSchema } from './asset-source.ts';
import { parseRuleText } from './parse-rule-text.ts';

/** How a layer is blended onto the layers below it (W3C compositing names). */
export const BlendModeSchema = z.enum([
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
]);
export type BlendMode = z.infer<typeof BlendModeSchema>;

/** A chance in 0..1, or a percentage string such as `"70%"`. */
export const ChanceSchema = z.union([
  z.number().min(0).max(1),
  z
    .string()
    .regex(/^\d+(\.\d+)?\s*%$/, 'Expected a number in 0..1 or a percentage like "70%"')
    .transform((text) => Number.parseFloat(text) / 100)
    .pipe(z.number().min(0).max(1)),
]);

/** Largest trait weight a spec may give. */
export const MAX_TRAIT_WEIGHT = 1e12;

/** One trait of a layer: its name (the attribute value), relative weight (or exact count share) and image. */
export const TraitSpecSchema = z.strictObject({
  name: z.string().trim().min(1),
  // Bounded so a layer's total stays exact in a double (a weight of 1e308 would make it Infinity).
  weight: z.number().min(0).max(MAX_TRAIT_WEIGHT).default(1),
  asset: AssetSourceSchema,
  /** Attribute value written to metadata when it differs from the name. */
  value: z.union([z.string(), z.number()]).optional(),
});
export type TraitSpec = z.infer<typeof TraitSpecSchema>;

/** One layer: drawn in spec order (first is the bottom), with an optional chance to appear at all. */
export const LayerSpecSchema = z.strictObject({
  name: z.string().trim().min(1),
  /** The `trait_type` written to metadata; defaults to `name`. */
  displayName: z.string().trim().min(1).optional(),
  /** Chance the layer appears at all; an absent layer adds no attribute. */
  presence: ChanceSchema.default(1),
  blend: BlendModeSchema.default('normal'),
  opacity: z.number().min(0).max(1).default(1),
  /**
   * Whether metadata names the layer's absence: `{ trait_type, value: "None" }` when the layer is
   * left out, and a trait named "None" (a blank image, as HashLips users make) kept as an attribute.
   * Off by default: an absent value never appears in metadata.
   */
  showNone: z.boolean().default(false),
  traits: z.array(TraitSpecSchema),
});
export type LayerSpec = z.infer<typeof LayerSpecSchema>;

/** A trait, as `"Layer/Trait"`, a bare `"Trait"` when only one layer has it, or `{ layer, trait }`. */
export const TraitRefSchema = z.union([
  z
    .string()
    .trim()
    .min(1)
    .transform((text) => {
      const slash = text.indexOf('/');
      return slash > 0
        ? { layer: text.slice(0, slash).trim(), trait: text.slice(slash + 1).trim() }
        : { layer: undefined, trait: text };
    }),
  z.strictObject({ layer: z.string().trim().min(1), trait: z.string().trim().min(1) }),
]);
export type TraitRef = { layer: string | undefined; trait: string };

const RuleObjectSchema = z.union([
  z.strictObject({ trait: TraitRefSchema, excludes: TraitRefSchema }),
  z.strictObject({ trait: TraitRefSchema, requires: TraitRefSchema }),
  z.strictObject({
    trait: TraitRefSchema,
    requiresOneOf: z.strictObject({
      layer: z.string().trim().min(1),
      traits: z.array(z.string().trim().min(1)).min(1),
    }),
  }),
]);

/**
 * A rule between traits: `A excludes B`, `A requires B`, or `A requires one of layer L's traits`.
 * Written as an object or as text: `"Hat/Crown excludes Hair/Mohawk"`,
 * `"Hat/Crown requires Hair/Short"`, `"Hat/Crown requires one of Hair {Short, Bald}"`.
 */
export const RuleSpecSchema = z
  .union([
    z.string().transform((text, ctx) => {
      const parsed = parseRuleText(text);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
    RuleObjectSchema,
  ])
  .transform((rule): NormalizedRule => {
    if ('excludes' in rule) return { kind: 'excludes', trait: rule.trait, other: rule.excludes };
    if ('requires' in rule) return { kind: 'requires', trait: rule.trait, other: rule.requires };
    return {
      kind: 'requires-one-of',
      trait: rule.trait,
      layer: rule.requiresOneOf.layer,
      traits: rule.requiresOneOf.traits,
    };
  });

/** A rule after parsing, whatever form it was written in. */
export type NormalizedRule =
  | { kind: 'excludes' | 'requires'; trait: TraitRef; other: TraitRef }
  | { kind: 'requires-one-of'; trait: TraitRef; layer: string; traits: string[] };

/** A layer configuration: its own subset and order of layers, and how many tokens use it. */
export const ConfigurationSpecSchema = z.strictObject({
  name: z.string().trim().min(1).optional(),
  size: z.number().int().min(0),
  /** Layer names, bottom first. */
  layers: z.array(z.string().trim().min(1)).min(1),
});
export type ConfigurationSpec = z.infer<typeof ConfigurationSpecSchema>;

/** An attribute as written to metadata. */
export const AttributeSchema = z.strictObject({
  trait_type: z.string().min(1),
  value: z.union([z.string(), z.number()]),
});
export type Attribute = z.infer<typeof AttributeSchema>;

/** A hand-made token: its own image and attributes, outside the generated combinations. */
export const OneOfOneSpecSchema = z.strictObject({
  name: z.string().trim().min(1).optional(),
  asset: AssetSourceSchema,
  attributes: z.array(AttributeSchema).default([]),
});
export type OneOfOneSpec = z.infer<typeof OneOfOneSpecSchema>;

/** Solana (Metaplex) metadata options; when present `solana/N.json` is written too. */
export const SolanaOptionsSchema = z
  .strictObject({
    symbol: z.string().optional(),
    sellerFeeBasisPoints: z.number().int().min(0).max(10000),
    externalUrl: z.string().default(''),
    creators: z
      .array(z.strictObject({ address: z.string().min(1), share: z.number().int().min(0).max(100) }))
      .min(1),
  })
  .refine((solana) => solana.creators.reduce((sum, creator) => sum + creator.share, 0) === 100, {
    message: 'Creator shares must add up to 100',
    path: ['creators'],
  });

/** PNG compression effort: `small` (the default) keeps files below the common level-6 encoders', `fast` encodes quickest (see `PNG_EFFORT`). */
export const CompressionSchema = z.enum(['fast', 'balanced', 'small']);
export type Compression = z.infer<typeof CompressionSchema>;

/** Highest frame rate of animated output. */
export const MAX_ANIMATION_FPS = 30;

/**
 * Animated output: when present, every token gets `images/N.<format>` (the animation) beside
 * `images/N.png` (a still poster), and metadata links both.
 */
export const AnimationOptionsSchema = z.strictObject({
  format: z.enum(['webp', 'gif', 'mp4']).default('webp'),
  /** Frames per second of every token's animation (layers are resampled onto it by time). */
  fps: z.number().int().min(1).max(MAX_ANIMATION_FPS).default(12),
  /** Length of every token in seconds; default: the longest animated layer of the token. */
  durationSeconds: z.number().positive().max(600).optional(),
  /** Frame of the animation used as the still poster (0 = the first). */
  posterFrame: z.number().int().min(0).default(0),
  /** GIF dithering (ffmpeg `paletteuse`). */
  dither: z.enum(['sierra2_4a', 'floyd_steinberg', 'bayer', 'none']).default('sierra2_4a'),
  /** Encoder quality 0..100 (WebP quality; H.264 CRF 40..12). */
  quality: z.number().int().min(0).max(100).default(80),
});
export type AnimationOptions = z.output<typeof AnimationOptionsSchema>;

/** What is written and how it is named. */
export const OutputOptionsSchema = z.strictObject({
  format: z.literal('png').default('png'),
  /** Token names are `<namePrefix> #N`; defaults to the collection name. */
  namePrefix: z.string().optional(),
  /** Metadata `image` is `<baseUri>/N.png`. */
  baseUri: z.string().default('ipfs://NewUriToReplace'),
  /** Extra top-level fields copied into every token's metadata. */
  extraMetadata: z.record(z.string(), z.json()).default({}),
  solana: SolanaOptionsSchema.optional(),
  /** Shuffle token numbers across configurations and 1-of-1s (seeded). */
  shuffle: z.boolean().default(false),
  compression: CompressionSchema.default('small'),
  /** Animated output (WebP, GIF or MP4) with a PNG poster; absent: still PNG only. */
  animation: AnimationOptionsSchema.optional(),
});
export type OutputOptions = z.infer<typeof OutputOptionsSchema>;

/** `weighted`: weights are relative chances. `exact`: weights are counts, scaled to the size by largest remainder. */
export const RarityModeSchema = z.enum(['weighted', 'exact']);
export type RarityMode = z.infer<typeof RarityModeSchema>;

/** A whole collection: what to generate, from which layers, under which rules. */
export const CollectionSpecSchema = z.strictObject({
  name: z.string().trim().min(1),
  description: z.string().default(''),
  symbol: z.string().default(''),
  /** Number of tokens, 1-of-1s included. */
  size: z.number().int().min(1).max(1_000_000),
  width: z.number().int().min(1).max(8192),
  height: z.number().int().min(1).max(8192),
  /** Same spec and seed give byte-identical output. */
  seed: z.union([z.string(), z.number().transform(String)]).default('layerloom'),
  layers: z.array(LayerSpecSchema).min(1),
  rules: z.array(RuleSpecSchema).default([]),
  configurations: z.array(ConfigurationSpecSchema).min(1).optional(),
  oneOfOnes: z.array(OneOfOneSpecSchema).default([]),
  rarity: RarityModeSchema.default('weighted'),
  /**
   * "Every token looks different": a token whose rendered image would look like another token's
   * (pixel-identical, or closer than `LOOK_ALIKE_DISTANCE`) is rerolled, deterministically from the seed.
   */
  distinctLooks: z.boolean().default(false),
  output: OutputOptionsSchema.default(() => OutputOptionsSchema.parse({})),
});
/** A collection spec as written by a user (defaults not applied). */
export type CollectionSpecInput = z.input<typeof CollectionSpecSchema>;
/** A parsed collection spec with every default applied. */
export type CollectionSpec = z.output<typeof CollectionSpecSchema>;
