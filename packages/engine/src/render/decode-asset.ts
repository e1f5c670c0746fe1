import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AssetCorruptError, UnsupportedAssetTypeError } from '../errors/asset-errors.ts';
import type { PlacedPixels } from './composite.ts';
import { cropToVisible } from './crop-to-visible.ts';
import { decodeAnimatedAsset } from './decode-animated-asset.ts';
import { detectImageType } from './detect-image-type.ts';
import { detectMediaType, isVideoType } from './detect-media-type.ts';

/**
 * Decodes image bytes to straight-alpha RGBA at exactly `width × height` (scaled when the asset
 * has another size), cropped to its visible part, in shared memory for render workers.
 */
export async function decodeAsset(
  bytes: Uint8Array,
  width: number,
  height: number,
  label: string,
): Promise<PlacedPixels> {
  const media = detectMediaType(bytes);
  if (media.supported && (media.type === 'apng' || isVideoType(media.type))) {
    // An APNG or a video in a still: its first frame (decoded by ffmpeg).
    let folder: string | undefined;
    try {
      const decoded = await decodeAnimatedAsset({
        bytes,
        width,
        height,
        label,
        name: 'first-frame',
        folder: async () => {
          folder = await mkdtemp(path.join(tmpdir(), 'layerloom-still-'));
          return folder;
        },
      });
      if (decoded) return decoded.pixels;
    } finally {
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  }
  const kind = detectImageType(bytes);
  if (!kind.supported) throw new UnsupportedAssetTypeError(label, kind.type);
  try {
    let image = sharp(bytes, { failOn: 'error' }).ensureAlpha().toColourspace('srgb');
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    if (meta.width !== width || meta.height !== height)
      image = image.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 4 || data.length !== width * height * 4) {
      throw new Error(`decoded to ${info.width}×${info.height}×${info.channels}`);
    }
    return cropToVisible(data, width, height);
  } catch (cause) {
    throw new AssetCorruptError(label, { cause });
  }
}
