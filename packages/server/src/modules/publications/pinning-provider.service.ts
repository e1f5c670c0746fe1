import type { PinningProvider, SavePinningProviderBody } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database, WorkspacePinningProviderTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertPublicUrl, PrivateAddressError } from '../../lib/outbound-guard.ts';
import type { App } from '../../types.ts';
import { personalWorkspaceId, roleAllows, roleTooLow, workspaceRole } from '../workspaces/resource-access.ts';
import { recordActivity } from '../workspaces/workspaces.service.ts';
import { open, SecretUnreadableError, seal, secretKey } from './ipfs-secret-box.ts';
import {
  deletePinningProviderRow,
  findPinningProvider,
  upsertPinningProvider,
} from './pinning-provider.repository.ts';

function providerView(row: WorkspacePinningProviderTable): PinningProvider {
  return { endpoint: row.endpoint, tokenLast4: row.token_last4, updatedAt: row.updated_at };
}

/**
 * The workspace a pinning-provider call is about: the one named (`?workspace=`), for a member whose role allows
 * what they ask (404 'Workspace not found' for anyone else, as for an unknown id), or the caller's personal one.
 */
async function workspaceFor(
  app: App,
  userId: string,
  workspace: string | undefined,
  manage: boolean,
): Promise<string> {
  const workspaceId = workspace ?? (await personalWorkspaceId(app.database.db, userId));
  const role = await workspaceRole(app.database.db, workspaceId, userId);
  if (!role) throw notFound('Workspace');
  if (manage && !roleAllows(role, 'admin')) throw roleTooLow(role, "change the workspace's pinning provider");
  return workspaceId;
}

/** A workspace's pinning provider as its members may see it (no token), or null; for any member. */
export async function getPinningProvider(
  app: App,
  userId: string,
  workspace?: string,
): Promise<PinningProvider | null> {
  const workspaceId = await workspaceFor(app, userId, workspace, false);
  const row = await findPinningProvider(app.database.db, workspaceId);
  return row ? providerView(row) : null;
}

/**
 * Saves a workspace's pinning provider (its Owners and Admins; the caller's personal workspace when none is
 * named). One per workspace: every collection of the workspace is uploaded to it, whoever publishes. The token
 * is sealed (AES-256-GCM), bound to the workspace.
 */
export async function savePinningProvider(
  app: App,
  userId: string,
  workspace: string | undefined,
  body: SavePinningProviderBody,
): Promise<PinningProvider> {
  const workspaceId = await workspaceFor(app, userId, workspace, true);
  const token = body.token.trim();
  const endpoint = body.endpoint.trim().replace(/\/+$/, '');
  if (!app.config.allowPrivateUrls) {
    try {
      assertPublicUrl(endpoint);
    } catch (error) {
      if (!(error instanceof PrivateAddressError)) throw error;
      const message = `${error.host} is a private or local address, which this server does not connect to. Use the provider's public address.`;
      throw new AppError('BAD_REQUEST', message, { fields: [{ path: 'endpoint', message }], cause: error });
    }
  }
  const row: WorkspacePinningProviderTable = {
    workspace_id: workspaceId,
    endpoint,
    token_sealed: seal(secretKey(app.config), token, workspaceId),
    token_last4: token.slice(-4),
    updated_by: userId,
    updated_at: new Date().toISOString(),
  };
  await app.database.db.transaction().execute(async (trx) => {
    await upsertPinningProvider(trx, row);
    await logProviderChange(trx, workspaceId, userId, 'pinning.saved', {
      endpoint,
      tokenLast4: row.token_last4,
    });
  });
  return providerView(row);
}

/** Forgets a workspace's pinning provider and its token (its Owners and Admins). */
export async function deletePinningProvider(app: App, userId: string, workspace?: string): Promise<void> {
  const workspaceId = await workspaceFor(app, userId, workspace, true);
  await app.database.db.transaction().execute(async (trx) => {
    const removed = await findPinningProvider(trx, workspaceId);
    if (!removed) return;
    await deletePinningProviderRow(trx, workspaceId);
    await logProviderChange(trx, workspaceId, userId, 'pinning.removed', { endpoint: removed.endpoint });
  });
}

/** Logs a change of a team's pinning provider in its activity log (a personal workspace keeps none). */
async function logProviderChange(
  db: Kysely<Database>,
  workspaceId: string,
  userId: string,
  action: 'pinning.saved' | 'pinning.removed',
  detail: Record<string, string>,
): Promise<void> {
  const workspace = await db
    .selectFrom('workspaces')
    .select('personal')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  if (!workspace || Number(workspace.personal) === 1) return;
  await recordActivity(db, workspaceId, userId, action, { detail });
}

/** Opens a row's token: bound to its workspace, or (saved before migration 0200) to the personal workspace's user. */
function openToken(app: App, row: WorkspacePinningProviderTable & { personal_user_id: string | null }) {
  const key = secretKey(app.config);
  try {
    return open(key, row.token_sealed, row.workspace_id);
  } catch (error) {
    if (!(error instanceof SecretUnreadableError) || row.personal_user_id === null) throw error;
    return open(key, row.token_sealed, row.personal_user_id);
  }
}

/**
 * The endpoint and the opened token of a workspace's provider, for uploading one of its collections; a clear
 * error when none is saved or it cannot be opened.
 */
export async function pinningCredentials(
  app: App,
  workspaceId: string,
): Promise<{ endpoint: string; token: string }> {
  const row = await findPinningProvider(app.database.db, workspaceId);
  if (!row) {
    const workspace = await app.database.db
      .selectFrom('workspaces')
      .select(['name', 'personal'])
      .where('id', '=', workspaceId)
      .executeTakeFirst();
    if (!workspace || Number(workspace.personal) === 1) {
      throw new AppError('CONFLICT', 'Save your pinning provider (its API address and access token) first.');
    }
    throw new AppError(
      'CONFLICT',
      `${workspace.name} has no pinning provider yet: an Owner or Admin of the workspace saves one (its API address and access token) first.`,
    );
  }
  try {
    return { endpoint: row.endpoint, token: openToken(app, row) };
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new AppError(
      'CONFLICT',
      'The saved access token can no longer be read by this server (its secret key changed). Save the token again.',
      { cause: error },
    );
  }
}
