import { createHash } from 'node:crypto';
import { RulesTooComplexError } from '../errors/sample-errors.ts';
import { type AssetReading, assetLabel, readAsset } from '../render/read-asset.ts';
import { countOptionOccurrences } from '../sample/combination-table.ts';
import { buildConfigurationTables } from '../sample/plan-collection.ts';
import type { AssetSource } from '../spec/asset-source.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import {
  type ResolvedCollection,
  type ResolvedLayer,
  resolveCollection,
} from '../spec/resolve-collection.ts';
import type {
  LayerQualityReport,
  QualityFinding,
  QualitySeverity,
  QualityTraitRef,
  SkippedTrait,
} from './quality-finding.ts';
import { analyzeTraitImage, countBits, emptyMask, maskSpan, type TraitAnalysis } from './trait-analysis.ts';

/** Where analyses are kept between checks; keys name immutable content (a blob key, a content hash). */
export interface TraitAnalysisCache {
  get(key: string): Promise<TraitAnalysis | undefined> | TraitAnalysis | undefined;
  set(key: string, analysis: TraitAnalysis): Promise<void> | void;
}

/** What `checkLayerQuality` checks and how strictly. */
export interface CheckLayerQualityParameters extends AssetReading {
  /** A collection spec (as written by a user or already parsed). */
  spec: unknown;
  /** Analyses kept from earlier checks (default: none kept). */
  cache?: TraitAnalysisCache;
  /** Two traits of a layer look alike below this mean colour difference (0..1, default 0.02). */
  lookAlikeThreshold?: number;
  /** Warn when a trait is hidden in more than this share of the tokens that carry it (default 0.5). */
  hiddenShareWarning?: number;
  /** Whether to flag traits expected in less than one token (default true; false while the size is not decided). */
  expectedCounts?: boolean;
}

/** Share of a trait's pixels that must be covered for it to count as hidden. */
const HIDDEN = 0.995;
/** Look-alike traits also share this much of their silhouette (intersection over union of the masks). */
const SAME_SILHOUETTE = 0.97;
/** A trait is misplaced when its centre sits this far (share of the canvas) from its siblings'… */
const MISPLACED = 0.1;
/** …and the siblings agree with each other within this. */
const SIBLINGS_AGREE = 0.05;
const ANALYSIS_CONCURRENCY = 4;
const SEVERITY_ORDER: Record<QualitySeverity, number> = { blocks: 0, warns: 1, notes: 2 };
const BLANK_NAME = /^(none|blank|empty|nothing)$/i;

type Analyses = (TraitAnalysis | null)[][];

/**
 * Checks a collection's layers the way a careful art director would before generating: empty trait
 * images, a layer that hides everything below it, sizes and placement, traits never visible under
 * the layers above in any combination the rules and configurations allow, look-alike traits, and
 * traits that rules, configurations or weights keep out of the collection. Images are analysed
 * once each (`cache` keeps analyses between checks); throws the spec's typed errors when it is invalid.
 */
export async function checkLayerQuality(
  parameters: CheckLayerQualityParameters,
): Promise<LayerQualityReport> {
  const collection = resolveCollection(parseCollectionSpec(parameters.spec));
  const { analyses, skipped, analysed } = await analyzeLayers(collection, parameters);
  const drawable = drawableTraits(collection);
  const hiders = hidingLayers(collection, analyses);
  const findings: QualityFinding[] = [
    ...emptyFindings(collection, analyses),
    ...hidesEverythingFindings(collection, hiders),
    ...sizeFindings(collection, analyses),
    ...placementFindings(collection, analyses),
    ...neverVisibleFindings(collection, analyses, drawable, hiders, parameters.hiddenShareWarning ?? 0.5),
    ...lookAlikeFindings(collection, analyses, parameters.lookAlikeThreshold ?? 0.02),
    ...impossibleFindings(collection, drawable, parameters.expectedCounts ?? true),
  ];
  findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return { findings, analysed, skipped };
}

