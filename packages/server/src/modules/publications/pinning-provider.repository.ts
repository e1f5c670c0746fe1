import type { Kysely } from 'kysely';
import type { Database, WorkspacePinningProviderTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A workspace's pinning provider row (the token still sealed), with whose personal workspace it is, if one. */
export async function findPinningProvider(
  db: Db,
  workspaceId: string,
): Promise<(WorkspacePinningProviderTable & { personal_user_id: string | null }) | undefined> {
  const row = await db
    .selectFrom('workspace_pinning_providers')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_pinning_providers.workspace_id')
    .selectAll('workspace_pinning_providers')
    .select(['workspaces.personal', 'workspaces.created_by'])
    .where('workspace_pinning_providers.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { personal, created_by, ...provider } = row;
  return { ...provider, personal_user_id: Number(personal) === 1 ? created_by : null };
}

/** Saves the workspace's one pinning provider, replacing the previous one. */
export async function upsertPinningProvider(db: Db, row: WorkspacePinningProviderTable): Promise<void> {
  await db
    .insertInto('workspace_pinning_providers')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('workspace_id').doUpdateSet({
        endpoint: row.endpoint,
        token_sealed: row.token_sealed,
        token_last4: row.token_last4,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Forgets the workspace's pinning provider. */
export async function deletePinningProviderRow(db: Db, workspaceId: string): Promise<void> {
  await db.deleteFrom('workspace_pinning_providers').where('workspace_id', '=', workspaceId).execute();
}
