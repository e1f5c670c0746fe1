import { MIN_UPLOAD_BYTES, type Plan } from '@layerloom/api';

/** The file extensions a layer image may have (compared case-insensitively), as the `accept` list: stills, animations and videos. */
export const ACCEPTED_EXTENSIONS = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.apng',
  '.mp4',
  '.m4v',
  '.mov',
  '.webm',
] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

/** The spec's upload messages (section 5). */
export const UPLOAD_MESSAGES = {
  type: 'File type is not supported',
  big: 'File size is too big',
  small: 'File size is too small',
  hint: 'File type/size error, Hovered on types!',
} as const;

/** Why one file cannot be uploaded as a layer image, or null when it may be sent. */
export function uploadProblem(file: { name: string; size: number }, plan: Pick<Plan, 'maxUploadMb'>) {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extension)) return UPLOAD_MESSAGES.type;
  if (file.size > plan.maxUploadMb * 1024 * 1024) return UPLOAD_MESSAGES.big;
  if (file.size < MIN_UPLOAD_BYTES) return UPLOAD_MESSAGES.small;
  return null;
}

/** Splits a dropped batch into files to send and refusals (file name and message). */
export function sortUploads<F extends { name: string; size: number }>(
  files: readonly F[],
  plan: Pick<Plan, 'maxUploadMb'>,
): { accepted: F[]; refused: { name: string; message: string }[] } {
  const accepted: F[] = [];
  const refused: { name: string; message: string }[] = [];
  for (const file of files) {
    const problem = uploadProblem(file, plan);
    if (problem) refused.push({ name: file.name, message: problem });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** "5 MB", "64 B": a size limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
