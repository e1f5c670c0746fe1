import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/**
 * What an API key may do. Every `/api/v1` route a key may call names one scope (the server's route
 * table); account security, billing, admin routes, the keys themselves and webhook signing secrets take
 * no key at all. `webhooks` is never granted unless chosen: such a key can send the account's events
 * to any address.
 */
export const ApiKeyScopeSchema = z.enum(['read', 'generate', 'publish', 'messages', 'webhooks']);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

/**
 * Each scope's label and what it allows, as Settings › Developers and the API docs describe it, and for a
 * scope that needs care, the warning shown when it is chosen.
 */
export const apiKeyScopes: Record<ApiKeyScope, { label: string; description: string; warning?: string }> = {
  read: {
    label: 'Read',
    description: 'List and read projects, collections, tokens, publications and deployments.',
  },
  generate: {
    label: 'Generate',
    description: 'Create and change projects, upload traits, preview, and start or cancel generations.',
  },
  publish: {
    label: 'Publish',
    description: 'Publish collections, set up reveals, allowlists and mint pages, and record deployments.',
  },
  messages: { label: 'Messages', description: 'Send messages to the Layerloom team.' },
  webhooks: {
    label: 'Webhooks',
    description:
      'List, add, change and remove webhook endpoints, send test events and read delivery logs. A new endpoint’s signing secret is shown once; existing secrets are never readable with a key.',
    // It can point the account's events (collection names, contract addresses, mints) at any address.
    warning:
      'A key with the Webhooks scope can send your account’s events (collections, deployments, mints) to any address it chooses. Give it only to code you trust, and prefer an expiry.',
  },
};

/** The recognisable start of every API key secret (the rest is 43 random base64url characters). */
export const API_KEY_PREFIX = 'll_live_';

/** Whether a key is usable now, or why not. */
export const ApiKeyStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

/** One API key as its owner sees it: never the secret, only its first characters. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters (`ll_live_` and 8 more), enough to recognise it. */
  prefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  status: ApiKeyStatusSchema,
  createdAt: z.string(),
  /** Null for a key never used. */
  lastUsedAt: z.string().nullable(),
  /** Null for a key that does not expire. */
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The workspace the key works in: it reaches that workspace's projects and collections only. */
  workspaceId: z.string(),
  /** Who made it ("A former member" once they left); the key acts with their role in the workspace. */
  createdBy: z.object({ id: z.string().nullable(), name: z.string() }),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The Create API key form. */
export const CreateApiKeyBodySchema = z.object({
  name: z
    .string({ message: 'Give the key a name' })
    .trim()
    .min(1, 'Give the key a name')
    .max(60, 'The name can be at most 60 characters'),
  scopes: z
    .array(ApiKeyScopeSchema, { message: 'Choose what the key may do' })
    .min(1, 'Choose at least one scope')
    .max(ApiKeyScopeSchema.options.length),
  /** When the key stops working (ISO 8601, in the future); null or absent: never. */
  expiresAt: z.iso
    .datetime({ offset: true, message: 'The expiry must be a date and time' })
    .nullable()
    .optional(),
  /** The workspace the key works in (its Owner or an Admin makes it); absent: your personal workspace. */
  workspaceId: z.string().min(1).max(80).optional(),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyBodySchema>;

/** Which workspace's keys or webhook endpoints a list shows (absent: your personal workspace). */
export const WorkspaceQuerySchema = z.object({ workspace: z.string().min(1).max(80).optional() });

/**
 * `GET /api/v1/api-keys?workspace=`: a workspace's keys, newest first (revoked ones included); a team's are
 * listed to its Owners and Admins. Session only.
 */
export const listApiKeys = {
  method: 'GET',
  path: '/api/v1/api-keys',
  querystring: WorkspaceQuerySchema,
  response: successSchema(z.object({ keys: z.array(ApiKeySchema) })),
} as const;

/** `POST /api/v1/api-keys`: creates a key; the answer is the only time the secret is shown. Session only. */
export const createApiKey = {
  method: 'POST',
  path: '/api/v1/api-keys',
  body: CreateApiKeyBodySchema,
  response: successSchema(z.object({ key: ApiKeySchema, secret: z.string() })),
} as const;
export type CreateApiKeyResponse = z.infer<typeof createApiKey.response>;

/** `DELETE /api/v1/api-keys/:id`: revokes a key at once (it answers 401 from then on). Session only. */
export const revokeApiKey = {
  method: 'DELETE',
  path: '/api/v1/api-keys/:id',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: successSchema(z.object({ key: ApiKeySchema })),
} as const;

/** One request made with a key. */
export const ApiKeyUseSchema = z.object({
  method: z.string(),
  /** The route's pattern, e.g. `/api/v1/collections/:id` (ids are not kept). */
  route: z.string(),
  statusCode: z.number().int(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type ApiKeyUse = z.infer<typeof ApiKeyUseSchema>;

/** `GET /api/v1/api-keys/:id/uses`: the key's latest 50 requests, newest first. Session only. */
export const listApiKeyUses = {
  method: 'GET',
  path: '/api/v1/api-keys/:id/uses',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: successSchema(z.object({ uses: z.array(ApiKeyUseSchema) })),
} as const;
