import { createHmac, randomBytes } from 'node:crypto';

/** The start of every signing secret (Standard Webhooks / Svix convention); the rest is base64 key bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The headers of a signed delivery, in the Standard Webhooks format Svix uses: `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256>` where the HMAC is
 * over `${id}.${timestamp}.${body}`, keyed with the base64-decoded part of the secret after `whsec_`.
 */
export function signWebhook(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
