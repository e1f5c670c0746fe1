import sharp from 'sharp';
import { z } from 'zod';
import type { PlacedPixels } from './composite.ts';
import { cropToVisible } from './crop-to-visible.ts';

/** A mark drawn over every image (the server uses it for the Free plan). */
export const WatermarkOptionsSchema = z.strictObject({
  text: z.string().trim().min(1).max(80),
  /** 0..1, default 0.5. */
  opacity: z.number().min(0).max(1).default(0.5),
});
export type WatermarkOptions = z.input<typeof WatermarkOptionsSchema>;

/** Renders the watermark once per job as straight RGBA at the canvas size: the text in a band across the lower part. */
export async function renderWatermark(
  options: WatermarkOptions,
  width: number,
  height: number,
): Promise<PlacedPixels> {
  const { text, opacity } = WatermarkOptionsSchema.parse(options);
  const fontSize = Math.max(8, Math.round(Math.min(width / (text.length * 0.65 + 2), height / 8)));
  const escaped = text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const band = Math.round(fontSize * 1.6);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect x="0" y="${height - band - Math.round(height * 0.06)}" width="${width}" height="${band}" fill="black" fill-opacity="${(opacity * 0.6).toFixed(3)}"/>
<text x="${width / 2}" y="${height - Math.round(height * 0.06) - band / 2}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="white" fill-opacity="${opacity.toFixed(3)}">${escaped}</text>
</svg>`;
  const { data } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return cropToVisible(data, width, height);
}
