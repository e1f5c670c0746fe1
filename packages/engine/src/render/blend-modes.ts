import type { BlendMode } from '../spec/collection-spec.ts';

/** A separable W3C blend function `B(Cb, Cs)` on straight (not premultiplied) channels in 0..1. */
export type BlendFunction = (backdrop: number, source: number) => number;

function hardLight(backdrop: number, source: number): number {
  return source <= 0.5 ? backdrop * 2 * source : screen(backdrop, 2 * source - 1);
}

function screen(backdrop: number, source: number): number {
  return backdrop + source - backdrop * source;
}

/** The blend functions of the W3C Compositing and Blending spec, section 10.2 (separable modes). */
export const BLEND_FUNCTIONS: Record<Exclude<BlendMode, 'normal'>, BlendFunction> = {
  multiply: (b, s) => b * s,
  screen,
  overlay: (b, s) => hardLight(s, b),
  darken: (b, s) => Math.min(b, s),
  lighten: (b, s) => Math.max(b, s),
  'color-dodge': (b, s) => (b === 0 ? 0 : s === 1 ? 1 : Math.min(1, b / (1 - s))),
  'color-burn': (b, s) => (b === 1 ? 1 : s === 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
  'hard-light': hardLight,
  'soft-light': (b, s) => {
    if (s <= 0.5) return b - (1 - 2 * s) * b * (1 - b);
    const d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
    return b + (2 * s - 1) * (d - b);
  },
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
};
