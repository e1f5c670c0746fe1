/**
 * How many tokens each layer configuration makes: `total` split by the shares by largest
 * remainder (ties to the earlier configuration), so the sizes add up to `total` exactly. The
 * server builds the engine's spec with it and the editor shows the same numbers.
 */
export function configurationSizes(total: number, shares: readonly number[]): number[] {
  const sum = shares.reduce((acc, share) => acc + share, 0);
  if (sum <= 0) return shares.map(() => 0);
  const sizes = shares.map((share) => Math.floor((share * total) / sum));
  let left = total - sizes.reduce((acc, size) => acc + size, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: (share * total) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    sizes[index]! += 1;
    left--;
  }
  return sizes;
}
