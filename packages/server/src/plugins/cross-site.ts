import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { bearerSecretOf } from '../modules/api-keys/api-key-request.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request was sent by a web browser (which always names its origin on a state-changing request). */
function fromBrowser(request: FastifyRequest): boolean {
  // Not Sec-Fetch-Mode: Node's fetch sends it too.
  const headers = request.headers;
  return headers['sec-fetch-site'] !== undefined || /^Mozilla\//.test(headers['user-agent'] ?? '');
}

/** The serialised origin of a URL (default ports dropped, as browsers write Origin), or null. */
function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** Why a state-changing request must be refused as cross-site, or null when it may go on. */
export function crossSiteProblem(request: FastifyRequest, publicOrigin: string): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  // An API key request is authenticated by its key alone, never by cookies a browser adds by itself.
  if (bearerSecretOf(request) !== undefined) return null;
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (origin === undefined) {
    // Scripts and the SDK send no Origin and are not browsers: a cookie cannot ride along against the user's will.
    return fromBrowser(request) ? 'the browser did not say which page sent it' : null;
  }
  // The app's own address, as configured or as this request reached it (another port of the same host is
  // another origin, and a sibling site shares cookies, so only an exact match passes).
  if (origin !== publicOrigin && origin !== originOf(`${request.protocol}://${request.host}`))
    return `it came from ${origin === 'null' ? 'an opaque origin' : origin}`;
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `the browser marked it ${site}`;
  return null;
}

/**
 * CSRF defence on every state-changing route (forms and multipart included, whatever the content type):
 * a browser request must come from a page of this app, as its Origin (and Sec-Fetch-Site) say.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const problem = crossSiteProblem(request, publicOrigin);
    if (problem) {
      request.log.warn({ origin: request.headers.origin, url: request.url }, 'cross-site request refused');
      throw new AppError(
        'FORBIDDEN',
        `This request was refused because ${problem}. Open Layerloom at its own address and try again.`,
      );
    }
  });
}
