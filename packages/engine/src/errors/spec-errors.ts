import { BaseError, type BaseErrorParameters } from './base-error.ts';

/** One problem found in a collection spec: where (dot path) and what. */
export interface SpecIssue {
  path: string;
  message: string;
}

/** The collection spec does not match its schema. */
export class InvalidSpecError extends BaseError {
  readonly code = 'SPEC_INVALID';
  /** Every problem found, not just the first. */
  readonly issues: SpecIssue[];

  constructor(issues: SpecIssue[], parameters: BaseErrorParameters = {}) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(
      `Invalid collection spec: ${first ? `${first.path || '(root)'}: ${first.message}` : 'unknown problem'}${more}`,
      {
        ...parameters,
        details: { issues, ...parameters.details },
      },
    );
    this.issues = issues;
  }
}

/** A rule, a configuration or a 1-of-1 names a layer that the spec does not define. */
export class UnknownLayerError extends BaseError {
  readonly code = 'SPEC_UNKNOWN_LAYER';

  constructor(layer: string, where: string) {
    super(`Unknown layer "${layer}" in ${where}`, { details: { layer, where } });
  }
}

/** A rule names a trait that no layer (or not the named layer) has. */
export class UnknownTraitError extends BaseError {
  readonly code = 'SPEC_UNKNOWN_TRAIT';

  constructor(trait: string, where: string, layer?: string) {
    super(
      layer === undefined
        ? `Unknown trait "${trait}" in ${where}`
        : `Unknown trait "${trait}" in layer "${layer}" (${where})`,
      { details: { trait, layer, where } },
    );
  }
}

/** A trait reference without a layer matches traits of several layers. */
export class AmbiguousTraitError extends BaseError {
  readonly code = 'SPEC_AMBIGUOUS_TRAIT';

  constructor(trait: string, layers: string[], where: string) {
    super(
      `Trait "${trait}" in ${where} exists in layers ${layers.map((l) => `"${l}"`).join(', ')}; write "Layer/Trait"`,
      {
        details: { trait, layers, where },
      },
    );
  }
}

/** A layer has no traits at all, or none that can be chosen (all weights zero). */
export class EmptyLayerError extends BaseError {
  readonly code = 'LAYER_EMPTY';

  constructor(layer: string, reason: string, parameters: BaseErrorParameters = {}) {
    super(`Layer "${layer}" is empty: ${reason}`, {
      ...parameters,
      details: { layer, ...parameters.details },
    });
  }
}

/** Two configurations, 1-of-1 tokens and the collection size do not add up. */
export class SizeMismatchError extends BaseError {
  readonly code = 'SPEC_SIZE_MISMATCH';

  constructor(message: string, details: Record<string, unknown>) {
    super(message, { details });
  }
}
