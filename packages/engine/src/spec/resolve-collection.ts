import {
  AmbiguousTraitError,
  EmptyLayerError,
  InvalidSpecError,
  SizeMismatchError,
  UnknownLayerError,
  UnknownTraitError,
} from '../errors/spec-errors.ts';
import type { AssetSource } from './asset-source.ts';
import type { Attribute, BlendMode, CollectionSpec, NormalizedRule, TraitRef } from './collection-spec.ts';

/** A trait with its place in the collection resolved. */
export interface ResolvedTrait {
  index: number;
  name: string;
  /** Attribute value written to metadata. */
  value: string | number;
  weight: number;
  asset: AssetSource;
}

/** A layer with defaults applied and its traits indexed. */
export interface ResolvedLayer {
  index: number;
  name: string;
  /** `trait_type` in metadata. */
  traitType: string;
  presence: number;
  blend: BlendMode;
  opacity: number;
  /** Whether metadata names the layer's absence (see `LayerSpec.showNone`). */
  showNone: boolean;
  traits: ResolvedTrait[];
}

/** A rule on layer/trait indices: if layer `layer` shows `trait`, layer `otherLayer` must (`requires`) or must not (`excludes`) show one of `otherTraits`. */
export interface ResolvedRule {
  kind: 'excludes' | 'requires';
  layer: number;
  trait: number;
  otherLayer: number;
  otherTraits: number[];
  /** The rule as a user reads it, for messages. */
  text: string;
}

/** A layer configuration with its layers as indices, bottom first. */
export interface ResolvedConfiguration {
  index: number;
  name: string;
  size: number;
  layers: number[];
}

/** A 1-of-1 token. */
export interface ResolvedOneOfOne {
  index: number;
  name: string | undefined;
  asset: AssetSource;
  attributes: Attribute[];
}

/** A collection spec checked for consistency and turned into indices, ready for sampling and rendering. */
export interface ResolvedCollection {
  spec: CollectionSpec;
  layers: ResolvedLayer[];
  rules: ResolvedRule[];
  configurations: ResolvedConfiguration[];
  oneOfOnes: ResolvedOneOfOne[];
}

/** Checks names, sizes and rules of a parsed spec and resolves them to indices; throws typed errors naming the culprit. */
export function resolveCollection(spec: CollectionSpec): ResolvedCollection {
  const layers = spec.layers.map((layer, index): ResolvedLayer => {
    if (layer.traits.length === 0) throw new EmptyLayerError(layer.name, 'it has no traits');
    const seen = new Set<string>();
    for (const trait of layer.traits) {
      if (seen.has(trait.name)) {
        throw new InvalidSpecError([
          {
            path: `layers.${index}.traits`,
            message: `Trait "${trait.name}" appears twice in layer "${layer.name}"`,
          },
        ]);
      }
      seen.add(trait.name);
    }
    if (layer.presence > 0 && layer.traits.every((trait) => trait.weight === 0)) {
      throw new EmptyLayerError(layer.name, 'every trait has weight 0');
    }
    return {
      index,
      name: layer.name,
      traitType: layer.displayName ?? layer.name,
      presence: layer.presence,
      blend: layer.blend,
      opacity: layer.opacity,
      showNone: layer.showNone,
      traits: layer.traits.map((trait, traitIndex) => ({
        index: traitIndex,
        name: trait.name,
        value: trait.value ?? trait.name,
        weight: trait.weight,
        asset: trait.asset,
      })),
    };
  });
  const layerByName = new Map<string, ResolvedLayer>();
  for (const layer of layers) {
    if (layerByName.has(layer.name)) {
      throw new InvalidSpecError([
        { path: `layers.${layer.index}.name`, message: `Layer "${layer.name}" appears twice` },
      ]);
    }
    layerByName.set(layer.name, layer);
  }

  const rules = spec.rules.map((rule, index) => resolveRule(rule, `rule ${index + 1}`, layers, layerByName));

  const generated = spec.size - spec.oneOfOnes.length;
  if (generated < 0) {
    throw new SizeMismatchError(
      `The collection size ${spec.size} is smaller than its ${spec.oneOfOnes.length} 1-of-1 tokens`,
      {
        size: spec.size,
        oneOfOnes: spec.oneOfOnes.length,
      },
    );
  }
  const configurations = (
    spec.configurations ?? [{ name: undefined, size: generated, layers: layers.map((l) => l.name) }]
  ).map((configuration, index): ResolvedConfiguration => {
    const name = configuration.name ?? `configuration ${index + 1}`;
    const indices = configuration.layers.map((layerName) => {
      const layer = layerByName.get(layerName);
      if (!layer) throw new UnknownLayerError(layerName, name);
      return layer.index;
    });
    if (new Set(indices).size !== indices.length) {
      throw new InvalidSpecError([
        { path: `configurations.${index}.layers`, message: `A layer appears twice in ${name}` },
      ]);
    }
    return { index, name, size: configuration.size, layers: indices };
  });
  const configured = configurations.reduce((sum, configuration) => sum + configuration.size, 0);
  if (configured !== generated) {
    throw new SizeMismatchError(
      `Configurations make ${configured} tokens but the size ${spec.size} minus ${spec.oneOfOnes.length} 1-of-1s leaves ${generated}`,
      { size: spec.size, configured, oneOfOnes: spec.oneOfOnes.length },
    );
  }
  const oneOfOnes = spec.oneOfOnes.map((token, index) => ({
    index,
    name: token.name,
    asset: token.asset,
    attributes: token.attributes,
  }));
  return { spec, layers, rules, configurations, oneOfOnes };
}

