import type { Kysely, Updateable } from 'kysely';
import type { ContractVerificationTable, Database, DeploymentTable } from '../../db/schema.ts';

/** Which of a deployment's contracts a verification row is about. */
export type VerifiedContract = 'collection' | 'royalty_splitter';

/** Stores a contract's verification row (once: a second insert for the same contract is ignored). */
export async function insertVerification(
  db: Kysely<Database>,
  row: ContractVerificationTable,
): Promise<void> {
  await db
    .insertInto('contract_verifications')
    .values(row)
    .onConflict((conflict) => conflict.columns(['deployment_id', 'contract']).doNothing())
    .execute();
}

export async function findVerification(
  db: Kysely<Database>,
  deploymentId: string,
  contract: VerifiedContract,
): Promise<ContractVerificationTable | undefined> {
  return db
    .selectFrom('contract_verifications')
    .selectAll()
    .where('deployment_id', '=', deploymentId)
    .where('contract', '=', contract)
    .executeTakeFirst();
}

/** The verification rows of these deployments (each contract's). */
export async function listVerifications(
  db: Kysely<Database>,
  deploymentIds: readonly string[],
): Promise<ContractVerificationTable[]> {
  if (deploymentIds.length === 0) return [];
  return db
    .selectFrom('contract_verifications')
    .selectAll()
    .where('deployment_id', 'in', [...deploymentIds])
    .execute();
}

export async function updateVerification(
  db: Kysely<Database>,
  deploymentId: string,
  contract: VerifiedContract,
  changes: Updateable<ContractVerificationTable>,
): Promise<void> {
  await db
    .updateTable('contract_verifications')
    .set(changes)
    .where('deployment_id', '=', deploymentId)
    .where('contract', '=', contract)
    .execute();
}

/**
 * Moves a row from one status to another only if it is still in the first (compare-and-set), so that on
 * several nodes one takes it; true when this caller did.
 */
export async function claimVerification(
  db: Kysely<Database>,
  deploymentId: string,
  contract: VerifiedContract,
  from: readonly string[],
  changes: Updateable<ContractVerificationTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('contract_verifications')
    .set(changes)
    .where('deployment_id', '=', deploymentId)
    .where('contract', '=', contract)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Rows whose next attempt is due, and rows a lost job left queued since `staleBefore`. */
export async function listDueVerifications(
  db: Kysely<Database>,
  now: string,
  staleBefore: string,
  limit: number,
): Promise<ContractVerificationTable[]> {
  return db
    .selectFrom('contract_verifications')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'waiting'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'queued'), eb('updated_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** One deployment of one collection (the verification's own lookups; the deployments service lists them). */
export async function findCollectionDeployment(
  db: Kysely<Database>,
  collectionId: string,
  deploymentId: string,
): Promise<DeploymentTable | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('id', '=', deploymentId)
    .executeTakeFirst();
}

export async function findDeploymentById(
  db: Kysely<Database>,
  deploymentId: string,
): Promise<DeploymentTable | undefined> {
  return db.selectFrom('deployments').selectAll().where('id', '=', deploymentId).executeTakeFirst();
}
