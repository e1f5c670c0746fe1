import { NONE_VALUE, TRAIT_COUNT_TYPE } from '@layerloom/engine';
import { AppError } from '../../lib/app-error.ts';

/** Accepted values per trait type: a token matches when, for every type, it has one of them. */
export type TraitFilters = Map<string, Set<string>>;

/**
 * Reads `Type:Value` filters. Trait types may themselves hold a colon (OpenRarity's
 * `meta_trait:trait_count`), so the longest known type that prefixes the filter wins; an unknown
 * type splits at the first colon (and simply matches nothing).
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
    const type = known ?? filter.slice(0, colon);
    const value = filter.slice(type.length + 1);
    const values = parsed.get(type) ?? new Set<string>();
    values.add(value);
    parsed.set(type, values);
  }
  return parsed;
}

/**
 * Whether a token's attributes pass the filters: values of one type are alternatives (OR), types
 * combine (AND). A missing type reads as `None` and the trait count as OpenRarity counts it, so
 * every entry of the rarity report's trait table can be filtered on.
 */
export function matchesTraitFilters(
  attributes: readonly { trait_type: string; value: string | number | boolean }[],
  filters: TraitFilters,
): boolean {
  if (filters.size === 0) return true;
  const values = new Map<string, string>();
  let traitCount = 0;
  for (const attribute of attributes) {
    values.set(attribute.trait_type, String(attribute.value));
    if (typeof attribute.value !== 'number') traitCount += 1;
  }
  if (!values.has(TRAIT_COUNT_TYPE)) values.set(TRAIT_COUNT_TYPE, String(traitCount));
  for (const [type, accepted] of filters) {
    if (!accepted.has(values.get(type) ?? NONE_VALUE)) return false;
  }
  return true;
}