async function analyzeLayers(
  collection: ResolvedCollection,
  parameters: CheckLayerQualityParameters,
): Promise<{ analyses: Analyses; skipped: SkippedTrait[]; analysed: number }> {
  const analyses: Analyses = collection.layers.map((layer) => layer.traits.map(() => null));
  const skipped: SkippedTrait[] = [];
  const jobs = collection.layers.flatMap((layer) => layer.traits.map((trait) => ({ layer, trait })));
  let next = 0;
  let analysed = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { layer, trait } = jobs[next++]!;
      try {
        const key = cacheKey(trait.asset, parameters);
        let analysis = await parameters.cache?.get(key);
        if (!analysis) {
          analysis = await analyzeTraitImage(await readAsset(trait.asset, parameters));
          await parameters.cache?.set(key, analysis);
        }
        analyses[layer.index]![trait.index] = analysis;
        analysed++;
      } catch (error) {
        // A video or an unreadable file: generation reports it in its own words; here only the visual checks are skipped.
        skipped.push({
          layer: layer.name,
          trait: trait.name,
          reason: `not a still or animated image the check can read (${(error as Error).message.split('\n')[0]})`,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: ANALYSIS_CONCURRENCY }, worker));
  return { analyses, skipped, analysed };
}

function cacheKey(asset: AssetSource, reading: AssetReading): string {
  if (typeof asset === 'object' && 'bytes' in asset && asset.key === undefined) {
    return `sha256:${createHash('sha256').update(asset.bytes).digest('hex')}`;
  }
  return assetLabel(asset, reading);
}

/**
 * `drawable[c][layer][trait]`: whether configuration `c` (making at least one token) has a valid
 * combination holding the trait; null for a configuration whose rules are too entangled to count.
 */
function drawableTraits(collection: ResolvedCollection): (boolean[][] | null)[] {
  let tables: ReturnType<typeof buildConfigurationTables> | null = null;
  try {
    tables = buildConfigurationTables(collection);
  } catch (error) {
    if (!(error instanceof RulesTooComplexError)) throw error;
  }
  return collection.configurations.map((configuration, c) => {
    const drawable = collection.layers.map((layer) => layer.traits.map(() => false));
    if (configuration.size === 0) return drawable;
    const table = tables?.[c];
    if (!table) return null;
    const occurrences = countOptionOccurrences(table);
    table.model.positions.forEach((position, p) => {
      const layer = collection.layers[position.layer]!;
      for (const trait of layer.traits)
        drawable[layer.index]![trait.index] = occurrences[p]![trait.index]! > 0n;
    });
    return drawable;
  });
}

function canDraw(drawable: boolean[][] | null, layer: number, trait: number, weight: number): boolean {
  return drawable ? drawable[layer]![trait]! : weight > 0;
}

function refs(layer: ResolvedLayer, traits = layer.traits): QualityTraitRef[] {
  return traits.map((trait) => ({ layer: layer.name, trait: trait.name }));
}

function names(layer: ResolvedLayer, traits: { name: string }[]): string {
  const shown = traits.slice(0, 5).map((trait) => `${layer.name}/${trait.name}`);
  return traits.length > 5 ? `${shown.join(', ')} and ${traits.length - 5} more` : shown.join(', ');
}

function emptyFindings(collection: ResolvedCollection, analyses: Analyses): QualityFinding[] {
  const findings: QualityFinding[] = [];
  for (const layer of collection.layers) {
    if (layer.presence === 0) continue;
    if (layer.opacity === 0) {
      findings.push({
        kind: 'empty',
        severity: 'blocks',
        traits: refs(layer),
        message: `Layer ${layer.name} is drawn at opacity 0, so none of its traits can be seen.`,
        fix: `Raise the opacity of ${layer.name}.`,
      });
      continue;
    }
    for (const trait of layer.traits) {
      const analysis = analyses[layer.index]![trait.index];
      // A blank image named "None" is how many artists make a layer optional on purpose.
      if (!analysis || analysis.visiblePixels > 0 || BLANK_NAME.test(trait.name) || trait.weight === 0)
        continue;
      findings.push({
        kind: 'empty',
        severity: 'blocks',
        traits: refs(layer, [trait]),
        message: `${layer.name}/${trait.name} has no visible pixel: its image is fully transparent, so tokens would claim a trait nobody can see.`,
        fix: 'Upload the image again with its art (check the export kept the layer visible), or delete the trait.',
      });
    }
  }
  return findings;
}

