import {
  type CreateWebhookInput,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  sendTestWebhook,
  type UpdateWebhookInput,
  updateWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookPayload,
  WebhookPayloadSchema,
} from '@layerloom/api';
import { LayerloomError } from '../errors.ts';
import type { Transport } from '../transport.ts';

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

/** A new endpoint with its signing secret: the only time the secret is answered, so keep it now. */
export interface CreatedWebhook {
  endpoint: WebhookEndpoint;
  /** `whsec_…`: pass it to `verify` in the receiver. */
  secret: string;
}

/**
 * Webhooks. Managing endpoints (`list`, `create`, `update`, `delete`, `deliveries`, `sendTest`) needs a key
 * with the `webhooks` scope, which is never granted unless chosen. A new endpoint's signing secret is
 * answered once, by `create`; a key can never read or rotate an existing one (rotate it in Settings ›
 * Developers). On the receiving side, `verify` checks a delivery's Standard Webhooks signature
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with WebCrypto and returns the typed event.
 */
export class Webhooks {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** The key owner's endpoints, newest first (never their secrets). */
  async list(options?: { signal?: AbortSignal }): Promise<WebhookEndpoint[]> {
    return (await this.#transport.call(listWebhooks, {}, options?.signal)).endpoints;
  }

  /** Adds an endpoint for these events; resolves with it and its signing secret, answered this once. */
  async create(input: CreateWebhookInput, options?: { signal?: AbortSignal }): Promise<CreatedWebhook> {
    return this.#transport.call(createWebhook, { body: input }, options?.signal);
  }

  /** Changes an endpoint's URL or events, or switches it on (clearing its failure streak) or off. */
  async update(
    id: string,
    input: UpdateWebhookInput,
    options?: { signal?: AbortSignal },
  ): Promise<WebhookEndpoint> {
    return (await this.#transport.call(updateWebhook, { params: { id }, body: input }, options?.signal))
      .endpoint;
  }

  /** Removes an endpoint and its delivery log. */
  async delete(id: string, options?: { signal?: AbortSignal }): Promise<void> {
    await this.#transport.call(deleteWebhook, { params: { id } }, options?.signal);
  }

  /** The endpoint's latest 50 deliveries, newest first: status, attempts, response code, duration. */
  async deliveries(id: string, options?: { signal?: AbortSignal }): Promise<WebhookDelivery[]> {
    return (await this.#transport.call(listWebhookDeliveries, { params: { id } }, options?.signal))
      .deliveries;
  }

  /** Queues a `webhook.test` event to the endpoint; resolves with its delivery (follow it with `deliveries`). */
  async sendTest(id: string, options?: { signal?: AbortSignal }): Promise<WebhookDelivery> {
    return (await this.#transport.call(sendTestWebhook, { params: { id } }, options?.signal)).delivery;
  }

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
