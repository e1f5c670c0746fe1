import type { Kysely } from 'kysely';
import type {
  Database,
  DeploymentPayeeTable,
  DeploymentRoyaltySplitterTable,
  DeploymentTable,
} from '../../db/schema.ts';

/** A deployment's royalty splitter with its payees, in the splitter's order. */
export interface RoyaltySplitterRows {
  splitter: DeploymentRoyaltySplitterTable;
  payees: DeploymentPayeeTable[];
}

/** Stores a deployment, its payees and its royalty splitter together (all or nothing). */
export async function insertDeployment(
  db: Kysely<Database>,
  row: DeploymentTable,
  payees: readonly DeploymentPayeeTable[] = [],
  royalty: RoyaltySplitterRows | null = null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('deployments').values(row).execute();
    if (payees.length > 0)
      await trx
        .insertInto('deployment_payees')
        .values([...payees])
        .execute();
    if (royalty) {
      await trx.insertInto('deployment_royalty_splitters').values(royalty.splitter).execute();
      await trx.insertInto('deployment_royalty_payees').values(royalty.payees).execute();
    }
  });
}

/** The royalty splitters of these deployments (those that have one), each with its payees in order. */
export async function listRoyaltySplitters(
  db: Kysely<Database>,
  deploymentIds: readonly string[],
): Promise<RoyaltySplitterRows[]> {
  if (deploymentIds.length === 0) return [];
  const [splitters, payees] = await Promise.all([
    db
      .selectFrom('deployment_royalty_splitters')
      .selectAll()
      .where('deployment_id', 'in', [...deploymentIds])
      .execute(),
    db
      .selectFrom('deployment_royalty_payees')
      .selectAll()
      .where('deployment_id', 'in', [...deploymentIds])
      .orderBy('deployment_id')
      .orderBy('position')
      .execute(),
  ]);
  return splitters.map((splitter) => ({
    splitter,
    payees: payees.filter((payee) => payee.deployment_id === splitter.deployment_id),
  }));
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