/** Layers whose every drawable trait is an opaque full image, drawn normally at full opacity. */
function hidingLayers(collection: ResolvedCollection, analyses: Analyses): Set<number> {
  const hiders = new Set<number>();
  for (const layer of collection.layers) {
    if (layer.blend !== 'normal' || layer.opacity < 1 || layer.presence === 0) continue;
    const weighted = layer.traits.filter((trait) => trait.weight > 0);
    const full = weighted.every((trait) => {
      const analysis = analyses[layer.index]![trait.index];
      return (
        analysis !== null &&
        analysis !== undefined &&
        analysis.opaquePixels === analysis.width * analysis.height
      );
    });
    if (weighted.length > 0 && full) hiders.add(layer.index);
  }
  return hiders;
}

function hidesEverythingFindings(collection: ResolvedCollection, hiders: Set<number>): QualityFinding[] {
  const findings: QualityFinding[] = [];
  for (const index of hiders) {
    const layer = collection.layers[index]!;
    const below = new Set<string>();
    for (const configuration of collection.configurations) {
      const position = configuration.layers.indexOf(index);
      for (const other of configuration.layers.slice(0, Math.max(0, position))) {
        below.add(collection.layers[other]!.name);
      }
    }
    if (below.size === 0) continue;
    const sometimes =
      layer.presence < 1 ? ` whenever it is drawn (${Math.round(layer.presence * 100)} % of tokens)` : '';
    findings.push({
      kind: 'hides-everything',
      severity: layer.presence < 1 ? 'warns' : 'blocks',
      traits: refs(layer),
      message: `Every trait of ${layer.name} covers the whole canvas with opaque pixels, and ${layer.name} is drawn above ${[...below].join(', ')}: nothing below it can be seen${sometimes}.`,
      fix: `Move ${layer.name} to the bottom of the layer order${collection.configurations.length > 1 ? ' (in each configuration)' : ''}, or cut its art out of a transparent background.`,
    });
  }
  return findings;
}

/** The size most of a layer's images share (the collection's on a tie), or null when none was analysed. */
function commonSize(collection: ResolvedCollection, layer: ResolvedLayer, analyses: Analyses): string | null {
  const counts = new Map<string, number>();
  for (const trait of layer.traits) {
    const analysis = analyses[layer.index]![trait.index];
    if (analysis) counts.set(sizeOf(analysis), (counts.get(sizeOf(analysis)) ?? 0) + 1);
  }
  const canvas = `${collection.spec.width}×${collection.spec.height}`;
  let best: string | null = null;
  for (const [size, count] of counts) {
    const bestCount = best === null ? 0 : counts.get(best)!;
    if (count > bestCount || (count === bestCount && size === canvas)) best = size;
  }
  return best;
}

const sizeOf = (analysis: TraitAnalysis) => `${analysis.width}×${analysis.height}`;

