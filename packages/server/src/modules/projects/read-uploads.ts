import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** A file read from a multipart request. */
export interface Upload {
  filename: string;
  bytes: Buffer;
}

interface ReadOptions {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** The message for a file over the limit. */
  tooLarge: (filename: string) => string;
}

/**
 * What a failure while reading a multipart body means for the user: a file over the limit is a 413
 * naming it; a body that is not well-formed multipart (cut short, bad part headers) is a 400.
 */
function uploadError(error: unknown, filename: string | undefined, options: ReadOptions): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = options.tooLarge(filename ?? 'a file');
    return new AppError('PAYLOAD_TOO_LARGE', message, { fields: [{ path: 'files', message }], cause: error });
  }
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(
    'BAD_REQUEST',
    'The upload could not be read: the multipart body is malformed or cut short',
    {
      cause: error,
    },
  );
}

function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data');
  }
}

/** Reads every file part of a multipart request into memory, each up to `maxBytes`. */
export async function readUploads(request: FastifyRequest, options: ReadOptions): Promise<Upload[]> {
  assertMultipart(request);
  const uploads: Upload[] = [];
  let filename: string | undefined;
  try {
    for await (const part of request.files({ limits: { fileSize: options.maxBytes + 1 } })) {
      filename = part.filename;
      uploads.push({ filename, bytes: await part.toBuffer() });
    }
  } catch (error) {
    throw uploadError(error, filename, options);
  }
  return uploads;
}

/** Reads the first file part of a multipart request into memory, up to `maxBytes`; undefined when there is none. */
export async function readUpload(request: FastifyRequest, options: ReadOptions): Promise<Upload | undefined> {
  assertMultipart(request);
  let filename: string | undefined;
  try {
    const part = await request.file({ limits: { fileSize: options.maxBytes + 1 } });
    if (!part) return undefined;
    filename = part.filename;
    return { filename, bytes: await part.toBuffer() };
  } catch (error) {
    throw uploadError(error, filename, options);
  }
}
