import type { DropContract, DropState } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { findDeploymentAt } from '../deployments/deployments.repository.ts';
import { emitWebhookEvent } from './webhooks.service.ts';

/**
 * Per app: the minted count each contract (`chainId:address`) was last reported at, as this process knows
 * it, so the crowd reading a sale costs no query while nothing new is minted. The table is the record
 * shared by every web node.
 */
const reportedBy = new WeakMap<object, Map<string, number>>();

/** Tries of the compare-and-set before giving up to another node that keeps moving the mark. */
const TRIES = 5;

/**
 * Moves the deployment's mark up to `minted` unless another reader did; answers the count it moved from
 * (0 for a deployment never marked), or undefined when there is nothing to report.
 */
async function moveMark(db: Kysely<Database>, deploymentId: string, minted: number) {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const now = new Date().toISOString();
    const mark = await db
      .selectFrom('webhook_mint_marks')
      .select('minted')
      .where('deployment_id', '=', deploymentId)
      .executeTakeFirst();
    if (!mark) {
      const inserted = await db
        .insertInto('webhook_mint_marks')
        .values({ deployment_id: deploymentId, minted, updated_at: now })
        .onConflict((conflict) => conflict.column('deployment_id').doNothing())
        .executeTakeFirst();
      // A contract starts with nothing minted: the first mark reports everything minted so far.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { previous: 0, known: minted };
      continue;
    }
    if (minted <= mark.minted) return { previous: undefined, known: mark.minted };
    const moved = await db
      .updateTable('webhook_mint_marks')
      .set({ minted, updated_at: now })
      .where('deployment_id', '=', deploymentId)
      .where('minted', '=', mark.minted)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return { previous: mark.minted, known: minted };
  }
  return { previous: undefined, known: undefined };
}

/**
 * Sends the owner's `mint.seen` webhook event when a drop's sale, as just read from the chain, shows more
 * tokens minted than last reported: once per increase across web nodes and restarts (the mark in
 * `webhook_mint_marks` moves by compare-and-set, and only the reader that moved it sends). Never fails
 * the read it follows.
 */
export async function emitMintSeen(app: App, contract: DropContract, state: DropState): Promise<void> {
  let reported = reportedBy.get(app.database);
  if (!reported) {
    reported = new Map();
    reportedBy.set(app.database, reported);
  }
  const contractKey = `${contract.chainId}:${contract.address}`;
  const known = reported.get(contractKey);
  if (known !== undefined && state.minted <= known) return;
  try {
    const deployment = await findDeploymentAt(app.database.db, contract.chainId, contract.address);
    if (!deployment) return;
    const { previous, known: now } = await moveMark(app.database.db, deployment.id, state.minted);
    if (now !== undefined) reported.set(contractKey, now);
    if (previous === undefined || state.minted <= previous) return;
    await emitWebhookEvent(app, deployment.owner_id, 'mint.seen', {
      collectionId: deployment.collection_id,
      contract: deployment.address,
      chainId: deployment.chain_id,
      minted: state.minted,
      previousMinted: previous,
    });
  } catch (error) {
    app.log.error({ err: error, contract: contractKey }, 'could not record a mint for the webhooks');
  }
}
