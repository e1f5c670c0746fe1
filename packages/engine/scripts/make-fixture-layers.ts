import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Parameters of a generated HashLips-style layers folder. */
export interface FixtureLayersParameters {
  dir: string;
  size: number;
  layers?: number;
  traits?: number;
}

/**
 * Writes `layers/NN_LayerK/TraitJ#w.png`: an opaque textured gradient background, then layers
 * of soft-edged textured shapes on transparency, so PNG encoding sees realistic art.
 */
export async function makeFixtureLayers({
  dir,
  size,
  layers = 6,
  traits = 8,
}: FixtureLayersParameters): Promise<string[]> {
  const names: string[] = [];
  let seed = 12345;
  const noise = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let layer = 0; layer < layers; layer++) {
    const name = `${String(layer + 1).padStart(2, '0')}_Layer${layer}`;
    names.push(`Layer${layer}`);
    await mkdir(path.join(dir, name), { recursive: true });
    for (let trait = 0; trait < traits; trait++) {
      const pixels = Buffer.alloc(size * size * 4);
      const hue = (trait * 47 + layer * 91) % 360;
      const [r, g, b] = hueToRgb(hue);
      const cx = size * (0.3 + (0.4 * ((trait * 37 + layer * 13) % 10)) / 10);
      const cy = size * (0.3 + (0.4 * ((trait * 53 + layer * 29) % 10)) / 10);
      const radius = size * (0.15 + 0.05 * (layer % 3));
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const i = (y * size + x) * 4;
          const grain = (noise() - 0.5) * 24;
          const shade = 0.6 + (0.4 * (x + y)) / (2 * size);
          let alpha: number;
          if (layer === 0) alpha = 255;
          else {
            const distance = Math.hypot(x - cx, y - cy) / radius;
            alpha = distance >= 1 ? 0 : distance < 0.8 ? 255 : Math.round(255 * (1 - (distance - 0.8) / 0.2));
          }
          if (alpha === 0) continue;
          pixels[i] = clamp(r * shade + grain);
          pixels[i + 1] = clamp(g * shade + grain);
          pixels[i + 2] = clamp(b * shade + grain);
          pixels[i + 3] = alpha;
        }
      }
      await sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
        .png({ compressionLevel: 1 })
        .toFile(path.join(dir, name, `Trait${trait}#${traits - trait}.png`));
    }
  }
  return names;
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

function hueToRgb(hue: number): [number, number, number] {
  const f = (n: number): number => {
    const k = (n + hue / 60) % 6;
    return 255 * (1 - Math.max(0, Math.min(k, 4 - k, 1)) * 0.7);
  };
  return [f(5), f(3), f(1)];
}
