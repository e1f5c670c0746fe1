import { once } from 'node:events';
import { crc32, createDeflate } from 'node:zlib';

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG image described row band by row band, so the whole image is never in memory. */
export interface PngRows {
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA), 8 bits each. */
  channels: 3 | 4;
  /** Bands of whole rows, top to bottom, `width × channels` bytes per row, `height` rows in all. */
  bands: AsyncIterable<Uint8Array>;
}

/**
 * Encodes a PNG as a stream of chunks (signature, IHDR, IDAT…, IEND) from bands of rows, with the
 * Sub filter and zlib. Memory: one band plus zlib's window, whatever the image height.
 */
export async function* encodePngStream(image: PngRows, level = 6): AsyncGenerator<Uint8Array> {
  const { width, height, channels } = image;
  const rowBytes = width * channels;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  yield SIGNATURE;
  yield chunk('IHDR', header);

  const deflate = createDeflate({ level });
  const feeding = (async () => {
    let rows = 0;
    for await (const band of image.bands) {
      if (band.length % rowBytes !== 0)
        throw new RangeError(`a band of ${band.length} bytes is not whole rows`);
      // The band's filtered rows in one buffer, handed to zlib as it is: one allocation per band.
      const filtered = Buffer.allocUnsafe((band.length / rowBytes) * (rowBytes + 1));
      for (let start = 0, out = 0; start < band.length; start += rowBytes, out += rowBytes + 1) {
        filtered[out] = 1; // Sub: each byte minus the same channel of the pixel to its left.
        for (let i = 0; i < channels; i++) filtered[out + 1 + i] = band[start + i]!;
        for (let i = channels; i < rowBytes; i++) {
          filtered[out + 1 + i] = (band[start + i]! - band[start + i - channels]!) & 0xff;
        }
        rows++;
      }
      if (!deflate.write(filtered)) await once(deflate, 'drain');
    }
    if (rows !== height) throw new RangeError(`expected ${height} rows, got ${rows}`);
    deflate.end();
  })();
  feeding.catch((error: unknown) => deflate.destroy(error as Error));

  for await (const compressed of deflate) yield chunk('IDAT', compressed as Buffer);
  await feeding;
  yield chunk('IEND', new Uint8Array(0));
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