function sizeFindings(collection: ResolvedCollection, analyses: Analyses): QualityFinding[] {
  const { width, height } = collection.spec;
  const canvas = `${width}×${height}`;
  const findings: QualityFinding[] = [];
  for (const layer of collection.layers) {
    const common = commonSize(collection, layer, analyses);
    if (common === null) continue;
    const odd = layer.traits.filter((trait) => {
      const analysis = analyses[layer.index]![trait.index];
      return analysis && sizeOf(analysis) !== common;
    });
    if (odd.length > 0) {
      const sizes = odd.map((trait) => `${trait.name} is ${sizeOf(analyses[layer.index]![trait.index]!)}`);
      const siblings = layer.traits.length - odd.length;
      findings.push({
        kind: 'size-and-placement',
        severity: 'warns',
        traits: refs(layer, odd),
        message: `In ${layer.name}, ${sizes.slice(0, 5).join(', ')}${sizes.length > 5 ? ` and ${sizes.length - 5} more` : ''} while its ${siblings} sibling${siblings === 1 ? ' is' : 's are'} ${common}${common === canvas ? ' like the collection' : ` (the collection is ${canvas})`}: stretched to the canvas, its art lands off its siblings' place and scale.`,
        fix: `Export ${odd.length === 1 ? 'it' : 'them'} at ${common === canvas ? canvas : `${common} (or ${canvas})`} from the same artboard as the other ${layer.name} traits.`,
      });
    }
    if (common === canvas) continue;
    const [commonWidth, commonHeight] = common.split('×').map(Number) as [number, number];
    const usual = layer.traits.filter((trait) => !odd.includes(trait));
    if (Math.abs(commonWidth / commonHeight - width / height) > 0.01) {
      findings.push({
        kind: 'size-and-placement',
        severity: 'warns',
        traits: refs(layer, usual),
        message: `The images of ${layer.name} are ${common} but the collection is ${canvas}: they are stretched out of proportion to fill the canvas.`,
        fix: `Export ${layer.name} at ${canvas}, or change the collection's size to match its art.`,
      });
    } else if (commonWidth < width) {
      // Smaller art of the same proportions is scaled up evenly: aligned, only softer.
      findings.push({
        kind: 'size-and-placement',
        severity: 'notes',
        traits: refs(layer, usual),
        message: `The images of ${layer.name} are ${common}, smaller than the ${canvas} collection: they are scaled up ${(width / commonWidth).toFixed(1)}× and may look soft.`,
        fix: `Export ${layer.name} at ${canvas} if the art should stay sharp.`,
      });
    }
  }
  return findings;
}

function placementFindings(collection: ResolvedCollection, analyses: Analyses): QualityFinding[] {
  const findings: QualityFinding[] = [];
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  for (const layer of collection.layers) {
    const common = commonSize(collection, layer, analyses);
    // Full-canvas art (backgrounds) has no placement to compare.
    const placed = layer.traits.flatMap((trait) => {
      const analysis = analyses[layer.index]![trait.index];
      if (!analysis?.box || analysis.opaquePixels === analysis.width * analysis.height) return [];
      // A trait of another size than its siblings is reported as such; its stretched art would count twice.
      if (sizeOf(analysis) !== common) return [];
      const { box } = analysis;
      return [
        {
          trait,
          x: (box.left + box.right) / 2 / analysis.width,
          y: (box.top + box.bottom) / 2 / analysis.height,
        },
      ];
    });
    if (placed.length < 3) continue;
    for (const item of placed) {
      const others = placed.filter((other) => other !== item);
      const mx = median(others.map((other) => other.x));
      const my = median(others.map((other) => other.y));
      // Siblings that differ among themselves (earrings, necklaces, glasses) say nothing about where art belongs.
      const spread = Math.max(
        ...others.map((other) => Math.max(Math.abs(other.x - mx), Math.abs(other.y - my))),
      );
      const off = Math.max(Math.abs(item.x - mx), Math.abs(item.y - my));
      if (spread > SIBLINGS_AGREE || off <= MISPLACED) continue;
      const dx = Math.round((item.x - mx) * collection.spec.width);
      const dy = Math.round((item.y - my) * collection.spec.height);
      findings.push({
        kind: 'size-and-placement',
        severity: 'warns',
        traits: refs(layer, [item.trait]),
        message: `${layer.name}/${item.trait.name} sits about ${offset(dx, 'left', 'right', dy, 'up', 'down')} of where its ${others.length} siblings agree, which usually means it was exported from a shifted artboard.`,
        fix: `Export ${item.trait.name} again aligned with the other ${layer.name} traits (same artboard and position).`,
      });
    }
  }
  return findings;
}

