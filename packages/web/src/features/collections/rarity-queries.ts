import { getCollectionRarity } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** A finished collection's rarity report (targets, χ², rarest tokens). */
export function useCollectionRarity(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['collections', id, 'rarity'],
    queryFn: async ({ signal }) => (await call(getCollectionRarity, { params: { id }, signal })).data.rarity,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** χ² result in words for a creator, not a statistician. */
export function fitVerdict(pValue: number): string {
  if (pValue >= 0.05) return 'Within what chance gives for these weights';
  if (pValue >= 0.001) return 'Somewhat off the weights (rules or uniqueness can cause this)';
  return 'Far off the weights: rules or uniqueness shape this layer';
}

/** "1.33" / "12.4" / "1,234". */
export function formatStatistic(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(value >= 10 ? 1 : 2);
}

/** "p = 0.51", "p = 0.032", "p < 0.001". */
export function formatPValue(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p >= 0.1 ? p.toFixed(2) : p.toFixed(3)}`;
}
