import { readAhead } from '../output/read-ahead.ts';
import type { CollectionSource } from './collection-files.ts';
import { readTokenMetadata } from './collection-files.ts';

/**
 * How the report's trait table names tokens that leave a type out (OpenRarity's "Null"), together
 * with those that write "None" for it where some leave it out.
 */
export const NONE_VALUE = 'None';
/** OpenRarity's meta trait: how many traits a token has (`TRAIT_COUNT_ATTRIBUTE_NAME`). */
export const TRAIT_COUNT_TYPE = 'meta_trait:trait_count';

export interface TraitValueStats {
  count: number;
  /** count / tokens, in 0..1. */
  share: number;
}

export interface TokenRarity {
  edition: number;
  name: string;
  /** Information content of the token's traits divided by the collection's entropy (OpenRarity). */
  score: number;
  /**
   * OpenRarity's RarityRanker: tokens in order of unique traits (most first), then score (highest
   * first); a token whose score equals the one before it in that order (math.isclose) shares its
   * rank (1, 1, 3…). 1 is the rarest.
   */
  rank: number;
  /** How many of the token's traits (the trait count included) no other token has. */
  uniqueTraits: number;
}

/** `rarity.json`. */
export interface RarityReport {
  method: 'openrarity-information-content';
  tokenCount: number;
  /**
   * Per trait type and value: how many tokens have it. Types and values that differ only in case or
   * surrounding spaces are one (named as the first token writes them); tokens without the type count
   * as `None`, together with those writing "None" for it (OpenRarity scores these two apart).
   * Numeric and boolean traits are not listed.
   */
  traits: Record<string, Record<string, TraitValueStats>>;
  /** In edition order. */
  tokens: TokenRarity[];
  /**
   * Set when OpenRarity itself would refuse to rank the collection (it has numeric or boolean
   * traits): says so and how these ranks were made instead. Absent otherwise.
   */
  openRarityRefuses?: string;
}

export interface ComputeRarityOptions {
  /** Count the number of traits as a trait of its own, as OpenRarity does (default true). */
  traitCount?: boolean;
}

/** What rarity reads of a token's metadata (its `metadata/N.json`, or the object it was written from). */
export interface RarityInput {
  name: string;
  attributes: readonly { trait_type: string; value: string | number | boolean }[];
}

/** Rarity gathered token by token, in any order (as a collection renders), reported once all are in. */
export interface RarityTally {
  /** Takes one token's metadata; each edition once. */
  add(edition: number, metadata: RarityInput): void;
  /** Whether an edition has been added. */
  has(edition: number): boolean;
  /** The report of editions 1…`size`, the same as `computeRarity` gives; each must have been added, and no other. */
  report(size: number): RarityReport;
}

/** Whitespace that Python's `str.strip()` removes (OpenRarity strips with it; `String.trim` differs at U+001C–U+001F, U+0085, U+FEFF). */
const PYTHON_SPACE =
  '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const EDGE_SPACE = new RegExp(`^[${PYTHON_SPACE}]+|[${PYTHON_SPACE}]+$`, 'g');
const SPACE = new RegExp(`[${PYTHON_SPACE}]`);

/** A trait type or string value as OpenRarity compares it: lower case, without surrounding spaces. */
export function normalizeTraitString(text: string): string {
  const lower = text.toLowerCase();
  // Most values have no surrounding space: skip the replace (rarity reads every trait of every token).
  if (lower === '' || !(SPACE.test(lower[0]!) || SPACE.test(lower[lower.length - 1]!))) return lower;
  return lower.replace(EDGE_SPACE, '');
}

/** One written string trait of a token: OpenRarity's form, and the spelling the report shows. */
interface StringTrait {
  value: string;
  type: string;
  label: string;
}

interface TallyToken {
  name: string;
  /** By normalized type. */
  strings: Map<string, StringTrait>;
  /** Numeric and boolean traits (OpenRarity's numeric attributes): normalized type → as written. */
  numeric: Map<string, string>;
}

/**
 * A token's traits as OpenRarity reads them (`TokenMetadata.from_attributes`): one value per written
 * type (the last), strings normalized, numbers and booleans (Python's bool is an int) numeric, any other
 * value (null) skipped.
 */
