import { AppError } from '../lib/app-error.ts';

/** What a user reads when a job failed on our side: no detail they could act on, nothing internal. */
export const GENERIC_JOB_ERROR = 'The job failed because of an error on our side. Please try again.';

/** What a user reads when stored files could not be read: the details (keys, paths) stay in the log. */
export const STORAGE_JOB_ERROR =
  'The job could not read the files it needs from storage. Please try again; if it keeps failing, contact support.';

/** What a user reads when one of their images cannot be decoded any more (its key is not theirs to read). */
export const IMAGE_JOB_ERROR =
  "One of the project's images cannot be decoded (a damaged or unsupported file). Replace it in the editor and generate again.";

/** Codes of errors that mean stored files could not be read or written (blob store, file system). */
const STORAGE_CODES = new Set([
  'BLOB_NOT_FOUND',
  'INVALID_BLOB_KEY',
  'ASSET_UNREADABLE',
  'ENOENT',
  'EACCES',
  'EPERM',
  'EIO',
  'ENOTDIR',
  'EISDIR',
  'EROFS',
  'ENOSPC',
]);

/** The error and each of its causes, outermost first. */
function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let current = error; current !== undefined && current !== null && !seen.has(current); ) {
    seen.add(current);
    yield current;
    current = current instanceof Error ? current.cause : undefined;
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Storage keys (`users/…/x.png`), absolute paths, and anything after a stack frame, which users never see. */
const INTERNAL_TEXT = [
  /\b(?:users|projects|collections|system|exports|publications)\/[A-Za-z0-9_][A-Za-z0-9._/-]*/g,
  /(?:^|[\s(:'"])\/(?:[A-Za-z0-9._-]+\/)+[A-Za-z0-9._-]*/g,
];

/** Whether a message shows a storage key, a path or a stack trace. */
function showsInternals(message: string): boolean {
  return /\n\s+at /.test(message) || INTERNAL_TEXT.some((pattern) => new RegExp(pattern).test(message));
}

/**
 * The message a failed job shows its user: an AppError's own message (a problem the user can fix),
 * unless it came from storage or would show a key, a path or a stack; every other error is ours.
 */
export function jobErrorMessage(error: unknown): string {
  const codes = [...causes(error)].map(codeOf);
  if (codes.some((code) => code !== undefined && STORAGE_CODES.has(code))) return STORAGE_JOB_ERROR;
  if (codes.some((code) => code === 'ASSET_CORRUPT' || code === 'ASSET_UNSUPPORTED_TYPE'))
    return IMAGE_JOB_ERROR;
  if (!(error instanceof AppError)) return GENERIC_JOB_ERROR;
  const firstLine = error.message.split('\n')[0] ?? '';
  return showsInternals(error.message) || firstLine.trim() === '' ? GENERIC_JOB_ERROR : firstLine;
}

/** Whether the failure is one the user caused and reads about (so it is not logged as our error). */
export function isUserFacingFailure(error: unknown): boolean {
  const message = jobErrorMessage(error);
  return message !== GENERIC_JOB_ERROR && message !== STORAGE_JOB_ERROR;
}
