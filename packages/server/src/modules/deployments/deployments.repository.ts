import type { Kysely } from 'kysely';
import type { Database, DeploymentTable } from '../../db/schema.ts';

export async function insertDeployment(db: Kysely<Database>, row: DeploymentTable): Promise<void> {
  await db.insertInto('deployments').values(row).execute();
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
