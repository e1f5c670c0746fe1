import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  ApiKeyScopeSchema,
  type ApiKeyUse,
  type CreateApiKeyInput,
} from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import {
  type ApiKeyRow,
  deleteApiKeyUsesBefore,
  findApiKeyByHash,
  findUserApiKey,
  insertApiKey,
  listApiKeyUses,
  listUserApiKeys,
  recordApiKeyUse,
  revokeUserApiKey,
} from './api-keys.repository.ts';

/** How many characters of the secret (after `ll_live_`) the owner sees to recognise a key. */
const SHOWN_CHARACTERS = 8;
/** The use log keeps 30 days; the tab shows the latest 50 requests. */
const USE_LOG_DAYS = 30;
const USES_SHOWN = 50;
/** A user may hold this many keys that are not revoked. */
export const MAX_LIVE_KEYS = 25;

const MANAGE_HINT = 'Create a new one in Settings › Developers.';

function scopesOf(row: ApiKeyRow): ApiKeyScope[] {
  return row.scopes
    .split(',')
    .filter((scope) => scope !== '')
    .map((scope) => ApiKeyScopeSchema.parse(scope));
}

function statusOf(row: ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at <= now.toISOString()) return 'expired';
  return 'active';
}

/** A key row as its owner sees it. */
export function apiKeyView(row: ApiKeyRow, now = new Date()): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row),
    status: statusOf(row, now),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

/** The day a time falls on, as the refusal messages say it (UTC, e.g. 25 Nov 2026). */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Creates a key; returns it with its secret, which is never stored or shown again. */
export async function createApiKey(
  db: Kysely<Database>,
  userId: string,
  input: CreateApiKeyInput,
  now = new Date(),
): Promise<{ key: ApiKey; secret: string }> {
  if (input.expiresAt && new Date(input.expiresAt) <= now) {
    throw new AppError('VALIDATION_FAILED', 'The expiry must be in the future', {
      fields: [{ path: 'expiresAt', message: 'The expiry must be in the future' }],
    });
  }
  const live = (await listUserApiKeys(db, userId)).filter((row) => statusOf(row, now) === 'active');
  if (live.length >= MAX_LIVE_KEYS) {
    throw new AppError(
      'CONFLICT',
      `You can have at most ${MAX_LIVE_KEYS} active keys. Revoke one you no longer use.`,
    );
  }
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scopes = ApiKeyScopeSchema.options.filter((scope) => input.scopes.includes(scope));
  const row: ApiKeyRow = {
    id: randomUUID(),
    user_id: userId,
    name: input.name,
    prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
    secret_hash: sha256Hex(secret),
    scopes: scopes.join(','),
    expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
    last_used_at: null,
    revoked_at: null,
    created_at: now.toISOString(),
  };
  await insertApiKey(db, row);
  return { key: apiKeyView(row, now), secret };
}

/** The user's keys, newest first. */
export async function listApiKeys(db: Kysely<Database>, userId: string): Promise<ApiKey[]> {
  const now = new Date();
  return (await listUserApiKeys(db, userId)).map((row) => apiKeyView(row, now));
}

/** Revokes one of the user's keys (404 for any other id); revoking twice keeps the first time. */
export async function revokeApiKey(db: Kysely<Database>, userId: string, id: string): Promise<ApiKey> {
  await revokeUserApiKey(db, userId, id, new Date().toISOString());
  const row = await findUserApiKey(db, userId, id);
  if (!row) throw notFound('API key');
  return apiKeyView(row);
}

/** The latest requests made with one of the user's keys. */
export async function apiKeyUses(db: Kysely<Database>, userId: string, id: string): Promise<ApiKeyUse[]> {
  const row = await findUserApiKey(db, userId, id);
  if (!row) throw notFound('API key');
  const uses = await listApiKeyUses(db, id, USES_SHOWN);
  return uses.map((use) => ({
    method: use.method,
    route: use.route,
    statusCode: use.status_code,
    ip: use.ip,
    at: use.created_at,
  }));
}

/**
 * The key a bearer secret names and its owner, or a 401 saying why it cannot be used: unknown or
 * malformed, revoked, expired, or its account no longer active.
 */
export async function authenticateApiKey(
  db: Kysely<Database>,
  secret: string,
  now = new Date(),
): Promise<{ key: ApiKeyRow; scopes: ApiKeyScope[]; user: UserRow }> {
  const found =
    secret.startsWith(API_KEY_PREFIX) && secret.length <= 100
      ? await findApiKeyByHash(db, sha256Hex(secret))
      : undefined;
  if (!found) {
    throw new AppError(
      'UNAUTHENTICATED',
      `This API key is not valid. Check that it was copied whole (it starts with ${API_KEY_PREFIX}), or ${MANAGE_HINT.toLowerCase()}`,
    );
  }
  if (found.revoked_at) {
    throw new AppError(
      'UNAUTHENTICATED',
      `This API key was revoked on ${day(found.revoked_at)}. ${MANAGE_HINT}`,
    );
  }
  if (found.expires_at && found.expires_at <= now.toISOString()) {
    throw new AppError('UNAUTHENTICATED', `This API key expired on ${day(found.expires_at)}. ${MANAGE_HINT}`);
  }
  const user = await findUserById(db, found.user_id);
  if (user?.account_status !== 'approved' || user.deactivated_at !== null) {
    throw new AppError('UNAUTHENTICATED', 'The account this API key belongs to is not active.');
  }
  return { key: found, scopes: scopesOf(found), user };
}

/** Logs one request made with a key; requests older than the log window are forgotten now and then. */
export async function logApiKeyUse(
  db: Kysely<Database>,
  use: { keyId: string; method: string; route: string; statusCode: number; ip: string | null },
  now = new Date(),
): Promise<void> {
  await recordApiKeyUse(db, {
    id: randomUUID(),
    key_id: use.keyId,
    method: use.method,
    route: use.route,
    status_code: use.statusCode,
    ip: use.ip,
    created_at: now.toISOString(),
  });
  // About one request in fifty sweeps the key's old entries, so the log stays bounded without a timer.
  if (Math.random() < 0.02) {
    await deleteApiKeyUsesBefore(
      db,
      use.keyId,
      new Date(now.getTime() - USE_LOG_DAYS * 86_400_000).toISOString(),
    );
  }
}
