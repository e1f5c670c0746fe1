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
import { fullName } from '../users/full-name.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import {
  personalWorkspaceId,
  resolveWorkspaceForCreate,
  roleAllows,
  roleTooLow,
  workspaceRole,
} from '../workspaces/resource-access.ts';
import {
  type ApiKeyRow,
  deleteApiKeyUsesBefore,
  findApiKey,
  findApiKeyByHash,
  insertApiKey,
  listApiKeyUses,
  listWorkspaceApiKeys,
  recordApiKeyUse,
  revokeApiKeyRow,
} from './api-keys.repository.ts';

/** How many characters of the secret (after `ll_live_`) the owner sees to recognise a key. */
const SHOWN_CHARACTERS = 8;
/** The use log keeps 30 days; the tab shows the latest 50 requests. */
const USE_LOG_DAYS = 30;
const USES_SHOWN = 50;
/** A workspace may hold this many keys that are not revoked. */
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

/** A key row as its workspace's managers see it; `creatorName` null: its creator is no longer a member. */
export function apiKeyView(row: ApiKeyRow, creatorName: string | null, now = new Date()): ApiKey {
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
    workspaceId: row.workspace_id,
    createdBy:
      creatorName === null ? { id: null, name: 'A former member' } : { id: row.user_id, name: creatorName },
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

/** Keys are managed by a workspace's Owners and Admins (in a personal workspace: its owner). */
async function requireKeyManager(db: Kysely<Database>, userId: string, workspaceId: string) {
  const role = await workspaceRole(db, workspaceId, userId);
  if (!role) throw notFound('Workspace');
  if (!roleAllows(role, 'admin')) throw roleTooLow(role, "manage this workspace's API keys");
}

/** A key the caller may manage: one they made (while a member), or any of a workspace they are an Admin of. */
async function managedKey(db: Kysely<Database>, userId: string, id: string): Promise<ApiKeyRow> {
  const row = await findApiKey(db, id);
  const role = row ? await workspaceRole(db, row.workspace_id, userId) : undefined;
  if (!row || !role || (row.user_id !== userId && !roleAllows(role, 'admin'))) throw notFound('API key');
  return row;
}

/** The name shown for the caller as a key's creator. */
async function nameOf(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await findUserById(db, userId);
  return user ? fullName(user) : 'A former member';
}

/** Creates a key in a workspace (the caller's personal one by default); returns it with its secret, shown this once. */
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
  const workspaceId = await resolveWorkspaceForCreate(
    db,
    userId,
    input.workspaceId,
    'admin',
    'create API keys for it',
  );
  const live = (await listWorkspaceApiKeys(db, workspaceId)).filter((row) => statusOf(row, now) === 'active');
  if (live.length >= MAX_LIVE_KEYS) {
    throw new AppError(
      'CONFLICT',
      `A workspace can have at most ${MAX_LIVE_KEYS} active keys. Revoke one that is no longer used.`,
    );
  }
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scopes = ApiKeyScopeSchema.options.filter((scope) => input.scopes.includes(scope));
  const row: ApiKeyRow = {
    id: randomUUID(),
    user_id: userId,
    workspace_id: workspaceId,
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
  return { key: apiKeyView(row, await nameOf(db, userId), now), secret };
}

/** A workspace's keys (the caller's personal workspace by default), newest first: for its Owners and Admins. */
export async function listApiKeys(
  db: Kysely<Database>,
  userId: string,
  workspace?: string,
): Promise<ApiKey[]> {
  const workspaceId = workspace ?? (await personalWorkspaceId(db, userId));
  await requireKeyManager(db, userId, workspaceId);
  const now = new Date();
  return (await listWorkspaceApiKeys(db, workspaceId)).map((row) => apiKeyView(row, row.creator_name, now));
}

/** The view of one key, with its creator's name while they are a member. */
async function viewOf(db: Kysely<Database>, row: ApiKeyRow): Promise<ApiKey> {
  const member = await workspaceRole(db, row.workspace_id, row.user_id);
  return apiKeyView(row, member ? await nameOf(db, row.user_id) : null);
}

/** Revokes a key the caller made or manages (404 for any other id); revoking twice keeps the first time. */
export async function revokeApiKey(db: Kysely<Database>, userId: string, id: string): Promise<ApiKey> {
  await managedKey(db, userId, id);
  await revokeApiKeyRow(db, id, new Date().toISOString());
  return viewOf(db, (await findApiKey(db, id))!);
}

/** The latest requests made with a key the caller made or manages. */
export async function apiKeyUses(db: Kysely<Database>, userId: string, id: string): Promise<ApiKeyUse[]> {
  await managedKey(db, userId, id);
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
  // A key acts as its creator in its workspace: once they leave it (or are removed), it stops at once.
  if (!(await workspaceRole(db, found.workspace_id, found.user_id))) {
    throw new AppError(
      'UNAUTHENTICATED',
      `The person who made this API key is no longer a member of its workspace. ${MANAGE_HINT}`,
    );
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
