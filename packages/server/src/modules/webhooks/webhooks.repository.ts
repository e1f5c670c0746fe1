import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from '../../db/schema.ts';

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;

/** Stores a new endpoint. */
export async function insertEndpoint(
  db: Kysely<Database>,
  row: Insertable<WebhookEndpointTable>,
): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

/** A workspace's endpoints, newest first. */
export async function listWorkspaceEndpoints(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** An endpoint by id. */
export async function findEndpoint(
  db: Kysely<Database>,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A workspace's switched-on endpoints (their event lists are filtered by the caller). */
export async function listEnabledEndpoints(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('enabled', '=', 1)
    .execute();
}

/** Changes an endpoint. */
export async function updateEndpoint(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<WebhookEndpointTable>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

/** Removes an endpoint (its deliveries go with it). */
export async function deleteEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** Stores a new delivery. */
export async function insertDelivery(
  db: Kysely<Database>,
  row: Insertable<WebhookDeliveryTable>,
): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

/** A delivery by id. */
export async function findDelivery(
  db: Kysely<Database>,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records an attempt's outcome. */
export async function updateDelivery(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<WebhookDeliveryTable>,
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
}

/** An endpoint's latest deliveries, newest first. */
export async function listEndpointDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Deliveries waiting to retry whose time has come. */
export async function listDueRetries(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'retrying')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Takes a due retry for this process (compare-and-set: on several nodes only one takes it). */
export async function claimRetry(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending' })
    .where('id', '=', id)
    .where('status', '=', 'retrying')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
