import { type WebhookPayload, WebhookPayloadSchema } from '@layerloom/api';
import { LayerloomError } from '../errors.ts';

/** A delivery whose signature, timestamp or body does not check out. */
export class WebhookVerificationError extends LayerloomError {
  override name = 'WebhookVerificationError';
}

/** What a receiver got: the raw body (exactly as sent) and the request's headers. */
export interface WebhookRequest {
  body: string | Uint8Array;
  headers: Headers | Record<string, string | string[] | undefined>;
}

/** Options of a verification: the endpoint's signing secret, and the tolerated clock skew. */
export interface VerifyWebhookOptions {
  /** The endpoint's signing secret (`whsec_…`) from Settings › Developers. */
  secret: string;
  /** Refuse timestamps further than this from now (default 300 s, as the docs say). */
  toleranceSeconds?: number;
  /** The current time (for tests). */
  now?: Date;
}

const SECRET_PREFIX = 'whsec_';

/**
 * Webhooks, on the receiving side: `verify` checks a delivery's Standard Webhooks signature
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with WebCrypto and returns the typed event.
 * Endpoints themselves are managed in Settings › Developers: API keys cannot add or read them, so a leaked
 * key cannot redirect a creator's events or take their signing secrets.
 */
export class Webhooks {
  /** Checks the signature and timestamp of a delivery and returns its payload; throws `WebhookVerificationError`. */
  async verify(request: WebhookRequest, options: VerifyWebhookOptions): Promise<WebhookPayload> {
    const id = header(request.headers, 'webhook-id');
    const timestamp = header(request.headers, 'webhook-timestamp');
    const signatures = header(request.headers, 'webhook-signature');
    if (!id || !timestamp || !signatures) {
      throw new WebhookVerificationError('The request lacks the webhook-id, -timestamp or -signature header');
    }
    const seconds = Number(timestamp);
    const now = (options.now ?? new Date()).getTime() / 1000;
    if (!Number.isInteger(seconds) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) {
      throw new WebhookVerificationError('The webhook timestamp is too far from now (a replay?)');
    }
    if (!options.secret.startsWith(SECRET_PREFIX)) {
      throw new WebhookVerificationError('The signing secret should start with whsec_');
    }
    const body = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
    const key = await crypto.subtle.importKey(
      'raw',
      base64Bytes(options.secret.slice(SECRET_PREFIX.length)),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
    for (const entry of signatures.split(' ')) {
      const [version, signature] = entry.split(',');
      if (version !== 'v1' || !signature) continue;
      // crypto.subtle.verify compares in constant time.
      if (await crypto.subtle.verify('HMAC', key, base64Bytes(signature), signed)) {
        const parsed = WebhookPayloadSchema.safeParse(parseJson(body));
        if (!parsed.success || parsed.data.id !== id) {
          throw new WebhookVerificationError('The webhook body is not a Layerloom event');
        }
        return parsed.data;
      }
    }
    throw new WebhookVerificationError('No webhook signature matches this secret and body');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function header(headers: WebhookRequest['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