/** "25 px right", "12 px left and 30 px up": the non-zero parts of a shift. */
function offset(dx: number, left: string, right: string, dy: number, up: string, down: string): string {
  const parts = [
    dx !== 0 ? `${Math.abs(dx)} px ${dx < 0 ? left : right}` : '',
    dy !== 0 ? `${Math.abs(dy)} px ${dy < 0 ? up : down}` : '',
  ];
  return parts.filter((part) => part !== '').join(' and ');
}

interface CoverOption {
  layer: number;
  traits: number[];
  weights: number[];
  presence: number;
}

/** The traits of each layer above `layer` that can be drawn together with `trait` in configuration `c`, as far as rules say. */
function layersAbove(
  collection: ResolvedCollection,
  c: number,
  layer: number,
  trait: number,
  drawable: boolean[][] | null,
): CoverOption[] {
  const configuration = collection.configurations[c]!;
  const above = configuration.layers.slice(configuration.layers.indexOf(layer) + 1);
  const options: CoverOption[] = [];
  for (const index of above) {
    const other = collection.layers[index]!;
    // Other blend modes and partial opacity let the art below show through.
    if (other.blend !== 'normal' || other.opacity < 1) continue;
    let allowed = other.traits.filter(
      (candidate) => candidate.weight > 0 && canDraw(drawable, index, candidate.index, candidate.weight),
    );
    let forced = false;
    for (const rule of collection.rules) {
      if (rule.layer === layer && rule.trait === trait && rule.otherLayer === index) {
        if (rule.kind === 'excludes') allowed = allowed.filter((t) => !rule.otherTraits.includes(t.index));
        else {
          allowed = allowed.filter((t) => rule.otherTraits.includes(t.index));
          forced = true;
        }
      }
      if (rule.layer === index && rule.otherLayer === layer) {
        const names = rule.otherTraits.includes(trait);
        if ((rule.kind === 'excludes' && names) || (rule.kind === 'requires' && !names)) {
          allowed = allowed.filter((t) => t.index !== rule.trait);
        }
      }
    }
    if (allowed.length === 0) continue;
    options.push({
      layer: index,
      traits: allowed.map((t) => t.index),
      weights: allowed.map((t) => t.weight),
      presence: forced ? 1 : other.presence,
    });
  }
  return options;
}

