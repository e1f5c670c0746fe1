/** Image types the engine decodes. */
export type SupportedImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** Recognises a supported image by its first bytes; returns what it looks like otherwise (`svg`, `bmp`, `unknown`…). */
export function detectImageType(
  bytes: Uint8Array,
): { supported: true; type: SupportedImageType } | { supported: false; type: string } {
  const starts = (...signature: number[]): boolean => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { supported: true, type: 'png' };
  if (starts(0xff, 0xd8, 0xff)) return { supported: true, type: 'jpeg' };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { supported: true, type: 'gif' };
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return { supported: true, type: 'webp' };
  }
  if (starts(0x42, 0x4d)) return { supported: false, type: 'bmp' };
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a))
    return { supported: false, type: 'tiff' };
  if (bytes.length === 0) return { supported: false, type: 'empty file' };
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')))
    return { supported: false, type: 'svg' };
  return { supported: false, type: 'unknown' };
}
