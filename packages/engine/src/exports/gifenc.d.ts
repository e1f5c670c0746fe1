// Types for the parts of gifenc (which ships none) that the preview GIF uses.
declare module 'gifenc' {
  export type Palette = number[][];
  export interface GifEncoderStream {
    reset(): void;
  }
  export interface GifEncoder {
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      options?: { palette?: Palette; delay?: number; repeat?: number; first?: boolean; dispose?: number },
    ): void;
    /** Writes `GIF89a`; with `auto: false` the caller writes it before the first frame. */
    writeHeader(): void;
    finish(): void;
    bytesView(): Uint8Array;
    readonly stream: GifEncoderStream;
  }
  export function GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): GifEncoder;
  export function quantize(
    rgba: Uint8Array,
    maxColors: number,
    options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' },
  ): Palette;
  export function applyPalette(
    rgba: Uint8Array,
    palette: Palette,
    format?: 'rgb565' | 'rgb444' | 'rgba4444',
  ): Uint8Array;
}