function resolveRule(
  rule: NormalizedRule,
  where: string,
  layers: ResolvedLayer[],
  layerByName: Map<string, ResolvedLayer>,
): ResolvedRule {
  const source = resolveTrait(rule.trait, where, layers, layerByName);
  if (rule.kind === 'requires-one-of') {
    const layer = layerByName.get(rule.layer);
    if (!layer) throw new UnknownLayerError(rule.layer, where);
    const traits = rule.traits.map((name) => {
      const trait = layer.traits.find((candidate) => candidate.name === name);
      if (!trait) throw new UnknownTraitError(name, where, layer.name);
      return trait.index;
    });
    return {
      kind: 'requires',
      layer: source.layer,
      trait: source.trait,
      otherLayer: layer.index,
      otherTraits: [...new Set(traits)],
      text: `${describe(layers, source)} requires one of ${layer.name} {${rule.traits.join(', ')}}`,
    };
  }
  const other = resolveTrait(rule.other, where, layers, layerByName);
  return {
    kind: rule.kind,
    layer: source.layer,
    trait: source.trait,
    otherLayer: other.layer,
    otherTraits: [other.trait],
    text: `${describe(layers, source)} ${rule.kind} ${describe(layers, other)}`,
  };
}

function resolveTrait(
  ref: TraitRef,
  where: string,
  layers: ResolvedLayer[],
  layerByName: Map<string, ResolvedLayer>,
): { layer: number; trait: number } {
  if (ref.layer !== undefined) {
    const layer = layerByName.get(ref.layer);
    if (!layer) {
      // "A/B" may also be a bare trait name that contains a slash.
      const bare = layers.flatMap((candidate) =>
        candidate.traits
          .filter((trait) => trait.name === `${ref.layer}/${ref.trait}`)
          .map((trait) => ({ candidate, trait })),
      );
      if (bare.length === 1) return { layer: bare[0]!.candidate.index, trait: bare[0]!.trait.index };
      throw new UnknownLayerError(ref.layer, where);
    }
    const trait = layer.traits.find((candidate) => candidate.name === ref.trait);
    if (!trait) throw new UnknownTraitError(ref.trait, where, layer.name);
    return { layer: layer.index, trait: trait.index };
  }
  const matches = layers.flatMap((layer) =>
    layer.traits
      .filter((trait) => trait.name === ref.trait)
      .map((trait) => ({ layer: layer.index, trait: trait.index })),
  );
  if (matches.length === 0) throw new UnknownTraitError(ref.trait, where);
  if (matches.length > 1) {
    throw new AmbiguousTraitError(
      ref.trait,
      matches.map((match) => layers[match.layer]!.name),
      where,
    );
  }
  return matches[0]!;
}

/** `Layer/Trait` for messages. */
export function describeTrait(layers: ResolvedLayer[], layer: number, trait: number): string {
  return `${layers[layer]!.name}/${layers[layer]!.traits[trait]!.name}`;
}

function describe(layers: ResolvedLayer[], ref: { layer: number; trait: number }): string {
  return describeTrait(layers, ref.layer, ref.trait);
}
