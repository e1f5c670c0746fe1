import { z } from 'zod';
import { nameRule, PROJECT_LIMITS, type TextFieldRule, type WholeNumberRule } from './project-fields.ts';

export { PROJECT_LIMITS };

/** The zod schema of a text field's rule (project-fields.ts): trimmed, `min` to `max` characters. */
export function textSchema(rule: TextFieldRule) {
  const text = z.string({ error: rule.requiredMessage }).trim();
  return (rule.min > 0 ? text.min(rule.min, rule.requiredMessage) : text).max(rule.max, rule.maxMessage);
}

/** The zod schema of a whole-number field's rule (project-fields.ts). */
export function wholeNumberSchema(rule: WholeNumberRule) {
  return z
    .number({ error: rule.requiredMessage })
    .int(rule.integerMessage)
    .min(rule.min, rule.minMessage)
    .max(rule.max, rule.maxMessage);
}

/** A required name of at most `PROJECT_LIMITS.nameLength` characters; the messages name the field. */
export const nameSchema = (what: string) => textSchema(nameRule(what));

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
