import { randomUUID } from 'node:crypto';
import {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  WebhookDeliveryStatusSchema,
  type WebhookEndpoint,
  type WebhookEventType,
  WebhookEventTypeSchema,
  type WebhookPayload,
} from '@layerloom/api';
import { fetch as undiciFetch } from 'undici';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  assertPublicUrl,
  isPrivateAddressError,
  outboundDispatcher,
  PrivateAddressError,
} from '../../lib/outbound-guard.ts';
import type { App } from '../../types.ts';
import { open, seal, secretKey } from '../publications/ipfs-secret-box.ts';
import {
  personalWorkspaceId,
  resolveWorkspaceForCreate,
  roleAllows,
  roleTooLow,
  workspaceRole,
} from '../workspaces/resource-access.ts';
import { newWebhookSecret, signWebhook, WEBHOOK_SECRET_PREFIX } from './webhook-signature.ts';
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listEnabledEndpoints,
  listEndpointDeliveries,
  listWorkspaceEndpoints,
  updateDelivery,
  updateEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository.ts';

/** The durable job that makes one delivery attempt. */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/** Every delivery is tried at most this many times (the first try and five retries). */
export const MAX_ATTEMPTS = 6;
/**
 * The failure rule: an endpoint is switched off after this many failed attempts in a row with no
 * successful delivery between them (about two events' full retry schedules). Switching it on again
 * clears the count.
 */
export const DISABLE_AFTER_FAILURES = 10;
/** A receiver must answer within this time. */
const TIMEOUT_MS = 10_000;
const MAX_ENDPOINTS = 20;
const DELIVERIES_SHOWN = 50;

function eventsOf(row: WebhookEndpointRow): WebhookEventType[] {
  return row.events
    .split(',')
    .filter((event) => event !== '')
    .map((event) => WebhookEventTypeSchema.parse(event));
}

/** An endpoint as its owner sees it (never the secret). */
export function endpointView(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    secretPrefix: row.secret_prefix,
    failureStreak: row.failure_streak,
    createdAt: row.created_at,
    workspaceId: row.workspace_id,
  };
}

/** A delivery as its owner sees it. */
export function deliveryView(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.event_type,
    status: WebhookDeliveryStatusSchema.parse(row.status),
    attempts: row.attempts,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'retrying' ? row.next_attempt_at : null,
  };
}

/** Refuses a URL on a private or loopback address unless ALLOW_PRIVATE_URLS (checked again at connect). */
function checkUrl(app: App, url: string): void {
  if (app.config.allowPrivateUrls) return;
  try {
    assertPublicUrl(url);
  } catch (error) {
    if (!(error instanceof PrivateAddressError)) throw error;
    const message = `${error.host} is a private or local address, which this server does not send events to. Use a public address.`;
    throw new AppError('BAD_REQUEST', message, { fields: [{ path: 'url', message }], cause: error });
  }
}

function sealSecret(app: App, endpointId: string, secret: string): string {
  return seal(secretKey(app.config), secret, `webhook:${endpointId}`);
}

/** Adds an endpoint to a workspace (the caller's personal one by default); returns it with its signing secret, shown this once. */
export async function createEndpoint(
  app: App,
  userId: string,
  input: CreateWebhookInput,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const workspaceId = await resolveWorkspaceForCreate(
    app.database.db,
    userId,
    input.workspaceId,
    'admin',
    'add webhook endpoints to it',
  );
  checkUrl(app, input.url);
  if ((await listWorkspaceEndpoints(app.database.db, workspaceId)).length >= MAX_ENDPOINTS) {
    throw new AppError(
      'CONFLICT',
      `A workspace can have at most ${MAX_ENDPOINTS} webhook endpoints. Remove one first.`,
    );
  }
  const id = randomUUID();
  const secret = newWebhookSecret();
  const now = new Date().toISOString();
  const row: WebhookEndpointRow = {
    id,
    user_id: userId,
    workspace_id: workspaceId,
    url: input.url,
    events: WebhookEventTypeSchema.options.filter((event) => input.events.includes(event)).join(','),
    secret_sealed: sealSecret(app, id, secret),
    secret_prefix: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
    enabled: 1,
    disabled_reason: null,
    failure_streak: 0,
    created_at: now,
    updated_at: now,
  };
  await insertEndpoint(app.database.db, row);
  return { endpoint: endpointView(row), secret };
}