function neverVisibleFindings(
  collection: ResolvedCollection,
  analyses: Analyses,
  drawable: (boolean[][] | null)[],
  hiders: Set<number>,
  warnShare: number,
): QualityFinding[] {
  const findings: QualityFinding[] = [];
  // Most traits see the same options above them: what a layer always hides is computed once per option set.
  const commonCover = new Map<string, Uint32Array>();
  for (const layer of collection.layers) {
    if (layer.presence === 0 || layer.opacity === 0) continue;
    for (const trait of layer.traits) {
      const analysis = analyses[layer.index]![trait.index];
      if (!analysis || trait.weight === 0) continue;
      const pixels = countBits(analysis.visible);
      if (pixels === 0) continue;
      // Only the rows the trait draws on matter: every count below is limited to them.
      const [from, to] = maskSpan(analysis.visible);
      const covered = (mask: Uint32Array) => countBits(analysis.visible, mask, from, to);
      let everywhere = true;
      let underHider = true;
      let tokens = 0;
      let hiddenTokens = 0;
      const coverers = new Set<string>();
      collection.configurations.forEach((configuration, c) => {
        if (configuration.size === 0 || !configuration.layers.includes(layer.index)) return;
        if (!canDraw(drawable[c]!, layer.index, trait.index, trait.weight)) return;
        const options = layersAbove(collection, c, layer.index, trait.index, drawable[c]!);
        const cover = emptyMask();
        let visibleShare = 1;
        let hidesHere = false;
        for (const option of options) {
          const masks = option.traits.map((t) => analyses[option.layer]![t]);
          if (masks.some((mask) => !mask)) continue;
          if (hiders.has(option.layer) && option.presence === 1) hidesHere = true;
          // What this layer hides whatever trait it shows (only when it is always drawn).
          if (option.presence === 1) {
            const always = alwaysOpaque(option, masks as TraitAnalysis[], commonCover);
            if (covered(always) > 0) coverers.add(collection.layers[option.layer]!.name);
            for (let i = from; i < to; i++) cover[i]! |= always[i]!;
          }
          const total = option.weights.reduce((sum, weight) => sum + weight, 0);
          const hiding = option.traits.reduce(
            (sum, _t, k) => (covered(masks[k]!.opaque) >= HIDDEN * pixels ? sum + option.weights[k]! : sum),
            0,
          );
          visibleShare *= 1 - option.presence * (hiding / total);
        }
        const hiddenAlways = covered(cover) >= HIDDEN * pixels;
        everywhere &&= hiddenAlways;
        underHider &&= hidesHere;
        tokens += configuration.size;
        hiddenTokens += configuration.size * (hiddenAlways ? 1 : 1 - visibleShare);
      });
      // A layer under a full cover is reported once, as the cover's finding.
      if (tokens === 0 || underHider) continue;
      const where = collection.configurations.length > 1 ? ' in every configuration that has it' : '';
      if (everywhere) {
        findings.push({
          kind: 'never-visible',
          severity: 'blocks',
          traits: refs(layer, [trait]),
          message: `${layer.name}/${trait.name} is never visible: ${[...coverers].join(' and ')} cover${coverers.size === 1 ? 's' : ''} at least 99.5 % of its pixels in every combination the rules allow${where}. Its tokens would list a trait collectors cannot see.`,
          fix: `Move ${layer.name} above ${[...coverers].join(', ')}, cut the covering art where ${trait.name} should show, or remove ${trait.name}.`,
        });
      } else if (hiddenTokens / tokens > warnShare) {
        findings.push({
          kind: 'never-visible',
          severity: 'warns',
          traits: refs(layer, [trait]),
          message: `${layer.name}/${trait.name} is hidden in at least ${Math.floor((hiddenTokens / tokens) * 100)} % of the tokens that carry it: traits of the layers above cover 99.5 % of its pixels.`,
          fix: `Add rules so ${trait.name} is not drawn under the traits that cover it, or move ${layer.name} higher.`,
        });
      }
    }
  }
  return findings;
}

/** The pixels a layer hides whatever trait of `option` it shows. */
function alwaysOpaque(
  option: CoverOption,
  masks: TraitAnalysis[],
  kept: Map<string, Uint32Array>,
): Uint32Array {
  const key = `${option.layer}:${option.traits.join(',')}`;
  let always = kept.get(key);
  if (!always) {
    always = Uint32Array.from(masks[0]!.opaque);
    for (const mask of masks.slice(1)) for (let i = 0; i < always.length; i++) always[i]! &= mask.opaque[i]!;
    kept.set(key, always);
  }
  return always;
}

function lookAlikeFindings(
  collection: ResolvedCollection,
  analyses: Analyses,
  threshold: number,
): QualityFinding[] {
  const findings: QualityFinding[] = [];
  for (const layer of collection.layers) {
    const shown = layer.traits.filter((trait) => {
      const analysis = analyses[layer.index]![trait.index];
      return trait.weight > 0 && analysis && analysis.visiblePixels > 0;
    });
    const pixelCounts = shown.map((trait) => countBits(analyses[layer.index]![trait.index]!.visible));
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const a = analyses[layer.index]![shown[i]!.index]!;
        const b = analyses[layer.index]![shown[j]!.index]!;
        const sizeA = pixelCounts[i]!;
        const sizeB = pixelCounts[j]!;
        // Intersection over union is at most the smaller count over the larger: skip pairs that cannot match.
        if (Math.min(sizeA, sizeB) < SAME_SILHOUETTE * Math.max(sizeA, sizeB)) continue;
        const both = countBits(a.visible, b.visible);
        const union = sizeA + sizeB - both;
        if (both / union < SAME_SILHOUETTE) continue;
        const difference = thumbDifference(a.thumb, b.thumb);
        if (difference >= threshold) continue;
        const percent = difference === 0 ? 'not at all' : `by ${(difference * 100).toFixed(1)} %`;
        findings.push({
          kind: 'look-alike',
          severity: 'warns',
          traits: refs(layer, [shown[i]!, shown[j]!]),
          message: `${names(layer, [shown[i]!, shown[j]!]).replace(', ', ' and ')} look the same (their images differ ${percent}): metadata says two values, collectors see one.`,
          fix: 'Make the two images clearly different, or merge them into one trait.',
        });
      }
    }
  }
  return findings;
}

