import { detectImageType } from './detect-image-type.ts';

/** Containers of animated and video layers, besides the still image types. */
export type AnimatedMediaType = 'apng' | 'mp4' | 'mov' | 'webm';

/** Every media type a layer file may have. */
export type MediaType = 'png' | 'jpeg' | 'gif' | 'webp' | AnimatedMediaType;

/** MIME type of each media type (uploads, metadata). */
export const MEDIA_MIME_TYPES: Record<MediaType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  apng: 'image/apng',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** Whether the type is a video container (decoded with ffmpeg). */
export function isVideoType(type: MediaType): type is 'mp4' | 'mov' | 'webm' {
  return type === 'mp4' || type === 'mov' || type === 'webm';
}

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/**
 * Recognises a layer file by its first bytes: a still image type, APNG (a PNG with an `acTL` chunk
 * before its image data), MP4, QuickTime MOV or WebM; returns what it looks like otherwise.
 */
export function detectMediaType(
  bytes: Uint8Array,
): { supported: true; type: MediaType } | { supported: false; type: string } {
  const image = detectImageType(bytes);
  if (image.supported)
    return image.type === 'png' && isApng(bytes) ? { supported: true, type: 'apng' } : image;
  if (bytes.length >= 12) {
    const box = ascii(bytes, 4, 4);
    if (box === 'ftyp') {
      const brand = ascii(bytes, 8, 4);
      return { supported: true, type: brand === 'qt  ' ? 'mov' : 'mp4' };
    }
    if (box === 'moov' || box === 'mdat' || box === 'wide' || box === 'free')
      return { supported: true, type: 'mov' };
    if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
      const head = ascii(bytes, 0, Math.min(bytes.length, 64));
      return head.includes('webm')
        ? { supported: true, type: 'webm' }
        : { supported: false, type: 'matroska' };
    }
  }
  return image;
}

/** True when a PNG declares animation control (`acTL`) before its first `IDAT`. */
function isApng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = ascii(bytes, offset + 4, 4);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    offset += 12 + length;
  }
  return false;
}
