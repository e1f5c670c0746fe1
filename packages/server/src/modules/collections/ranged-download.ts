import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobInfo, BlobRange, BlobStore } from '../../storage/blob-store.ts';

/** What a Range header asks of a file of `size` bytes: all of it, one part, or something past its end. */
export type RangeAsked = { kind: 'whole' } | { kind: 'part'; range: BlobRange } | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header for a file of `size` bytes. One range of bytes (`N-`, `N-M`, `-N`) is honoured;
 * anything else (several ranges, another unit, a malformed header) is ignored and the whole file sent, as
 * RFC 9110 allows. A first byte at or past the end cannot be satisfied (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAsked {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (match[1] === '') {
    // A suffix: the last N bytes.
    const length = Number(match[2]);
    if (length === 0) return { kind: 'unsatisfiable' };
    return size === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end } };
}

/**
 * The strong validator of a stored file: its size and modification time. An export is written once and
 * replaced only by a new file (a reroll or metadata edit drops the old one), so a different file has a
 * different ETag, and a resumed download never splices two files.
 */
export function etagOf(info: BlobInfo): string {
  return `"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
}

/** Whether `If-Range` (absent, an ETag, or an HTTP date) still names this file, so a range may be sent. */
function ifRangeHolds(header: string | undefined, etag: string, modifiedAt: Date): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  // A weak ETag never matches: a range needs the very same bytes.
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Math.floor(modifiedAt.getTime() / 1000) * 1000;
}

/**
 * Sends a stored file as a download that can be resumed: `Accept-Ranges`, `ETag` and `Last-Modified` always;
 * `Range: bytes=N-` answered 206 with `Content-Range`, or 416 when it starts past the end; a range under an
 * `If-Range` that names another file (it changed since) is answered with the whole new file (200).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  info: BlobInfo,
) {
  const etag = etagOf(info);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', info.modifiedAt.toUTCString());
  const asked = ifRangeHolds(firstHeader(request.headers['if-range']), etag, info.modifiedAt)
    ? parseRange(request.headers.range, info.size)
    : { kind: 'whole' as const };
  if (asked.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${info.size}`)
      .removeHeader('content-disposition')
      .header('content-type', 'application/json; charset=utf-8')
      .send({
        status: 'error',
        error: {
          code: 'BAD_REQUEST',
          message: `The file has ${info.size} bytes: the range asked for starts past its end. Download it again from the start.`,
        },
      });
  }
  if (asked.kind === 'part') {
    const { start, end } = asked.range;
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${info.size}`)
      .header('content-length', end - start + 1)
      .send(await blobs.get(key, asked.range));
  }
  return reply.header('content-length', info.size).send(await blobs.get(key));
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
