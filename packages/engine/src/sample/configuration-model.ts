import type { ResolvedCollection, ResolvedConfiguration } from '../spec/resolve-collection.ts';

/**
 * The choices of one layer inside a configuration. Option `o < traits` is trait `o`; option
 * `traits` (when the layer may be absent) is "none". Options that rules never mention fall
 * into one shared class, so counting works on classes, not on every trait.
 */
export interface PositionModel {
  /** Index of the layer in the collection. */
  layer: number;
  optionCount: number;
  /** Option index of "none", or -1 when the layer is always present. */
  noneOption: number;
  /** Probability of each option before rules (presence × trait share); 0 means never chosen. */
  probability: Float64Array;
  /** Whether the option can be chosen at all (positive probability, not ruled out on its own). */
  enabled: Uint8Array;
  /** Class of each enabled option, -1 for disabled ones. */
  classOf: Int32Array;
  classCount: number;
  /** Enabled options of each class. */
  classOptions: number[][];
  /** Summed probability of each class. */
  classWeight: Float64Array;
}

/** Which class pairs of two positions may appear together. */
export interface PairConstraint {
  /** Lower position. */
  a: number;
  /** Higher position. */
  b: number;
  /** `allowed[ca * classCount(b) + cb]` is 1 when classes ca and cb may co-occur. */
  allowed: Uint8Array;
}

/** One configuration prepared for counting and sampling. */
export interface ConfigurationModel {
  configuration: ResolvedConfiguration;
  positions: PositionModel[];
  constraints: PairConstraint[];
  /** For each position, the constraints whose higher end it is. */
  constraintsInto: PairConstraint[][];
  /** Position of each collection layer, or -1 when the configuration does not use it. */
  positionOfLayer: Int32Array;
}

/** Builds the option/class model of a configuration, folding every rule into per-pair class tables. */
export function buildConfigurationModel(
  collection: ResolvedCollection,
  configuration: ResolvedConfiguration,
): ConfigurationModel {
  const positionOfLayer = new Int32Array(collection.layers.length).fill(-1);
  configuration.layers.forEach((layer, position) => {
    positionOfLayer[layer] = position;
  });

  const draft = configuration.layers.map((layerIndex) => {
    const layer = collection.layers[layerIndex]!;
    const hasNone = layer.presence < 1;
    const optionCount = layer.traits.length + (hasNone ? 1 : 0);
    const probability = new Float64Array(optionCount);
    const weightSum = layer.traits.reduce((sum, trait) => sum + trait.weight, 0);
    layer.traits.forEach((trait, index) => {
      probability[index] = weightSum > 0 ? (layer.presence * trait.weight) / weightSum : 0;
    });
    if (hasNone) probability[layer.traits.length] = 1 - layer.presence;
    const enabled = new Uint8Array(optionCount);
    for (let option = 0; option < optionCount; option++) enabled[option] = probability[option]! > 0 ? 1 : 0;
    return {
      layer: layerIndex,
      optionCount,
      noneOption: hasNone ? layer.traits.length : -1,
      probability,
      enabled,
      mentioned: new Set<number>(),
    };
  });

  // Pairwise forbidden option pairs, keyed by the two positions (lower first).
  const forbidden = new Map<string, { a: number; b: number; pairs: [number, number][] }>();
  const forbid = (pa: number, oa: number, pb: number, ob: number): void => {
    const [a, b, xa, xb] = pa < pb ? [pa, pb, oa, ob] : [pb, pa, ob, oa];
    const key = `${a}:${b}`;
    let entry = forbidden.get(key);
    if (!entry) {
      entry = { a, b, pairs: [] };
      forbidden.set(key, entry);
    }
    entry.pairs.push([xa, xb]);
  };

  for (const rule of collection.rules) {
    const pa = positionOfLayer[rule.layer]!;
    if (pa < 0) continue;
    const source = draft[pa]!;
    const pb = positionOfLayer[rule.otherLayer]!;
    const listed = new Set(rule.otherTraits);
    if (pb < 0) {
      // The other layer is not in this configuration, so it never shows any trait.
      if (rule.kind === 'requires') source.enabled[rule.trait] = 0;
      continue;
    }
    if (pb === pa) {
      // Same layer: only one trait can show, so "requires" another trait (or "excludes" itself) rules it out.
      if (listed.has(rule.trait) === (rule.kind === 'excludes')) source.enabled[rule.trait] = 0;
      continue;
    }
    const target = draft[pb]!;
    source.mentioned.add(rule.trait);
    for (let option = 0; option < target.optionCount; option++) {
      const isListed = option !== target.noneOption && listed.has(option);
      if (isListed) target.mentioned.add(option);
      if (rule.kind === 'excludes' ? isListed : !isListed) forbid(pa, rule.trait, pb, option);
    }
  }

  const positions = draft.map((entry): PositionModel => {
    const classOf = new Int32Array(entry.optionCount).fill(-1);
    const classOptions: number[][] = [];
    let rest = -1;
    for (let option = 0; option < entry.optionCount; option++) {
      if (!entry.enabled[option]) continue;
      if (entry.mentioned.has(option)) {
        classOf[option] = classOptions.length;
        classOptions.push([option]);
      } else {
        if (rest < 0) {
          rest = classOptions.length;
          classOptions.push([]);
        }
        classOf[option] = rest;
        classOptions[rest]!.push(option);
      }
    }
    const classWeight = new Float64Array(classOptions.length);
    classOptions.forEach((options, index) => {
      classWeight[index] = options.reduce((sum, option) => sum + entry.probability[option]!, 0);
    });
    return {
      layer: entry.layer,
      optionCount: entry.optionCount,
      noneOption: entry.noneOption,
      probability: entry.probability,
      enabled: entry.enabled,
      classOf,
      classCount: classOptions.length,
      classOptions,
      classWeight,
    };
  });

  const constraints: PairConstraint[] = [];
  for (const { a, b, pairs } of forbidden.values()) {
    const pa = positions[a]!;
    const pb = positions[b]!;
    const allowed = new Uint8Array(pa.classCount * pb.classCount).fill(1);
    for (const [oa, ob] of pairs) {
      const ca = pa.classOf[oa]!;
      const cb = pb.classOf[ob]!;
      if (ca >= 0 && cb >= 0) allowed[ca * pb.classCount + cb] = 0;
    }
    constraints.push({ a, b, allowed });
  }
  constraints.sort((x, y) => x.b - y.b || x.a - y.a);
  const constraintsInto = positions.map((_, position) =>
    constraints.filter((constraint) => constraint.b === position),
  );
  return { configuration, positions, constraints, constraintsInto, positionOfLayer };
}

/** Whether a full option assignment of the configuration satisfies every rule. */
export function isValidAssignment(model: ConfigurationModel, options: ArrayLike<number>): boolean {
  for (let position = 0; position < model.positions.length; position++) {
    if (!model.positions[position]!.enabled[options[position]!]) return false;
  }
  for (const { a, b, allowed } of model.constraints) {
    const ca = model.positions[a]!.classOf[options[a]!]!;
    const cb = model.positions[b]!.classOf[options[b]!]!;
    if (!allowed[ca * model.positions[b]!.classCount + cb]) return false;
  }
  return true;
}
