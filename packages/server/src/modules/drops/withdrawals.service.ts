import { randomUUID } from 'node:crypto';
import type { Withdrawal } from '@layerloom/api';
import { getChain } from '@layerloom/contracts';
import { type Address, formatEther, type Hash } from 'viem';
import type { WithdrawalTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { listCollectionDeployments } from '../deployments/deployments.repository.ts';
import { recordActivity } from '../workspaces/workspaces.service.ts';
import { readWithdrawalTransaction } from './read-withdrawal-transaction.ts';

function withdrawalView(row: WithdrawalTable, chainId: number, contract: string): Withdrawal {
  const currency = getChain({ chainId }).chain.nativeCurrency.symbol;
  return {
    id: row.id,
    chainId,
    contract,
    transactionHash: row.transaction_hash,
    blockNumber: row.block_number,
    recipients: JSON.parse(row.recipients) as string[],
    amountWei: row.amount_wei,
    amount: `${formatEther(BigInt(row.amount_wei))} ${currency}`,
    createdAt: row.created_at,
  };
}

/**
 * Logs a withdrawal the creator's wallet sent to one of the collection's contracts on the chain of its newest
 * deployment, once its receipt was read there: the withdrawal and its activity entry ("Withdrew funds: 0.02 ETH
 * to 0x…") are written together. 409 without a contract, without an RPC for its chain, or for a transaction
 * already logged; 400 for a transaction that is not a withdrawal of this collection; nothing is written then.
 */
export async function recordWithdrawal(
  app: App,
  userId: string,
  collectionId: string,
  transactionHash: string,
): Promise<Withdrawal> {
  const collection = await getOwnedCollection(app, userId, collectionId);
  const db = app.database.db;
  const deployments = await listCollectionDeployments(db, collection.id);
  const newest = deployments[0];
  if (!newest) {
    throw new AppError('CONFLICT', "Deploy the collection's contract first: there are no funds to withdraw.");
  }
  const chain = getChain({ chainId: newest.chain_id });
  const rpcUrl = app.config.rpcUrls[newest.chain_id];
  if (!rpcUrl) {
    throw new AppError(
      'CONFLICT',
      `No RPC is configured for ${chain.name} (RPC_URL_${newest.chain_id}), so Layerloom cannot read the transaction.`,
    );
  }
  const onChain = deployments.filter((row) => row.chain_id === newest.chain_id);
  const hash = transactionHash.toLowerCase() as Hash;
  const logged = () =>
    db
      .selectFrom('withdrawals')
      .select('id')
      .where('transaction_hash', '=', hash)
      .where(
        'deployment_id',
        'in',
        onChain.map((row) => row.id),
      )
      .executeTakeFirst();
  const already = () => new AppError('CONFLICT', `Transaction ${hash} is already in the activity log.`);
  if (await logged()) throw already();
  const found = await readWithdrawalTransaction(
    chain,
    rpcUrl,
    onChain.map((row) => row.address as Address),
    hash,
  );
  const deployment = onChain.find((row) => row.address.toLowerCase() === found.contract.toLowerCase());
  if (!deployment) throw new Error('the contract read on chain is not one of the collection’s');
  const row: WithdrawalTable = {
    id: randomUUID(),
    collection_id: collection.id,
    deployment_id: deployment.id,
    transaction_hash: hash,
    block_number: found.blockNumber.toString(),
    recipients: JSON.stringify(found.recipients),
    amount_wei: found.amountWei.toString(),
    created_at: new Date().toISOString(),
  };
  const view = withdrawalView(row, deployment.chain_id, found.contract);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('withdrawals').values(row).execute();
      await recordActivity(trx, collection.workspace_id, userId, 'collection.withdrawn', {
        detail: {
          collection: collection.name,
          amount: view.amount,
          to: found.recipients.join(', '),
          transaction: hash,
        },
      });
    });
  } catch (error) {
    // The same transaction reported twice at once: the first stands.
    if (await logged()) throw already();
    throw error;
  }
  return view;
}
