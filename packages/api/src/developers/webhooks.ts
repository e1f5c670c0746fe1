import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { WorkspaceQuerySchema } from './api-keys.ts';

/** The events an endpoint can subscribe to. */
export const WebhookEventTypeSchema = z.enum([
  'generation.finished',
  'generation.failed',
  'collection.published',
  'deployment.verified',
  'mint.seen',
]);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** Each event's label and when it is sent, as Settings › Developers and the API docs describe it. */
export const webhookEvents: Record<WebhookEventType, { label: string; description: string }> = {
  'generation.finished': {
    label: 'Generation finished',
    description: 'A collection finished generating; data: { collectionId, name, size }.',
  },
  'generation.failed': {
    label: 'Generation failed',
    description: 'A generation stopped with an error; data: { collectionId, name, error }.',
  },
  'collection.published': {
    label: 'Collection published',
    description: 'A collection was published; data: { collectionId, slug, mode, baseUri }.',
  },
  'deployment.verified': {
    label: 'Deployment verified',
    description:
      'A contract recorded for a collection was verified on chain; data: { collectionId, chainId, address }.',
  },
  'mint.seen': {
    label: 'Mint seen',
    description:
      'More tokens of a deployed collection were minted than last reported (seen when the sale is read from the chain: the mint page does so on opening, after each mint and every few seconds); sent once per increase; data: { collectionId, contract, chainId, minted, previousMinted }.',
  },
};

/** The type of the event "Send test event" delivers (never subscribed to; sent to one endpoint on demand). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * The JSON body of every delivery. Its `id` is also the `webhook-id` header: the same event retried keeps
 * its id, so a receiver can ignore repeats.
 */
export const WebhookPayloadSchema = z.object({
  id: z.string(),
  type: z.union([WebhookEventTypeSchema, z.literal(WEBHOOK_TEST_EVENT)]),
  /** When the event happened (ISO 8601). */
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

/** One of the user's webhook endpoints; its signing secret is shown only when created or rotated. */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why the server disabled it (repeated failures), or null. */
  disabledReason: z.string().nullable(),
  /** The signing secret's first characters (`whsec_` and 4 more). */
  secretPrefix: z.string(),
  /** Failed attempts in a row since the last successful delivery. */
  failureStreak: z.number().int(),
  createdAt: z.string(),
  /** The workspace whose collections' events it receives. */
  workspaceId: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

const UrlSchema = z
  .string({ message: 'Enter the URL to send events to' })
  .trim()
  .min(1, 'Enter the URL to send events to')
  .max(2000, 'The URL can be at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'Enter a full http:// or https:// URL',
  });

const EventsSchema = z
  .array(WebhookEventTypeSchema, { message: 'Choose the events to send' })
  .min(1, 'Choose at least one event')
  .max(10);

/** The Add endpoint form. */
export const CreateWebhookBodySchema = z.object({
  url: UrlSchema,
  events: EventsSchema,
  /** The workspace whose collections' events it receives (its Owner or an Admin adds it); absent: your personal one. */
  workspaceId: z.string().min(1).max(80).optional(),
});
export type CreateWebhookInput = z.infer<typeof CreateWebhookBodySchema>;

/** Changes to an endpoint: its URL, its events, or switching it on or off (on again clears the failure streak). */
export const UpdateWebhookBodySchema = z.object({
  url: UrlSchema.optional(),
  events: EventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookBodySchema>;

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/v1/webhooks?workspace=`: a workspace's endpoints, newest first (a team's: to its Owners and Admins). */
export const listWebhooks = {
  method: 'GET',
  path: '/api/v1/webhooks',
  querystring: WorkspaceQuerySchema,
  response: successSchema(z.object({ endpoints: z.array(WebhookEndpointSchema) })),
} as const;

/** `POST /api/v1/webhooks`: adds an endpoint; the answer holds its signing secret, shown this once. */
export const createWebhook = {
  method: 'POST',
  path: '/api/v1/webhooks',
  body: CreateWebhookBodySchema,
  response: successSchema(z.object({ endpoint: WebhookEndpointSchema, secret: z.string() })),
} as const;
export type CreateWebhookResponse = z.infer<typeof createWebhook.response>;

/** `PATCH /api/v1/webhooks/:id`: changes an endpoint's URL or events, or switches it on or off. */
export const updateWebhook = {
  method: 'PATCH',
  path: '/api/v1/webhooks/:id',
  params: IdParamsSchema,
  body: UpdateWebhookBodySchema,
  response: successSchema(z.object({ endpoint: WebhookEndpointSchema })),
} as const;

/** `DELETE /api/v1/webhooks/:id`: removes an endpoint and its delivery log. */
export const deleteWebhook = {
  method: 'DELETE',
  path: '/api/v1/webhooks/:id',
  params: IdParamsSchema,
  response: successSchema(z.object({ deleted: z.literal(true) })),
} as const;

/** `POST /api/v1/webhooks/:id/secret`: replaces the signing secret at once; the answer holds the new one. */
export const rotateWebhookSecret = {
  method: 'POST',
  path: '/api/v1/webhooks/:id/secret',
  params: IdParamsSchema,
  response: successSchema(z.object({ endpoint: WebhookEndpointSchema, secret: z.string() })),
} as const;

/** A delivery's state: waiting for its first try, waiting to retry, delivered, or given up. */
export const WebhookDeliveryStatusSchema = z.enum(['pending', 'retrying', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** One event sent (or being sent) to an endpoint, with its last attempt. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The receiver's HTTP status at the last attempt (null when it could not be reached). */
  responseStatus: z.number().int().nullable(),
  /** How long the last attempt took, in ms. */
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, in words (null once delivered). */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due (null when none is). */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** `POST /api/v1/webhooks/:id/test`: queues a `webhook.test` event to the endpoint (202). */
export const sendTestWebhook = {
  method: 'POST',
  path: '/api/v1/webhooks/:id/test',
  params: IdParamsSchema,
  response: successSchema(z.object({ delivery: WebhookDeliverySchema })),
} as const;

/** `GET /api/v1/webhooks/:id/deliveries`: the endpoint's latest 50 deliveries, newest first. */
export const listWebhookDeliveries = {
  method: 'GET',
  path: '/api/v1/webhooks/:id/deliveries',
  params: IdParamsSchema,
  response: successSchema(z.object({ deliveries: z.array(WebhookDeliverySchema) })),
} as const;
