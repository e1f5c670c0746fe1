import type { CollectionApproval, ReviewSettings } from '@layerloom/api';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { fullName } from '../users/full-name.ts';
import {
  collectionAccess,
  requireCollectionRole,
  roleAllows,
  roleTooLow,
  workspaceRole,
} from '../workspaces/resource-access.ts';
import { recordActivity } from '../workspaces/workspaces.service.ts';

type Db = Kysely<Database>;

/**
 * The tables whose rows change a collection's art (rerolls, growth, art replaced after publication) or
 * metadata (edits) after generation.
 */
const changeTables = ['collection_amendments', 'collection_metadata_edits', 'collection_art_edits'] as const;

/**
 * The collection's metadata and art as a comparable text: how many changes of each kind it has had and the
 * newest one's time. An approval records it; a later reroll, growth or metadata edit makes it differ.
 */
async function contentState(db: Db, collectionId: string): Promise<string> {
  const parts: string[] = [];
  for (const table of changeTables) {
    const row = await db
      .selectFrom(table)
      .select([sql<number>`count(*)`.as('count'), sql<string | null>`max(created_at)`.as('latest')])
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    const count = Number(row?.count ?? 0);
    // Art versions came later: without any, the text reads as before, so earlier approvals still match it.
    if (table === 'collection_art_edits' && count === 0) continue;
    parts.push(`${table}:${count}:${row?.latest ?? ''}`);
  }
  return parts.join('|');
}

/** The first change of metadata or art after `since` (when an approval lapsed). */
async function firstChangeAfter(db: Db, collectionId: string, since: string): Promise<string | null> {
  const times: string[] = [];
  for (const table of changeTables) {
    const row = await db
      .selectFrom(table)
      .select(sql<string | null>`min(created_at)`.as('first'))
      .where('collection_id', '=', collectionId)
      .where('created_at', '>', since)
      .executeTakeFirst();
    if (row?.first) times.push(row.first);
  }
  return times.sort()[0] ?? null;
}

async function collectionName(db: Db, collectionId: string): Promise<string> {
  const row = await db
    .selectFrom('collections')
    .select('name')
    .where('id', '=', collectionId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** Whether the workspace asks for an approval before publishing or deploying. */
async function requiresApproval(db: Db, workspaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_review_settings')
    .select('require_approval')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.require_approval ?? 0) === 1;
}

/** The collection's approval as a caller with `canApprove` sees it. */
async function approvalOf(
  db: Db,
  collectionId: string,
  workspaceId: string,
  canApprove: boolean,
): Promise<CollectionApproval> {
  const required = await requiresApproval(db, workspaceId);
  const approval = await db
    .selectFrom('collection_approvals')
    .leftJoin('users', 'users.id', 'collection_approvals.approved_by')
    .select([
      'collection_approvals.approved_at',
      'collection_approvals.state',
      'users.first_name',
      'users.last_name',
      'users.email',
    ])
    .where('collection_approvals.collection_id', '=', collectionId)
    .executeTakeFirst();
  const holds = approval !== undefined && approval.state === (await contentState(db, collectionId));
  const lapsedAt = approval && !holds ? await firstChangeAfter(db, collectionId, approval.approved_at) : null;
  return {
    state: holds ? 'approved' : required ? 'waiting' : 'not_required',
    required,
    approvedBy: holds
      ? approval.email
        ? fullName({ ...approval, email: approval.email })
        : 'A former member'
      : null,
    approvedAt: holds ? approval.approved_at : null,
    lapsedAt,
    canApprove,
  };
}

/** Whether the collection is approved for launch (every member may ask). */
export async function getApproval(db: Db, userId: string, collectionId: string): Promise<CollectionApproval> {
  const access = await requireCollectionRole(db, collectionId, userId, 'viewer', 'see its approval');
  return approvalOf(db, collectionId, access.workspaceId, roleAllows(access.role, 'admin'));
}

/** An Owner or Admin approves the collection as it is now (its metadata and art). */
export async function approve(db: Db, userId: string, collectionId: string): Promise<CollectionApproval> {
  const access = await requireCollectionRole(db, collectionId, userId, 'admin', 'approve collections');
  const values = {
    approved_by: userId,
    approved_at: new Date().toISOString(),
    state: await contentState(db, collectionId),
  };
  await db
    .insertInto('collection_approvals')
    .values({ collection_id: collectionId, ...values })
    .onConflict((conflict) => conflict.column('collection_id').doUpdateSet(values))
    .execute();
  await recordActivity(db, access.workspaceId, userId, 'collection.approved', {
    detail: { collection: await collectionName(db, collectionId) },
  });
  return approvalOf(db, collectionId, access.workspaceId, true);
}

/** An Owner or Admin withdraws the collection's approval. */
export async function withdraw(db: Db, userId: string, collectionId: string): Promise<CollectionApproval> {
  const access = await requireCollectionRole(db, collectionId, userId, 'admin', 'withdraw approvals');
  const removed = await db
    .deleteFrom('collection_approvals')
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0)
    await recordActivity(db, access.workspaceId, userId, 'approval.withdrawn', {
      detail: { collection: await collectionName(db, collectionId) },
    });
  return approvalOf(db, collectionId, access.workspaceId, true);
}

/**
 * Refuses to publish or deploy a collection whose workspace requires an approval it does not have (409),
 * before anything is written. Callers check the caller's own role first.
 */
export async function requireApprovalFor(
  db: Db,
  collectionId: string,
  userId: string,
  action: 'published' | 'deployed',
): Promise<void> {
  const access = await collectionAccess(db, collectionId, userId);
  if (!access) throw notFound('Collection');
  const approval = await approvalOf(db, collectionId, access.workspaceId, false);
  if (approval.state !== 'waiting') return;
  throw new AppError(
    'CONFLICT',
    approval.lapsedAt
      ? `This collection needs an Owner's or Admin's approval before it is ${action}: its metadata or art changed after the last approval.`
      : `This collection needs an Owner's or Admin's approval before it is ${action}.`,
  );
}

/** The workspace's review settings (every member reads them). */
export async function getReviewSettings(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<ReviewSettings> {
  const role = await workspaceRole(db, workspaceId, userId);
  if (!role) throw notFound('Workspace');
  return { requireApproval: await requiresApproval(db, workspaceId), canChange: roleAllows(role, 'admin') };
}

/** Owners and Admins turn the approval step on or off. */
export async function saveReviewSettings(
  db: Db,
  userId: string,
  workspaceId: string,
  requireApproval: boolean,
): Promise<ReviewSettings> {
  const role = await workspaceRole(db, workspaceId, userId);
  if (!role) throw notFound('Workspace');
  if (!roleAllows(role, 'admin')) throw roleTooLow(role, 'change whether launches need an approval');
  const values = {
    require_approval: requireApproval ? 1 : 0,
    updated_by: userId,
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('workspace_review_settings')
    .values({ workspace_id: workspaceId, ...values })
    .onConflict((conflict) => conflict.column('workspace_id').doUpdateSet(values))
    .execute();
  return { requireApproval, canChange: true };
}
