/**
 * Splits `total` into integer counts proportional to `weights` by the largest-remainder method (ties to
 * the lower index) — the same split the engine makes in exact mode, so the counts shown are the counts made.
 */
export function allocateLargestRemainder(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const quotas = weights.map((weight) => Math.round(((weight * total) / sum) * 1e9) / 1e9);
  const counts = quotas.map(Math.floor);
  let left = total - counts.reduce((acc, count) => acc + count, 0);
  const order = quotas
    .map((quota, index) => ({ index, fraction: quota - Math.floor(quota) }))
    .filter((entry) => (weights[entry.index] ?? 0) > 0)
    .sort((x, y) => y.fraction - x.fraction || x.index - y.index);
  for (let k = 0; left > 0 && order.length > 0; k = (k + 1) % order.length, left--) {
    const entry = order[k];
    if (entry) counts[entry.index] = (counts[entry.index] ?? 0) + 1;
  }
  return counts;
}

/** What one trait's weight means for the collection. */
export interface TraitShare {
  /** Share of the layer's tokens, 0–100. */
  percentOfLayer: number;
  /** Share of all tokens (the layer's presence applied), 0–100. */
  percentOfAll: number;
  /** Tokens that will show it in exact mode; null in weighted mode (a chance, not a count). */
  count: number | null;
}

/**
 * Turns a layer's trait weights into shares: relative chances in weighted mode; in exact mode the
 * presence first splits the collection into tokens with and without the layer, then the weights
 * (read as counts) split those tokens, both by largest remainder as the engine does.
 */
export function traitShares(
  weights: readonly number[],
  options: { mode: 'weighted' | 'exact'; presence: number; collectionSize: number },
): TraitShare[] {
  const sum = weights.reduce((acc, weight) => acc + Math.max(0, weight), 0);
  const presence = Math.min(100, Math.max(0, options.presence)) / 100;
  if (options.mode === 'exact') {
    const size = Math.max(0, Math.floor(options.collectionSize));
    const present = presence < 1 ? (allocateLargestRemainder([presence, 1 - presence], size)[0] ?? 0) : size;
    const counts = allocateLargestRemainder(weights, present);
    return counts.map((count) => ({
      count,
      percentOfLayer: present > 0 ? (count / present) * 100 : 0,
      percentOfAll: size > 0 ? (count / size) * 100 : 0,
    }));
  }
  return weights.map((weight) => {
    const share = sum > 0 ? Math.max(0, weight) / sum : 0;
    return { count: null, percentOfLayer: share * 100, percentOfAll: share * presence * 100 };
  });
}

/** "12.5 %", "0.04 %", "< 0.01 %": a share with as many digits as it needs. */
export function formatPercent(percent: number): string {
  if (percent === 0) return '0 %';
  if (percent < 0.01) return '< 0.01 %';
  const digits = percent >= 10 ? 1 : percent >= 1 ? 1 : 2;
  const text = percent
    .toFixed(digits)
    .replace(/\.0+$/, '')
    .replace(/(\.\d*[1-9])0+$/, '$1');
  return `${text} %`;
}
