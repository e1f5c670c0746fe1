// Test support: a spec layer of named traits (`A0`, `A1`…) with the given weights, for planning tests.

/** A layer input whose traits are `${name}${index}` with these weights (assets are never read by the planner). */
export function specLayer(name: string, weights: number[], extra: Partial<{ presence: number }> = {}) {
  return {
    name,
    ...extra,
    traits: weights.map((weight, index) => ({
      name: `${name}${index}`,
      weight,
      asset: `${name}/${index}.png`,
    })),
  };
}
