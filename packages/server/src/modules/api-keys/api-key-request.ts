import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The API key secret an `/api/v1` request carries in `Authorization: Bearer`, or undefined. Such a
 * request is authenticated by the key alone (its cookies are never read), so it needs no CSRF check.
 */
export function bearerSecretOf(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith('/api/v1/')) return undefined;
  const header = request.headers.authorization;
  if (header === undefined || !/^Bearer\s/i.test(header)) return undefined;
  // A malformed header ("Bearer" with spaces in it) still counts as a key attempt: it must not fall back to cookies.
  return BEARER.exec(header)?.[1] ?? '';
}
