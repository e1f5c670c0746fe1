// Test support: a layer set in which two traits differ only under a full-canvas cover (issue 28's check).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Canvas size of the cover layer set. */
export const COVER_SIZE = 64;

function solid(size: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let i = 0; i < pixels.length; i += 4) {
    pixels[i] = r;
    pixels[i + 1] = g;
    pixels[i + 2] = b;
    pixels[i + 3] = 255;
  }
  return pixels;
}

/** A filled shape on a transparent canvas: a disc, a square or a diamond at the centre. */
function shape(
  size: number,
  kind: 'disc' | 'square' | 'diamond',
  [r, g, b]: readonly [number, number, number],
) {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = Math.abs(x + 0.5 - centre);
      const dy = Math.abs(y + 0.5 - centre);
      const inside =
        kind === 'disc'
          ? dx * dx + dy * dy < (size / 4) ** 2
          : kind === 'square'
            ? Math.max(dx, dy) < size / 5
            : dx + dy < size / 3.5;
      if (!inside) continue;
      const i = (y * size + x) * 4;
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = b;
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}

/**
 * Writes a HashLips-style layers folder (bottom first): `Background` (four colours), `Cover` (`Curtain`, weight 3,
 * an opaque full-canvas image, or `Window`, weight 1, a transparent one) and `Badge` (three shapes, drawn above the
 * cover). Tokens under the Curtain differ only in their hidden Background: pixel-identical for the same
 * Badge. 4 × 2 × 3 = 24 combinations, 15 different looks.
 */
export async function writeCoverLayers(dir: string, size = COVER_SIZE): Promise<string> {
  const root = path.join(dir, 'cover-layers');
  const layers: [folder: string, traits: [file: string, pixels: Buffer][]][] = [
    [
      '01_Background',
      [
        ['Blue#1.png', solid(size, [60, 110, 220])],
        ['Green#1.png', solid(size, [70, 190, 110])],
        ['Orange#1.png', solid(size, [240, 150, 60])],
        ['Pink#1.png', solid(size, [235, 120, 180])],
      ],
    ],
    [
      '02_Cover',
      [
        ['Curtain#3.png', solid(size, [90, 30, 40])],
        ['Window#1.png', Buffer.alloc(size * size * 4)],
      ],
    ],
    [
      '03_Badge',
      [
        ['Disc#1.png', shape(size, 'disc', [250, 250, 250])],
        ['Square#1.png', shape(size, 'square', [20, 20, 30])],
        ['Diamond#1.png', shape(size, 'diamond', [250, 220, 40])],
      ],
    ],
  ];
  for (const [folder, traits] of layers) {
    await mkdir(path.join(root, folder), { recursive: true });
    for (const [file, pixels] of traits) {
      await sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
        .png()
        .toFile(path.join(root, folder, file));
    }
  }
  return root;
}