/** Endpoints are managed by a workspace's Owners and Admins (in a personal workspace: its owner). */
async function requireEndpointManager(app: App, userId: string, workspaceId: string, notThere: string) {
  const role = await workspaceRole(app.database.db, workspaceId, userId);
  if (!role) throw notFound(notThere);
  if (!roleAllows(role, 'admin')) throw roleTooLow(role, "manage this workspace's webhook endpoints");
}

/** A workspace's endpoints (the caller's personal workspace by default). */
export async function listEndpoints(
  app: App,
  userId: string,
  workspace?: string,
): Promise<WebhookEndpoint[]> {
  const workspaceId = workspace ?? (await personalWorkspaceId(app.database.db, userId));
  await requireEndpointManager(app, userId, workspaceId, 'Workspace');
  return (await listWorkspaceEndpoints(app.database.db, workspaceId)).map(endpointView);
}

/** An endpoint of a workspace the caller manages: 404 outside it, 403 for a member below Admin. */
async function ownedEndpoint(app: App, userId: string, id: string): Promise<WebhookEndpointRow> {
  const row = await findEndpoint(app.database.db, id);
  if (!row) throw notFound('Webhook endpoint');
  await requireEndpointManager(app, userId, row.workspace_id, 'Webhook endpoint');
  return row;
}

/** Changes an endpoint's URL or events, or switches it on (clearing the failure streak) or off. */
export async function changeEndpoint(
  app: App,
  userId: string,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpoint> {
  const row = await ownedEndpoint(app, userId, id);
  if (input.url !== undefined) checkUrl(app, input.url);
  await updateEndpoint(app.database.db, row.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined
      ? { events: WebhookEventTypeSchema.options.filter((event) => input.events?.includes(event)).join(',') }
      : {}),
    ...(input.enabled !== undefined
      ? {
          enabled: input.enabled ? 1 : 0,
          disabled_reason: null,
          ...(input.enabled ? { failure_streak: 0 } : {}),
        }
      : {}),
    updated_at: new Date().toISOString(),
  });
  return endpointView(await ownedEndpoint(app, userId, id));
}

/** Removes an endpoint and its log. */
export async function removeEndpoint(app: App, userId: string, id: string): Promise<void> {
  const row = await ownedEndpoint(app, userId, id);
  await deleteEndpoint(app.database.db, row.id);
}

/** Replaces the signing secret; deliveries from now on are signed with the new one. */
export async function rotateSecret(
  app: App,
  userId: string,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const row = await ownedEndpoint(app, userId, id);
  const secret = newWebhookSecret();
  await updateEndpoint(app.database.db, row.id, {
    secret_sealed: sealSecret(app, row.id, secret),
    secret_prefix: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
    updated_at: new Date().toISOString(),
  });
  return { endpoint: endpointView(await ownedEndpoint(app, userId, id)), secret };
}

/** The endpoint's latest deliveries. */
export async function listDeliveries(app: App, userId: string, id: string): Promise<WebhookDelivery[]> {
  const row = await ownedEndpoint(app, userId, id);
  return (await listEndpointDeliveries(app.database.db, row.id, DELIVERIES_SHOWN)).map(deliveryView);
}

async function queueDelivery(
  app: App,
  endpointId: string,
  userId: string,
  type: WebhookPayload['type'],
  data: Record<string, unknown>,
): Promise<WebhookDeliveryRow> {
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const now = new Date().toISOString();
  const payload: WebhookPayload = { id, type, createdAt: now, data };
  const row: WebhookDeliveryRow = {
    id,
    endpoint_id: endpointId,
    event_type: type,
    body: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    response_status: null,
    duration_ms: null,
    error: null,
    last_attempt_at: null,
    created_at: now,
  };
  await insertDelivery(app.database.db, row);
  await app.jobs.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryId: id }, userId);
  return row;
}

/**
 * Queues a `webhook.test` event to one endpoint (whatever its events, even when switched off). It is
 * retried like any other delivery, so an endpoint that was down when the owner pressed the button still gets it.
 */
export async function sendTestEvent(app: App, userId: string, id: string): Promise<WebhookDelivery> {
  const row = await ownedEndpoint(app, userId, id);
  const delivery = await queueDelivery(app, row.id, userId, WEBHOOK_TEST_EVENT, {
    message: 'A test event from Layerloom. Your endpoint received and verified it.',
  });
  return deliveryView(delivery);
}

/**
 * Queues an event to each switched-on endpoint that wants it, of the workspace the event's collection belongs
 * to (`data.collectionId`; without one, the user's personal workspace). Never throws: an event the webhooks
 * could not queue must not fail what caused it (it is logged).
 */
