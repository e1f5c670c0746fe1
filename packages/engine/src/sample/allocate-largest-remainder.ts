/**
 * Splits `total` into integer counts proportional to `weights` by the largest-remainder
 * method (ties go to the lower index), so the counts add up to `total` exactly.
 */
export function allocateLargestRemainder(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0) return weights.map(() => 0);
  const quotas = weights.map((weight) => Math.round(((weight * total) / sum) * 1e9) / 1e9);
  const counts = quotas.map(Math.floor);
  let left = total - counts.reduce((acc, count) => acc + count, 0);
  const order = quotas
    .map((quota, index) => ({ index, fraction: quota - Math.floor(quota) }))
    .filter((entry) => weights[entry.index]! > 0)
    .sort((x, y) => y.fraction - x.fraction || x.index - y.index);
  for (let k = 0; left > 0 && order.length > 0; k = (k + 1) % order.length, left--)
    counts[order[k]!.index]!++;
  return counts;
}
