import type { DropContract, DropState } from '@layerloom/api';
import { findDeploymentAt } from '../deployments/deployments.repository.ts';
import { type NotifyDeps, notify } from './bell.service.ts';

/** The drop-activity notices sent once per deployment when the chain shows them. */
type SaleNoticeKind = 'drop_first_mint' | 'drop_sold_out';

/**
 * Per app: the notices this process knows were already sent (`deploymentKey:kind`), so a drop's crowd reading
 * the sale does not ask the database again and again. The table stays the one record across web nodes.
 */
const sentBy = new WeakMap<object, Set<string>>();

async function collectionName(deps: NotifyDeps, collectionId: string): Promise<string> {
  const row = await deps.database.db
    .selectFrom('collections')
    .select('name')
    .where('id', '=', collectionId)
    .executeTakeFirst();
  return row?.name ?? 'Your collection';
}

/** Tells the owner their contract is deployed and verified on chain: the drop's mint page now sells from it. */
export async function noticeDropDeployed(
  deps: NotifyDeps,
  deployment: { owner_id: string; collection_id: string; address: string },
  chainName: string,
): Promise<void> {
  const name = await collectionName(deps, deployment.collection_id);
  await notify(deps, deployment.owner_id, {
    kind: 'drop_deployed',
    title: `“${name}” is deployed on ${chainName}`,
    // Shortened as wallets show it: the full address is on the collection's page.
    body: `Its contract ${deployment.address.slice(0, 6)}…${deployment.address.slice(-4)} is verified on chain, and its mint page sells from it.`,
    link: `/dashboard/collections/${deployment.collection_id}`,
  });
}

/**
 * Looks at a drop's sale as just read from the chain and tells the owner, once per deployment, when its first
 * token was minted and when it sold out. The mint page reads the sale when it opens, after each mint and every
 * few seconds, so both are seen while anyone is on the page. Never fails the read it follows.
 */
export async function noticeDropSale(
  deps: NotifyDeps,
  contract: DropContract,
  state: DropState,
): Promise<void> {
  const due: SaleNoticeKind[] = [];
  if (state.minted >= 1) due.push('drop_first_mint');
  if (state.maxSupply > 0 && state.minted >= state.maxSupply) due.push('drop_sold_out');
  let sent = sentBy.get(deps.database);
  if (!sent) {
    sent = new Set();
    sentBy.set(deps.database, sent);
  }
  const contractKey = `${contract.chainId}:${contract.address}`;
  const unsent = due.filter((kind) => !sent.has(`${contractKey}:${kind}`));
  if (unsent.length === 0) return;
  try {
    const db = deps.database.db;
    const deployment = await findDeploymentAt(db, contract.chainId, contract.address);
    if (!deployment) return;
    const name = await collectionName(deps, deployment.collection_id);
    for (const kind of unsent) {
      const inserted = await db
        .insertInto('drop_notices')
        .values({ deployment_id: deployment.id, kind, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['deployment_id', 'kind']).doNothing())
        .executeTakeFirst();
      sent.add(`${contractKey}:${kind}`);
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
      await notify(deps, deployment.owner_id, {
        kind,
        ...(kind === 'drop_first_mint'
          ? {
              title: `First mint of “${name}”`,
              body: `A collector minted the first token of “${name}” on ${contract.chainName}.`,
            }
          : {
              title: `“${name}” sold out`,
              body: `All ${state.maxSupply.toLocaleString('en-US')} tokens of “${name}” are minted on ${contract.chainName}.`,
            }),
        link: `/dashboard/collections/${deployment.collection_id}`,
      });
    }
  } catch (error) {
    deps.log.error({ err: error, contract: contractKey }, 'could not record a drop notice');
  }
}