/** Mean absolute difference of two thumbnails over the cells either one draws, in 0..1. */
function thumbDifference(a: Uint8Array, b: Uint8Array): number {
  let total = 0;
  let cells = 0;
  for (let k = 0; k < a.length; k += 4) {
    if (a[k + 3] === 0 && b[k + 3] === 0) continue;
    cells++;
    for (let c = 0; c < 4; c++) total += Math.abs(a[k + c]! - b[k + c]!);
  }
  return cells === 0 ? 0 : total / (cells * 4 * 255);
}

function impossibleFindings(
  collection: ResolvedCollection,
  drawable: (boolean[][] | null)[],
  expectedCounts: boolean,
): QualityFinding[] {
  const findings: QualityFinding[] = [];
  const making = collection.configurations.filter((configuration) => configuration.size > 0);
  for (const layer of collection.layers) {
    if (layer.presence === 0) continue;
    const inConfigurations = making.filter((configuration) => configuration.layers.includes(layer.index));
    if (inConfigurations.length === 0) {
      if (making.length === 0) continue;
      findings.push({
        kind: 'impossible',
        severity: 'warns',
        traits: refs(layer),
        message: `Layer ${layer.name} is in no layer configuration that makes tokens, so none of its traits can be drawn.`,
        fix: `Add ${layer.name} to a configuration, or delete the layer.`,
      });
      continue;
    }
    const total = layer.traits.reduce((sum, trait) => sum + trait.weight, 0);
    for (const trait of layer.traits) {
      if (trait.weight === 0) {
        findings.push({
          kind: 'impossible',
          severity: 'notes',
          traits: refs(layer, [trait]),
          message: `${layer.name}/${trait.name} has weight 0, so no token will carry it.`,
          fix: 'Give it a weight above 0 if it should appear, or delete it.',
        });
        continue;
      }
      const reachable = collection.configurations.some(
        (configuration, c) =>
          configuration.size > 0 &&
          configuration.layers.includes(layer.index) &&
          canDraw(drawable[c]!, layer.index, trait.index, trait.weight),
      );
      if (!reachable) {
        const rules = collection.rules
          .filter(
            (rule) =>
              (rule.layer === layer.index && rule.trait === trait.index) ||
              (rule.otherLayer === layer.index && rule.otherTraits.includes(trait.index)),
          )
          .map((rule) => `"${rule.text}"`);
        findings.push({
          kind: 'impossible',
          severity: 'blocks',
          traits: refs(layer, [trait]),
          message: `${layer.name}/${trait.name} cannot be drawn: no combination the rules${collection.configurations.length > 1 ? ' and configurations' : ''} allow holds it${rules.length > 0 ? ` (rules involving it: ${rules.join(', ')})` : ''}.`,
          fix: 'Change or remove the rules that rule it out, or set its weight to 0.',
        });
        continue;
      }
      const expected = inConfigurations.reduce(
        (sum, configuration) => sum + configuration.size * layer.presence * (trait.weight / total),
        0,
      );
      if (expectedCounts && expected < 1) {
        const needed = Math.ceil((trait.weight / expected) * 1.0001);
        findings.push({
          kind: 'impossible',
          severity: 'warns',
          traits: refs(layer, [trait]),
          message: `${layer.name}/${trait.name} is expected in ${expected < 0.01 ? 'less than 0.01' : expected.toFixed(2)} of the ${collection.spec.size} tokens: its weight makes it likely that no token carries it.`,
          fix: `Raise its weight to about ${needed} or more (the layer's weights add up to ${total}), or grow the collection.`,
        });
      }
    }
  }
  return findings;
}
