import { NONE_VALUE, normalizeTraitString, openRarityTraitCount, TRAIT_COUNT_TYPE } from '@layerloom/engine';
import { AppError } from '../../lib/app-error.ts';

/** Accepted values per trait type: a token matches when, for every type, it has one of them. */
export type TraitFilters = Map<string, Set<string>>;

/** A token attribute as metadata may hold it (a JSON `null` value included). */
type Attribute = { trait_type: string; value: string | number | boolean | null };

const NONE = normalizeTraitString(NONE_VALUE);
const TRAIT_COUNT = normalizeTraitString(TRAIT_COUNT_TYPE);

/**
 * Reads `Type:Value` filters. Trait types may themselves hold a colon (OpenRarity's
 * `meta_trait:trait_count`), so the longest known type that prefixes the filter wins; an unknown
 * type splits at the first colon (and simply matches nothing). Types and values are kept as
 * OpenRarity compares them (lower case, without surrounding spaces), so `hat: Cap ` is `Hat:Cap`.
 */
export function parseTraitFilters(filters: readonly string[], knownTypes: readonly string[]): TraitFilters {
  const byLength = [...knownTypes].sort((a, b) => b.length - a.length);
  const parsed: TraitFilters = new Map();
  for (const filter of filters) {
    const known = byLength.find((type) => filter.startsWith(`${type}:`));
    const colon = filter.indexOf(':');
    if (!known && colon <= 0) {
      throw new AppError('BAD_REQUEST', `Filter "${filter}" must look like Type:Value`, {
        fields: [{ path: 'trait', message: 'Expected Type:Value' }],
      });
    }
    const type = normalizeTraitString(known ?? filter.slice(0, colon));
    const value = normalizeTraitString(filter.slice((known ?? filter.slice(0, colon)).length + 1));
    const values = parsed.get(type) ?? new Set<string>();
    values.add(value);
    parsed.set(type, values);
  }
  return parsed;
}

/**
 * Whether a token's attributes pass the filters: values of one type are alternatives (OR), types
 * combine (AND). Read the way OpenRarity (and so the rarity report's trait table) reads a token:
 * one value per type (the last written), case and surrounding spaces ignored; a type left out, or
 * written as "None" or null, is `None`; the trait count leaves out values that mean absent ("None",
 * "" and null) and counts numeric ones, unless the token writes a trait count of its own.
 */
export function matchesTraitFilters(attributes: readonly Attribute[], filters: TraitFilters): boolean {
  if (filters.size === 0) return true;
  const present = attributes.filter(
    (attribute): attribute is Attribute & { value: string | number | boolean } => attribute.value !== null,
  );
  const values = new Map<string, string>();
  for (const attribute of present) {
    values.set(normalizeTraitString(attribute.trait_type), normalizeTraitString(String(attribute.value)));
  }
  if (!values.has(TRAIT_COUNT)) values.set(TRAIT_COUNT, String(openRarityTraitCount(present)));
  for (const [type, accepted] of filters) {
    if (!accepted.has(values.get(type) ?? NONE)) return false;
  }
  return true;
}
