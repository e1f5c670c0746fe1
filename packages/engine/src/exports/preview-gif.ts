import sharp from 'sharp';
import { type CollectionSource, readTokenImage } from './collection-files.ts';
import { loadGifenc } from './untyped-modules.ts';

export interface PreviewGifOptions {
  /** Frames: the first `count` tokens (default 20, at most the collection size). */
  count?: number;
  /** Side of the square frames in pixels (default 256). */
  size?: number;
  /** Time each token shows, in milliseconds (default 500). */
  delay?: number;
  /** Colour behind transparent pixels (default white). */
  background?: string;
}

/**
 * An endlessly looping GIF of the first tokens, as a stream: each frame is resized, given its own
 * 256-colour palette and written out before the next is read, so memory is one frame.
 */
export async function* createPreviewGif(
  source: CollectionSource,
  options: PreviewGifOptions = {},
): AsyncGenerator<Uint8Array> {
  const count = Math.min(Math.max(1, Math.floor(options.count ?? 20)), source.size);
  const size = Math.max(1, Math.floor(options.size ?? 256));
  const delay = Math.max(20, Math.floor(options.delay ?? 500));
  const background = options.background ?? '#ffffff';
  const { applyPalette, GIFEncoder, quantize } = loadGifenc();
  const encoder = GIFEncoder({ auto: false });
  encoder.writeHeader();
  for (let edition = 1; edition <= count; edition++) {
    const rgba = new Uint8Array(
      await sharp(await readTokenImage(source.files, edition))
        .resize(size, size, { fit: 'cover' })
        .flatten({ background })
        .ensureAlpha()
        .raw()
        .toBuffer(),
    );
    const palette = quantize(rgba, 256);
    encoder.writeFrame(applyPalette(rgba, palette), size, size, {
      palette,
      delay,
      first: edition === 1,
      repeat: 0,
    });
    yield encoder.bytesView().slice();
    encoder.stream.reset();
  }
  encoder.finish();
  yield encoder.bytesView().slice();
}
