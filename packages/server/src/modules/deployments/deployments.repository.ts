import type { Kysely } from 'kysely';
import type { Database, DeploymentPayeeTable, DeploymentTable } from '../../db/schema.ts';

/** Stores a deployment and its payees together (both or neither). */
export async function insertDeployment(
  db: Kysely<Database>,
  row: DeploymentTable,
  payees: readonly DeploymentPayeeTable[] = [],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('deployments').values(row).execute();
    if (payees.length > 0)
      await trx
        .insertInto('deployment_payees')
        .values([...payees])
        .execute();
  });
}

/** The payees of these deployments, each deployment's in its contract's order. */
export async function listDeploymentPayees(
  db: Kysely<Database>,
  deploymentIds: readonly string[],
): Promise<DeploymentPayeeTable[]> {
  if (deploymentIds.length === 0) return [];
  return db
    .selectFrom('deployment_payees')
    .selectAll()
    .where('deployment_id', 'in', [...deploymentIds])
    .orderBy('deployment_id')
    .orderBy('position')
    .execute();
}

export async function listCollectionDeployments(
  db: Kysely<Database>,
  collectionId: string,
): Promise<DeploymentTable[]> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function findDeploymentAt(
  db: Kysely<Database>,
  chainId: number,
  address: string,
): Promise<DeploymentTable | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where('address', '=', address)
    .executeTakeFirst();
}

/** The collection's newest deployment the server verified on chain. */
export async function findLatestVerifiedDeployment(
  db: Kysely<Database>,
  collectionId: string,
): Promise<DeploymentTable | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('status', '=', 'verified')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}
