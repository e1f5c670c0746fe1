import { z } from 'zod';

/**
 * The one set of limits on a project's contents. Every way in (the editor's autosave, image upload,
 * layers ZIP import, sample layers) checks against these, so whatever one path accepts another can save.
 */
export const PROJECT_LIMITS = {
  /** Longest project, layer or trait name, in characters (after trimming). */
  nameLength: 100,
  /** Largest trait weight (weighted mode) or count (exact mode). */
  maxWeight: 1_000_000,
  /** Most layers in a project. */
  layers: 50,
  /** Most traits in one layer. */
  traitsPerLayer: 1000,
  /** Most rules between traits. */
  rules: 500,
  /** Most layer configurations (e.g. body types) in a project. */
  configurations: 20,
  /** Largest share of a configuration (shares are relative, like weights). */
  maxShare: 10_000,
  /** Most 1-of-1s (finished artworks) in a project. */
  oneOfOnes: 100,
} as const;

/** A required name of at most `PROJECT_LIMITS.nameLength` characters; the messages name the field. */
export const nameSchema = (what: string) =>
  z
    .string({ error: `${what} is required!` })
    .trim()
    .min(1, `${what} is required!`)
    .max(PROJECT_LIMITS.nameLength, `${what} is too long (at most ${PROJECT_LIMITS.nameLength} characters)`);

/** A trait's weight or count: a finite number from 0 to `PROJECT_LIMITS.maxWeight`. */
export const TraitWeightSchema = z
  .number({ error: 'Weight must be a number' })
  .min(0, 'Weight cannot be negative')
  .max(PROJECT_LIMITS.maxWeight, `Weight is at most ${PROJECT_LIMITS.maxWeight.toLocaleString('en-US')}`);

export const LayerNameSchema = nameSchema('Layer name');
export const TraitNameSchema = nameSchema('Trait name');

/** The first problem with a value under a schema, as a sentence, or null when it passes. */
export function firstProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'is invalid');
}
