import { UnknownLayerError, UnknownTraitError } from '../errors/spec-errors.ts';
import { buildCombinationTable } from '../sample/combination-table.ts';
import { buildConfigurationModel, isValidAssignment } from '../sample/configuration-model.ts';
import { drawValidCombination } from '../sample/draw-combination.ts';
import { createRandom } from '../sample/random.ts';
import type { Attribute, Compression } from '../spec/collection-spec.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import type { CompositeLayer } from './composite.ts';
import { decodeAsset } from './decode-asset.ts';
import { type AssetReading, assetLabel, readAsset } from './read-asset.ts';
import { renderTokenPng } from './render-token.ts';
import { renderWatermark, type WatermarkOptions } from './watermark.ts';

/** Parameters of `renderPreview`. */
export interface RenderPreviewParameters extends AssetReading {
  spec: unknown;
  /** Trait name per layer name (`null` = layer absent). Layers left out are drawn at random. */
  traits?: Record<string, string | null>;
  /** Seed of the random choice (default: the spec's seed). */
  seed?: string;
  /** Configuration index (default 0). */
  configuration?: number;
  /** Output size (default: the spec's size). */
  width?: number;
  height?: number;
  compression?: Compression;
  watermark?: WatermarkOptions;
}

/** A rendered preview. */
export interface RenderPreviewReturnType {
  png: Uint8Array;
  attributes: Attribute[];
  /** Whether the combination satisfies every rule (chosen traits may break one). */
  valid: boolean;
}

/**
 * Renders one combination quickly, in-process, decoding only the images it needs at the
 * requested size: traits drawn at random from a seed (always a valid combination), or chosen.
 */
export async function renderPreview(parameters: RenderPreviewParameters): Promise<RenderPreviewReturnType> {
  const collection = resolveCollection(parseCollectionSpec(parameters.spec));
  const configuration =
    collection.configurations[parameters.configuration ?? 0] ?? collection.configurations[0]!;
  const model = buildConfigurationModel(collection, configuration);
  const options = drawValidCombination(
    buildCombinationTable(model),
    createRandom(parameters.seed ?? collection.spec.seed, 'preview'),
  );
  for (const [layerName, traitName] of Object.entries(parameters.traits ?? {})) {
    const layer = collection.layers.find((candidate) => candidate.name === layerName);
    if (!layer) throw new UnknownLayerError(layerName, 'preview traits');
    const position = model.positionOfLayer[layer.index]!;
    if (position < 0) throw new UnknownLayerError(layerName, `preview traits (not in ${configuration.name})`);
    if (traitName === null) {
      options[position] =
        model.positions[position]!.noneOption >= 0 ? model.positions[position]!.noneOption : -1;
      continue;
    }
    const trait = layer.traits.find((candidate) => candidate.name === traitName);
    if (!trait) throw new UnknownTraitError(traitName, 'preview traits', layer.name);
    options[position] = trait.index;
  }
  const valid = options.every((option) => option >= 0) && isValidAssignment(model, options);
  const width = parameters.width ?? collection.spec.width;
  const height = parameters.height ?? collection.spec.height;
  const layers: CompositeLayer[] = [];
  const attributes: Attribute[] = [];
  const decoded = await Promise.all(
    configuration.layers.map(async (layerIndex, position) => {
      const layer = collection.layers[layerIndex]!;
      const trait = layer.traits[options[position]!];
      if (!trait) return undefined;
      const bytes = await readAsset(trait.asset, parameters);
      const pixels = await decodeAsset(
        bytes,
        width,
        height,
        `${assetLabel(trait.asset, parameters)} (${layer.name}/${trait.name})`,
      );
      return { layer, trait, pixels };
    }),
  );
  for (const entry of decoded) {
    if (!entry) continue;
    layers.push({ image: entry.pixels, blend: entry.layer.blend, opacity: entry.layer.opacity });
    attributes.push({ trait_type: entry.layer.traitType, value: entry.trait.value });
  }
  if (parameters.watermark)
    layers.push({
      image: await renderWatermark(parameters.watermark, width, height),
      blend: 'normal',
      opacity: 1,
    });
  const png = await renderTokenPng(layers, width, height, parameters.compression ?? 'fast');
  return { png, attributes, valid };
}
