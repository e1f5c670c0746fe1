import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A fresh temporary folder and a function removing it. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-engine-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Deterministic RGBA pixels: a colour per trait, with a shape of varying alpha. */
export function traitPixels(size: number, layer: number, trait: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      pixels[i] = (40 + trait * 70 + x * 3) % 256;
      pixels[i + 1] = (90 + layer * 50 + y * 5) % 256;
      pixels[i + 2] = (200 + trait * 30 + layer * 20) % 256;
      const inside = Math.abs(x - size / 2) + Math.abs(y - size / 2) < size / (2 + layer);
      pixels[i + 3] = layer === 0 ? 255 : inside ? 255 - ((x + y) % 4) * 40 : 0;
    }
  }
  return pixels;
}

/** Writes a HashLips-style folder: `layers/0N_LayerN/TraitK#w.png` for the given trait weights per layer. */
export async function writeLayersFolder(dir: string, weights: number[][], size = 16): Promise<string> {
  const root = path.join(dir, 'layers');
  for (const [layer, traitWeights] of weights.entries()) {
    const folder = path.join(root, `${String(layer + 1).padStart(2, '0')}_L${layer}`);
    await mkdir(folder, { recursive: true });
    for (const [trait, weight] of traitWeights.entries()) {
      await sharp(traitPixels(size, layer, trait), { raw: { width: size, height: size, channels: 4 } })
        .png()
        .toFile(path.join(folder, `T${trait}#${weight}.png`));
    }
  }
  return root;
}