function readTraits(metadata: RarityInput): Omit<TallyToken, 'name'> {
  const byWrittenType = new Map<string, string | number | boolean>();
  // A Python dict: a type written again keeps its place and takes the later value.
  for (const attribute of metadata.attributes) byWrittenType.set(attribute.trait_type, attribute.value);
  const strings = new Map<string, StringTrait>();
  const numeric = new Map<string, string>();
  for (const [type, value] of byWrittenType) {
    const key = normalizeTraitString(type);
    if (typeof value === 'string') {
      strings.set(key, { value: normalizeTraitString(value), type, label: value });
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      numeric.set(key, type);
    }
    // Anything else (a JSON null read from metadata written elsewhere) is a type OpenRarity's
    // `TokenMetadata.from_attributes` skips: the token is read as not having that trait.
  }
  return { strings, numeric };
}

/**
 * OpenRarity's `Token.trait_count()`: the token's traits, numeric ones included, leaving out string
 * values that mean absent ("none" in any case, and "" once stripped).
 */
export function openRarityTraitCount(attributes: RarityInput['attributes']): number {
  return traitCountOf(readTraits({ name: '', attributes }));
}

function traitCountOf({ strings, numeric }: Omit<TallyToken, 'name'>): number {
  let count = numeric.size;
  for (const trait of strings.values()) if (trait.value !== 'none' && trait.value !== '') count++;
  return count;
}

/**
 * Rarity by OpenRarity (its `RarityRanker` with the information-content scorer): a token's score
 * is the sum over trait types of −log2(p) of its value (p = share of tokens with that value, or of
 * tokens leaving the type out), divided by the collection entropy Σ −p·log2(p) over all types and
 * values; the trait count is a trait of its own. Numeric and boolean traits are left out of the
 * score and counted in the trait count, as OpenRarity's scoring does. Ranked by unique traits, then
 * score (see `TokenRarity.rank`). Memory grows with the number of tokens × traits (a few dozen
 * bytes each), never with image data.
 */
export async function computeRarity(
  source: CollectionSource,
  options: ComputeRarityOptions = {},
): Promise<RarityReport> {
  const tally = createRarityTally(options);
  let edition = 1;
  for await (const metadata of readAhead(source.size, 16, (index) =>
    readTokenMetadata(source.files, index + 1),
  ))
    tally.add(edition++, metadata);
  return tally.report(source.size);
}

/**
 * `computeRarity` fed token by token. The report is computed in edition order whatever order the
 * tokens came in (the order of trait types decides the order of floating-point sums, so the bytes
 * of rarity.json depend on it).
 */
export function createRarityTally(options: ComputeRarityOptions = {}): RarityTally {
  const withTraitCount = options.traitCount ?? true;
  const tokens: (TallyToken | undefined)[] = [];
  let added = 0;
  return {
    add(edition, metadata) {
      if (!Number.isInteger(edition) || edition < 1 || tokens[edition - 1]) {
        throw new RangeError(`edition ${edition} is not an edition still to add`);
      }
      const traits = readTraits(metadata);
      // OpenRarity adds the meta trait unless the token already has an attribute of that name.
      if (withTraitCount && !traits.strings.has(TRAIT_COUNT_TYPE) && !traits.numeric.has(TRAIT_COUNT_TYPE)) {
        const count = String(traitCountOf(traits));
        traits.strings.set(TRAIT_COUNT_TYPE, { value: count, type: TRAIT_COUNT_TYPE, label: count });
      }
      tokens[edition - 1] = { name: metadata.name, ...traits };
      added++;
    },
    has(edition) {
      return tokens[edition - 1] !== undefined;
    },
    report(size) {
      if (added !== size || tokens.length !== size) {
        throw new RangeError(
          `rarity of ${size} tokens asked for, ${added} added up to edition ${tokens.length}`,
        );
      }
      return rarityOf(tokens as TallyToken[]);
    },
  };
}

interface ValueCount {
  label: string;
  count: number;
}

