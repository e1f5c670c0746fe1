import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AssetCorruptError, AssetUnreadableError } from '../errors/asset-errors.ts';
import { BaseError } from '../errors/base-error.ts';
import type { PlacedPixels } from '../render/composite.ts';
import { type AnimationLimits, decodeAnimatedAsset } from '../render/decode-animated-asset.ts';
import { decodeAsset } from '../render/decode-asset.ts';
import type { FrameFile } from '../render/decode-frames.ts';
import { type AssetReading, assetLabel, readAsset } from '../render/read-asset.ts';
import type { AssetSource } from '../spec/asset-source.ts';
import type { ResolvedCollection } from '../spec/resolve-collection.ts';

/** Every image of a job decoded once, at the canvas size. */
export interface PreparedAssets {
  /** Decoded RGBA of each distinct asset (shared memory). */
  pixels: PlacedPixels[];
  /** `traitAsset[layer][trait]`: index into `pixels`. */
  traitAsset: number[][];
  /** Index into `pixels` of each 1-of-1's image. */
  oneOfOneAsset: number[];
  /** SHA-256 over every asset's file bytes, in order (detects changed art on resume). */
  digest: string;
  /** For each asset that is animated (animated output only), its frames on disk; null for stills. */
  frameFiles: (FrameFile | null)[];
  /** Temporary folder of decoded frames, when one was made: the caller removes it. */
  frameFolder?: string;
}

/** How animated and video assets are decoded. */
export interface PrepareFramesOptions {
  /** Decode every frame onto this timeline (animated output); absent: first frames only. */
  animation?: { fps: number; limits: AnimationLimits };
  /** Where the temporary frames folder is made (default: the OS's temporary folder). */
  workDir?: string;
}

/** Decodes at most this many images at once (sharp runs them on its thread pool). */
const DECODE_CONCURRENCY = 2;

/**
 * Reads and decodes every trait and 1-of-1 image of a collection before rendering. Each distinct
 * asset is decoded once. Unreadable, corrupt or unsupported files throw typed errors naming the
 * file and its layer/trait.
 */
export async function prepareAssets(
  collection: ResolvedCollection,
  reading: AssetReading = {},
  framesOptions: PrepareFramesOptions = {},
): Promise<PreparedAssets> {
  const { width, height } = collection.spec;
  // Each asset is decoded once, so libvips' operation cache would only hold memory.
  sharp.cache(false);
  const sources: { source: AssetSource; owner: string }[] = [];
  const indexOfLabel = new Map<string, number>();
  const add = (source: AssetSource, owner: string): number => {
    const label =
      typeof source === 'object' && 'bytes' in source && !source.key
        ? `${owner} (in memory)`
        : assetLabel(source, reading);
    let index = indexOfLabel.get(label);
    if (index === undefined) {
      index = sources.length;
      indexOfLabel.set(label, index);
      sources.push({ source, owner });
    }
    return index;
  };
  const traitAsset = collection.layers.map((layer) =>
    layer.traits.map((trait) => add(trait.asset, `${layer.name}/${trait.name}`)),
  );
  const oneOfOneAsset = collection.oneOfOnes.map((token) =>
    add(token.asset, `1-of-1 ${token.name ?? token.index + 1}`),
  );

  const pixels: PlacedPixels[] = new Array(sources.length);
  const hashes: string[] = new Array(sources.length);
  const frameFiles: (FrameFile | null)[] = new Array(sources.length).fill(null);
  let frameFolder: string | undefined;
  let making: Promise<string> | undefined;
  const folder = (): Promise<string> => {
    making ??= mkdtemp(path.join(framesOptions.workDir ?? tmpdir(), 'layerloom-frames-')).then((made) => {
      frameFolder = made;
      return made;
    });
    return making;
  };
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < sources.length) {
      const index = next++;
      const { source, owner } = sources[index]!;
      const label = `${assetLabel(source, reading)} (${owner})`;
      let bytes: Uint8Array;
      try {
        bytes = await readAsset(source, reading);
      } catch (error) {
        throw error instanceof AssetUnreadableError
          ? new AssetUnreadableError(label, { cause: error.cause })
          : error;
      }
      hashes[index] = createHash('sha256').update(bytes).digest('hex');
      try {
        const animated = await decodeAnimatedAsset({
          bytes,
          width,
          height,
          label,
          folder,
          name: `asset-${index}`,
          animation: framesOptions.animation,
        });
        if (animated?.frames) frameFiles[index] = animated.frames;
        pixels[index] = animated ? animated.pixels : await decodeAsset(bytes, width, height, label);
      } catch (error) {
        if (error instanceof BaseError) throw error;
        throw new AssetCorruptError(label, { cause: error });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(DECODE_CONCURRENCY, sources.length) }, work));
  } catch (error) {
    if (making) await rm(await making, { recursive: true, force: true });
    throw error;
  }
  return {
    pixels,
    traitAsset,
    oneOfOneAsset,
    digest: createHash('sha256').update(hashes.join('\n')).digest('hex'),
    frameFiles,
    frameFolder,
  };
}
