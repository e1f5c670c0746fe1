import type { PlannedToken } from '../sample/plan-collection.ts';
import type { BlendMode } from '../spec/collection-spec.ts';
import type { ResolvedCollection } from '../spec/resolve-collection.ts';
import type { PreparedAssets } from './prepare-assets.ts';

/** A layer to draw, as an asset index plus how it is blended. */
export interface TokenLayer {
  asset: number;
  blend: BlendMode;
  opacity: number;
}

/** The layers a token is drawn from, bottom first, in its configuration's order; `watermark` (an asset index) goes on top. */
export function tokenLayers(
  collection: ResolvedCollection,
  assets: PreparedAssets,
  token: PlannedToken,
  watermark?: number,
): TokenLayer[] {
  const layers: TokenLayer[] = [];
  if (token.kind === 'one-of-one') {
    layers.push({ asset: assets.oneOfOneAsset[token.oneOfOne]!, blend: 'normal', opacity: 1 });
  } else {
    for (const layerIndex of collection.configurations[token.configuration]!.layers) {
      const trait = token.traits[layerIndex]!;
      if (trait < 0) continue;
      const layer = collection.layers[layerIndex]!;
      layers.push({
        asset: assets.traitAsset[layerIndex]![trait]!,
        blend: layer.blend,
        opacity: layer.opacity,
      });
    }
  }
  if (watermark !== undefined) layers.push({ asset: watermark, blend: 'normal', opacity: 1 });
  return layers;
}
