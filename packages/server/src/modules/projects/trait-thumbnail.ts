import type { TraitImage } from '@layerloom/api';
import { decodeAsset } from '@layerloom/engine';
import sharp from 'sharp';
import { notFound } from '../../lib/app-error.ts';
import type { StoredProject } from './project-document.ts';

/** Longest side of a trait thumbnail, in pixels. */
const THUMBNAIL_SIZE = 256;

/** The trait of a project with this id (any layer); a 404 when there is none. */
export function findTrait(project: StoredProject, traitId: string) {
  const trait = project.layers.flatMap((layer) => layer.traits).find((candidate) => candidate.id === traitId);
  if (!trait) throw notFound('Trait');
  return trait;
}

/**
 * A PNG of a trait's first frame, at most `THUMBNAIL_SIZE` on its longest side: what lists show for an
 * animated image or a video before it plays (and for a still, a small copy).
 */
export async function traitThumbnail(bytes: Uint8Array, image: TraitImage): Promise<Buffer> {
  const { width, height } = image;
  const placed = await decodeAsset(bytes, width, height, 'trait');
  const canvas = sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
  const full =
    placed.width === 0
      ? await canvas.png().toBuffer()
      : await canvas
          .composite([
            {
              input: Buffer.from(placed.pixels),
              raw: { width: placed.width, height: placed.height, channels: placed.channels ?? 4 },
              left: placed.left,
              top: placed.top,
            },
          ])
          .png()
          .toBuffer();
  return sharp(full)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}
