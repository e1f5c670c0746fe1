import type { RarityReport } from '@layerloom/engine';
import type { StoredProject } from '../projects/project-document.ts';

/** A layer's trait against its target. Shares are in 0..1. */
export interface TraitFit {
  name: string;
  count: number;
  share: number;
  /** The share the project's weights (and the layer's presence) aim for; rules may move the result. */
  targetShare: number;
  /** targetShare × tokens, rounded. */
  targetCount: number;
}

export interface ChiSquareFit {
  statistic: number;
  degreesOfFreedom: number;
  /** Chance of a statistic at least this large if the draw followed the weights. */
  pValue: number;
}

export interface LayerFit {
  layer: string;
  traits: TraitFit[];
  /** Pearson's χ² goodness of fit; only in weighted mode with at least two possible outcomes. */
  chiSquare: ChiSquareFit | null;
}

/** The trait value a token without the layer has (the engine's rarity report calls it `None`). */
export const ABSENT_TRAIT = 'None';

/**
 * Counts and shares per layer against the targets of the project the collection was generated
 * from: weight ÷ the layer's total weight × the layer's presence, with "None" for tokens without
 * the layer. In weighted mode each layer gets Pearson's χ² over the outcomes with a target above 0.
 */
export function rarityFit(project: StoredProject, report: RarityReport): LayerFit[] {
  const tokens = report.tokenCount;
  return project.layers.map((layer) => {
    const observed = report.traits[layer.name] ?? {};
    const total = layer.traits.reduce((sum, trait) => sum + trait.weight, 0);
    const presence = layer.presence / 100;
    const targets = new Map<string, number>();
    for (const trait of layer.traits) {
      const share = total > 0 ? (presence * trait.weight) / total : 0;
      targets.set(trait.name, (targets.get(trait.name) ?? 0) + share);
    }
    if (presence < 1 || total === 0) {
      targets.set(ABSENT_TRAIT, (targets.get(ABSENT_TRAIT) ?? 0) + (total > 0 ? 1 - presence : 1));
    }
    const names = [...targets.keys()];
    for (const name of Object.keys(observed)) if (!targets.has(name)) names.push(name);
    const traits = names.map((name): TraitFit => {
      const count = observed[name]?.count ?? 0;
      const targetShare = targets.get(name) ?? 0;
      return {
        name,
        count,
        share: tokens > 0 ? count / tokens : 0,
        targetShare,
        targetCount: Math.round(targetShare * tokens),
      };
    });
    return {
      layer: layer.name,
      traits,
      chiSquare: project.rarity_mode === 'exact' ? null : chiSquare(traits, tokens),
    };
  });
}

function chiSquare(traits: TraitFit[], tokens: number): ChiSquareFit | null {
  const expected = traits.filter((trait) => trait.targetShare > 0);
  if (expected.length < 2 || tokens === 0) return null;
  let statistic = 0;
  for (const trait of expected) {
    const e = trait.targetShare * tokens;
    statistic += (trait.count - e) ** 2 / e;
  }
  // Outcomes the weights rule out but that still occurred make the fit impossible.
  if (traits.some((trait) => trait.targetShare === 0 && trait.count > 0)) {
    return { statistic, degreesOfFreedom: expected.length - 1, pValue: 0 };
  }
  const degreesOfFreedom = expected.length - 1;
  return { statistic, degreesOfFreedom, pValue: chiSquareSurvival(statistic, degreesOfFreedom) };
}

/** P(X ≥ x) for X ~ χ²(k): the regularized upper incomplete gamma Q(k/2, x/2). */
export function chiSquareSurvival(x: number, k: number): number {
  if (x <= 0) return 1;
  return upperGammaRegularized(k / 2, x / 2);
}

function logGamma(z: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const y = z - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

function upperGammaRegularized(a: number, x: number): number {
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    // Series for the lower function P, then Q = 1 − P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.min(1, Math.max(0, 1 - sum * front));
  }
  // Continued fraction (modified Lentz) for Q.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.max(0, front * h));
}
