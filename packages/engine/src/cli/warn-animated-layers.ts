import path from 'node:path';
import { detectMediaType } from '../render/detect-media-type.ts';
import { probeMedia } from '../render/probe-media.ts';
import { readAsset } from '../render/read-asset.ts';
import type { AssetSource } from '../spec/asset-source.ts';
import type { CliIo } from './command.ts';

/** Files named one by one; the rest are counted, so a folder of GIFs does not bury the progress. */
const NAMED_AT_MOST = 5;

interface LooseLayer {
  name?: unknown;
  traits?: { asset?: unknown }[];
}

/** `Layer/file` of each trait file that moves (animated GIF or WebP, APNG, video), in layer order. */
async function animatedLayerFiles(spec: Record<string, unknown>, baseDir: string): Promise<string[]> {
  const layers = Array.isArray(spec.layers) ? (spec.layers as LooseLayer[]) : [];
  const found: string[] = [];
  const seen = new Set<string>();
  for (const layer of layers) {
    for (const trait of Array.isArray(layer.traits) ? layer.traits : []) {
      const asset = trait?.asset as AssetSource | undefined;
      const file = typeof asset === 'string' ? asset : asset && 'path' in asset ? asset.path : undefined;
      if (file === undefined) continue;
      const label = `${String(layer.name)}/${path.basename(file)}`;
      if (seen.has(label)) continue;
      seen.add(label);
      try {
        const bytes = await readAsset(asset as AssetSource, { baseDir });
        const detected = detectMediaType(bytes);
        // Still PNG and JPEG files are told apart by their first bytes; only the rest are probed.
        if (!detected.supported || detected.type === 'png' || detected.type === 'jpeg') continue;
        if ((await probeMedia(bytes, label)).animated) found.push(label);
      } catch {
        // An unreadable or broken file is reported by the generation itself, with its layer and trait.
      }
    }
  }
  return found;
}

/**
 * Warns on stderr when a spec writes still images only (no `--animation`, no `output.animation`) although
 * some of its layer files are animated: each would be flattened to its first frame.
 */
export async function warnAnimatedLayers(
  spec: Record<string, unknown>,
  baseDir: string,
  io: CliIo,
): Promise<void> {
  const output = spec.output as { animation?: unknown } | undefined;
  if (output?.animation !== undefined) return;
  const files = await animatedLayerFiles(spec, baseDir);
  for (const file of files.slice(0, NAMED_AT_MOST)) {
    io.stderr.write(`${file} is animated; add --animation webp|gif|mp4 to keep its motion\n`);
  }
  const more = files.length - NAMED_AT_MOST;
  if (more > 0) {
    io.stderr.write(
      `${more} more layer file${more === 1 ? ' is' : 's are'} animated; add --animation webp|gif|mp4 to keep their motion\n`,
    );
  }
}
