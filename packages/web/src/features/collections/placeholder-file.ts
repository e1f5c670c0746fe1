import { PLACEHOLDER_MAX_BYTES } from '@layerloom/api';

const accepted: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** What the file picker offers. */
export const PLACEHOLDER_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,image/png,image/jpeg,image/webp,image/gif';

/**
 * Why a chosen file cannot be a placeholder, or null when it can be sent (the server still checks its
 * content): a type other than PNG, JPEG, WebP or GIF, an empty file, or one over the size limit.
 */
export function placeholderFileProblem(file: { name: string; size: number; type: string }): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const known = Object.values(accepted).includes(file.type) || extension in accepted;
  if (!known) return `${file.name} is not a PNG, JPEG, WebP or GIF image.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > PLACEHOLDER_MAX_BYTES) {
    return `${file.name} is over ${PLACEHOLDER_MAX_BYTES / 1024 / 1024} MB: choose a smaller image.`;
  }
  return null;
}
