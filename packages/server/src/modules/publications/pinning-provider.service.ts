import type { PinningProvider, SavePinningProviderBody } from '@layerloom/api';
import type { PinningProviderTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertPublicUrl, PrivateAddressError } from '../../lib/outbound-guard.ts';
import type { App } from '../../types.ts';
import { deletePinningProviderRow, findPinningProvider, upsertPinningProvider } from './ipfs.repository.ts';
import { open, SecretUnreadableError, seal, secretKey } from './ipfs-secret-box.ts';

function providerView(row: PinningProviderTable): PinningProvider {
  return { endpoint: row.endpoint, tokenLast4: row.token_last4, updatedAt: row.updated_at };
}

/** The user's pinning provider as the browser may see it (no token), or null. */
export async function getPinningProvider(app: App, ownerId: string): Promise<PinningProvider | null> {
  const row = await findPinningProvider(app.database.db, ownerId);
  return row ? providerView(row) : null;
}

/**
 * Saves the user's pinning provider. One per user: a creator's account at a provider is theirs, not a
 * collection's, and every collection they publish goes to it. The token is sealed (AES-256-GCM).
 */
export async function savePinningProvider(
  app: App,
  ownerId: string,
  body: SavePinningProviderBody,
): Promise<PinningProvider> {
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
  const row: PinningProviderTable = {
    owner_id: ownerId,
    endpoint,
    token_sealed: seal(secretKey(app.config), token, ownerId),
    token_last4: token.slice(-4),
    updated_at: new Date().toISOString(),
  };
  await upsertPinningProvider(app.database.db, row);
  return providerView(row);
}

export async function deletePinningProvider(app: App, ownerId: string): Promise<void> {
  await deletePinningProviderRow(app.database.db, ownerId);
}

/** The endpoint and the opened token, for an upload; a clear error when none is saved or it cannot be opened. */
export async function pinningCredentials(
  app: App,
  ownerId: string,
): Promise<{ endpoint: string; token: string }> {
  const row = await findPinningProvider(app.database.db, ownerId);
  if (!row) {
    throw new AppError('CONFLICT', 'Save your pinning provider (its API address and access token) first.');
  }
  try {
    return { endpoint: row.endpoint, token: open(secretKey(app.config), row.token_sealed, ownerId) };
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new AppError(
      'CONFLICT',
      'The saved access token can no longer be read by this server (its secret key changed). Save the token again.',
      { cause: error },
    );
  }
}