function rarityOf(tokens: TallyToken[]): RarityReport {
  const size = tokens.length;
  /** Per normalized type: its label and, per normalized value, the label and count. */
  const counts = new Map<string, { label: string; values: Map<string, ValueCount> }>();
  const numericTypes = new Map<string, string>();
  for (const token of tokens) {
    for (const [key, trait] of token.strings) {
      let type = counts.get(key);
      if (!type) {
        type = { label: trait.type, values: new Map() };
        counts.set(key, type);
      }
      const value = type.values.get(trait.value);
      if (value) value.count++;
      else type.values.set(trait.value, { label: trait.label, count: 1 });
    }
    for (const [key, type] of token.numeric) if (!numericTypes.has(key)) numericTypes.set(key, type);
  }
  /** Per type, how many tokens leave it out (OpenRarity's null attributes), when any do. */
  const missing = new Map<string, number>();
  for (const [key, type] of counts) {
    let present = 0;
    for (const value of type.values.values()) present += value.count;
    if (present < size) missing.set(key, size - present);
  }

  // Entropy over every value and the left-out share of each type (InformationContentScoringHandler).
  let entropy = 0;
  for (const [key, type] of counts) {
    const shares = [...type.values.values()].map((value) => value.count / size);
    if (missing.has(key)) shares.push(missing.get(key)! / size);
    for (const share of shares) entropy -= share * Math.log2(share);
  }
  // A collection where every token is alike has no entropy; OpenRarity then divides by 1.
  const normalization = entropy === 0 ? 1 : entropy;
  const types = [...counts.keys()].sort();

  const scored = tokens.map((token, index) => {
    let information = 0;
    let uniqueTraits = 0;
    for (const key of types) {
      const trait = token.strings.get(key);
      const count = trait ? counts.get(key)!.values.get(trait.value)!.count : missing.get(key)!;
      // −log2(1 / (supply / count)), as OpenRarity computes it.
      information -= Math.log2(1 / (size / count));
      if (trait && count === 1) uniqueTraits++;
    }
    // + 0 writes a score of −0 (all alike) as 0.
    return {
      edition: index + 1,
      name: token.name,
      score: information / normalization + 0,
      rank: 0,
      uniqueTraits,
    };
  });
  rankLikeOpenRarity(scored);

  const traits: RarityReport['traits'] = {};
  for (const [key, type] of [...counts].sort(([, a], [, b]) => a.label.localeCompare(b.label))) {
    const byLabel: Record<string, TraitValueStats> = {};
    const values = [...type.values]
      .filter(([value]) => value !== 'none' || !missing.has(key))
      .map(([, v]) => v);
    if (missing.has(key)) {
      // The table is read as "tokens without this layer" (the layer fit's and the trait filters'
      // None): a written None and a left-out type show together there, though scored apart.
      const written = type.values.get('none')?.count ?? 0;
      values.push({ label: NONE_VALUE, count: missing.get(key)! + written });
    }
    for (const { label, count } of values.sort((a, b) => a.label.localeCompare(b.label))) {
      byLabel[label] = { count, share: count / size };
    }
    traits[type.label] = byLabel;
  }

  const report: RarityReport = {
    method: 'openrarity-information-content',
    tokenCount: size,
    traits,
    tokens: scored,
  };
  if (numericTypes.size > 0) {
    report.openRarityRefuses =
      `OpenRarity does not rank collections with numeric or boolean traits (${[...numericTypes.values()].sort().join(', ')}). ` +
      'These ranks use its method with those traits left out of the score and counted in the trait count, as its scoring does.';
  }
  return report;
}

/** What OpenRarity's RarityRanker needs of a token to rank it. */
export interface RankableToken {
  score: number;
  uniqueTraits: number;
  rank: number;
}

/**
 * Sets `rank` as OpenRarity's `RarityRanker.set_rarity_ranks` does: order by unique traits, then
 * score, both descending, keeping the given order between equals (Python's sort is stable); each
 * token takes its place in that order as rank, unless its score is close to the previous token's
 * (math.isclose: within 1e-9 relative), whose rank it then shares, whatever their unique traits.
 * Returns the tokens in rank order.
 */
export function rankLikeOpenRarity<T extends RankableToken>(tokens: T[]): T[] {
  const order = [...tokens].sort((a, b) => b.uniqueTraits - a.uniqueTraits || b.score - a.score);
  order.forEach((token, index) => {
    const previous = order[index - 1];
    token.rank = previous && isClose(previous.score, token.score) ? previous.rank : index + 1;
  });
  return order;
}

/** Python's `math.isclose(a, b)` with its defaults (rel_tol 1e-9, abs_tol 0). */
function isClose(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}
