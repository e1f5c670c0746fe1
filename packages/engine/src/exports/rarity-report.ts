import { readAhead } from '../output/read-ahead.ts';
import type { CollectionSource } from './collection-files.ts';
import { readTokenMetadata } from './collection-files.ts';

/** The value OpenRarity gives a trait type a token does not have. */
export const NONE_VALUE = 'None';
/** OpenRarity's meta trait: how many (non-numeric) traits a token has. */
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
  /** 1 is the rarest; equal scores share a rank (1, 1, 3…). */
  rank: number;
}

/** `rarity.json`. */
export interface RarityReport {
  method: 'openrarity-information-content';
  tokenCount: number;
  /** Per trait type and value: how many tokens have it. Tokens without the type count as `None`. */
  traits: Record<string, Record<string, TraitValueStats>>;
  /** In edition order. */
  tokens: TokenRarity[];
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

/**
 * Rarity by the information-content method of OpenRarity: a token's score is the sum over trait
 * types of −log2(p) of its value (p = share of tokens with that value, `None` when it has no such
 * trait), divided by the collection entropy Σ −p·log2(p) over all types and values. Numeric
 * attributes are left out, as OpenRarity does. Memory grows with the number of tokens × traits
 * (a few dozen bytes each), never with image data.
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
  const tokens: ({ name: string; values: Map<string, string> } | undefined)[] = [];
  let added = 0;
  return {
    add(edition, metadata) {
      if (!Number.isInteger(edition) || edition < 1 || tokens[edition - 1]) {
        throw new RangeError(`edition ${edition} is not an edition still to add`);
      }
      const values = new Map<string, string>();
      for (const attribute of metadata.attributes) {
        if (typeof attribute.value === 'number') continue;
        values.set(attribute.trait_type, String(attribute.value));
      }
      if (withTraitCount) values.set(TRAIT_COUNT_TYPE, String(values.size));
      tokens[edition - 1] = { name: metadata.name, values };
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
      return rarityOf(tokens as { name: string; values: Map<string, string> }[]);
    },
  };
}

function rarityOf(tokens: { name: string; values: Map<string, string> }[]): RarityReport {
  const size = tokens.length;
  const types = new Set<string>();
  for (const token of tokens) for (const type of token.values.keys()) types.add(type);

  const counts = new Map<string, Map<string, number>>();
  for (const type of types) counts.set(type, new Map());
  for (const token of tokens) {
    for (const type of types) {
      const value = token.values.get(type) ?? NONE_VALUE;
      const byValue = counts.get(type)!;
      byValue.set(value, (byValue.get(value) ?? 0) + 1);
    }
  }

  let entropy = 0;
  const traits: RarityReport['traits'] = {};
  for (const [type, byValue] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    traits[type] = {};
    for (const [value, count] of [...byValue].sort(([a], [b]) => a.localeCompare(b))) {
      const share = count / size;
      traits[type][value] = { count, share };
      entropy -= share * Math.log2(share);
    }
  }

  const scored = tokens.map((token, index) => {
    let information = 0;
    for (const type of types) {
      const count = counts.get(type)!.get(token.values.get(type) ?? NONE_VALUE)!;
      information -= Math.log2(count / size);
    }
    // A collection where every token is alike has no entropy and no rarer token.
    return {
      edition: index + 1,
      name: token.name,
      score: entropy === 0 ? 0 : information / entropy,
      rank: 0,
    };
  });
  const order = [...scored].sort((a, b) => b.score - a.score || a.edition - b.edition);
  order.forEach((token, index) => {
    const previous = order[index - 1];
    token.rank = previous && sameScore(previous.score, token.score) ? previous.rank : index + 1;
  });
  return { method: 'openrarity-information-content', tokenCount: size, traits, tokens: scored };
}

function sameScore(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1);
}
