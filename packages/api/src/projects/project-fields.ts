// The rules of a project's settings fields (name, description, size, dimensions, seed) as plain data, with
// checks that need no zod: the project.ts schemas are built from the same rules (project-limits.ts), so the
// editor can tell what is wrong with a field on its first render without loading the schemas, and says
// exactly what the server would.
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

/** A text field: trimmed, then between `min` and `max` characters (Unicode code points, as zod counts). */
export interface TextFieldRule {
  /** Said when the value is missing, not text, or shorter than `min` once trimmed. */
  requiredMessage: string;
  min: number;
  max: number;
  maxMessage: string;
}

/** A whole number between `min` and `max`. */
export interface WholeNumberRule {
  /** Said when the value is missing or not a finite number. */
  requiredMessage: string;
  integerMessage: string;
  min: number;
  minMessage: string;
  max: number;
  maxMessage: string;
}

/** A required name of at most `PROJECT_LIMITS.nameLength` characters; the messages name the field. */
export function nameRule(what: string): TextFieldRule {
  return {
    requiredMessage: `${what} is required!`,
    min: 1,
    max: PROJECT_LIMITS.nameLength,
    maxMessage: `${what} is too long (at most ${PROJECT_LIMITS.nameLength} characters)`,
  };
}

/** The description the server keeps (the editor asks for one before generating: generate-blockers.ts). */
export const DESCRIPTION_RULE: TextFieldRule = {
  requiredMessage: 'Project Description must be text',
  min: 0,
  max: 2000,
  maxMessage: 'Project Description is too long',
};

/** The seed every random choice of a generation starts from. */
export const SEED_RULE: TextFieldRule = {
  requiredMessage: 'Seed is required!',
  min: 1,
  max: 100,
  maxMessage: 'Seed is at most 100 characters',
};

export const COLLECTION_SIZE_RULE: WholeNumberRule = {
  requiredMessage: 'Collection Size is required!',
  integerMessage: 'Collection Size must be a whole number',
  min: 1,
  minMessage: 'Collection Size must be at least 1',
  max: 10_000,
  maxMessage: 'Collection Size is at most 10,000',
};

/** Width or height of every image, in pixels. */
export function dimensionRule(what: 'Width' | 'Height'): WholeNumberRule {
  return {
    requiredMessage: `${what} is required!`,
    integerMessage: `${what} must be a whole number of pixels`,
    min: 16,
    minMessage: `${what} must be at least 16 px`,
    max: 4096,
    maxMessage: `${what} must be at most 4096 px`,
  };
}

/** What is wrong with a text value under its rule (the first problem, as the schema reports it), or null. */
export function textProblem(rule: TextFieldRule, value: unknown): string | null {
  if (typeof value !== 'string') return rule.requiredMessage;
  // Code points, not UTF-16 units: an emoji is one character.
  const length = [...value.trim()].length;
  if (length < rule.min) return rule.requiredMessage;
  if (length > rule.max) return rule.maxMessage;
  return null;
}

/** What is wrong with a number under its rule (the first problem, as the schema reports it), or null. */
export function wholeNumberProblem(rule: WholeNumberRule, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return rule.requiredMessage;
  if (!Number.isSafeInteger(value)) return rule.integerMessage;
  if (value < rule.min) return rule.minMessage;
  if (value > rule.max) return rule.maxMessage;
  return null;
}

/** How a project's traits are chosen: by weight, or by exact counts. */
export const RARITY_MODES = ['weighted', 'exact'] as const;

/** The rule of each scalar settings field. */
export const PROJECT_FIELD_RULES = {
  name: nameRule('Project Name'),
  description: DESCRIPTION_RULE,
  collectionSize: COLLECTION_SIZE_RULE,
  width: dimensionRule('Width'),
  height: dimensionRule('Height'),
  seed: SEED_RULE,
} as const;

export type ProjectSettingsField = keyof typeof PROJECT_FIELD_RULES | 'rarityMode';

/**
 * What the server would say is wrong with one settings field of a project (as UpdateProjectBodySchema checks
 * it), or null when it would save.
 */
export function projectFieldProblem(field: ProjectSettingsField, value: unknown): string | null {
  switch (field) {
    case 'rarityMode':
      return RARITY_MODES.includes(value as (typeof RARITY_MODES)[number])
        ? null
        : 'Rarity is weighted or exact';
    case 'collectionSize':
    case 'width':
    case 'height':
      return wholeNumberProblem(PROJECT_FIELD_RULES[field], value);
    default:
      return textProblem(PROJECT_FIELD_RULES[field], value);
  }
}