export async function emitWebhookEvent(
  app: App,
  userId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    const db = app.database.db;
    const collection =
      typeof data.collectionId === 'string'
        ? await db
            .selectFrom('collections')
            .select('workspace_id')
            .where('id', '=', data.collectionId)
            .executeTakeFirst()
        : undefined;
    const workspaceId = collection?.workspace_id ?? (await personalWorkspaceId(db, userId));
    const endpoints = (await listEnabledEndpoints(db, workspaceId)).filter((row) =>
      eventsOf(row).includes(type),
    );
    for (const endpoint of endpoints) await queueDelivery(app, endpoint.id, endpoint.user_id, type, data);
  } catch (error) {
    app.log.warn({ err: error, type, userId }, 'could not queue a webhook event');
  }
}

/** Why an attempt failed, in words the endpoint's owner can act on (never a stack). */
function failureText(error: unknown): string {
  if (isPrivateAddressError(error)) {
    return 'The URL resolves to a private or local address, which this server does not send events to.';
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `The endpoint did not answer within ${TIMEOUT_MS / 1000} seconds.`;
  }
  return 'The endpoint could not be reached.';
}

/** One attempt to deliver: POST the signed body; a 2xx within the timeout is a success. */
async function attempt(
  app: App,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
): Promise<{ ok: boolean; status: number | null; error: string | null; durationMs: number }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    if (!app.config.allowPrivateUrls) assertPublicUrl(endpoint.url);
    const secret = open(secretKey(app.config), endpoint.secret_sealed, `webhook:${endpoint.id}`);
    const headers = signWebhook(secret, delivery.id, Math.floor(Date.now() / 1000), delivery.body);
    const dispatcher = outboundDispatcher(app.config.allowPrivateUrls);
    const response = await undiciFetch(endpoint.url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Layerloom-Webhooks/1' },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(dispatcher ? { dispatcher } : {}),
    });
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      status: response.status,
      error: ok ? null : `The endpoint answered HTTP ${response.status}.`,
      durationMs: elapsed(),
    };
  } catch (error) {
    return { ok: false, status: null, error: failureText(error), durationMs: elapsed() };
  }
}

/**
 * Runs one delivery attempt and records it: success clears the endpoint's failure streak; a failure is
 * retried after WEBHOOK_RETRY_BASE_MS × 4^(attempt − 1) up to MAX_ATTEMPTS tries, and the
 * DISABLE_AFTER_FAILURES-th failed attempt in a row switches the endpoint off.
 */
export async function deliver(app: App, deliveryId: string): Promise<void> {
  const db = app.database.db;
  const delivery = await findDelivery(db, deliveryId);
  if (delivery?.status !== 'pending') return;
  const endpoint = await findEndpoint(db, delivery.endpoint_id);
  if (!endpoint) return;
  const isTest = delivery.event_type === WEBHOOK_TEST_EVENT;
  if (endpoint.enabled !== 1 && !isTest) {
    await updateDelivery(db, delivery.id, {
      status: 'failed',
      next_attempt_at: null,
      error: 'Not sent: the endpoint is switched off.',
    });
    return;
  }
  const outcome = await attempt(app, endpoint, delivery);
  const now = new Date();
  const attempts = delivery.attempts + 1;
  const recorded = {
    attempts,
    response_status: outcome.status,
    duration_ms: outcome.durationMs,
    last_attempt_at: now.toISOString(),
  };
  if (outcome.ok) {
    await updateDelivery(db, delivery.id, {
      ...recorded,
      status: 'succeeded',
      error: null,
      next_attempt_at: null,
    });
    if (endpoint.failure_streak !== 0) await updateEndpoint(db, endpoint.id, { failure_streak: 0 });
    return;
  }
  const streak = endpoint.failure_streak + 1;
  const disable = streak >= DISABLE_AFTER_FAILURES && endpoint.enabled === 1;
  const retry = attempts < MAX_ATTEMPTS && !disable;
  await updateDelivery(db, delivery.id, {
    ...recorded,
    status: retry ? 'retrying' : 'failed',
    error: outcome.error,
    next_attempt_at: retry
      ? new Date(now.getTime() + app.config.webhookRetryBaseMs * 4 ** (attempts - 1)).toISOString()
      : null,
  });
  await updateEndpoint(db, endpoint.id, {
    failure_streak: streak,
    ...(disable
      ? {
          enabled: 0,
          disabled_reason: `Switched off after ${DISABLE_AFTER_FAILURES} failed attempts in a row. Fix the endpoint, then switch it on again.`,
        }
      : {}),
  });
}
