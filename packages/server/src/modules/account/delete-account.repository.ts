import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type AccountMessagesPlan, removeAccountMessages } from './account-messages.repository.ts';

/** The ids of the user's jobs that are queued or running (each is stopped before the account goes). */
export async function listUnfinishedOwnJobIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('owner_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  return rows.map((row) => row.id);
}

/** The rows hanging off a collection that name the person who made them (deleted with their account). */
const COLLECTION_ROWS = [
  'publications',
  'ipfs_uploads',
  'placeholders',
  'deployments',
  'allowlists',
  'mint_pages',
] as const;

/**
 * The team workspaces the user is the only owner of: each must get another owner (or be deleted) before the
 * account goes, or the team's work would have nobody to manage it.
 */
export async function listTeamsOwnedAlone(
  db: Kysely<Database>,
  userId: string,
): Promise<{ id: string; name: string; members: number; projects: number }[]> {
  const owned = await db
    .selectFrom('workspace_members')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
    .select(['workspaces.id', 'workspaces.name'])
    .where('workspace_members.user_id', '=', userId)
    .where('workspace_members.role', '=', 'owner')
    .where('workspaces.personal', '=', 0)
    .execute();
  const alone = [];
  for (const team of owned) {
    const others = await db
      .selectFrom('workspace_members')
      .select(['user_id', 'role'])
      .where('workspace_id', '=', team.id)
      .where('user_id', '!=', userId)
      .execute();
    if (others.some((member) => member.role === 'owner')) continue;
    const projects = await db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('workspace_id', '=', team.id)
      .executeTakeFirstOrThrow();
    alone.push({ ...team, members: others.length, projects: Number(projects.count) });
  }
  return alone;
}

/**
 * What the user made in team workspaces stays with the team: projects, collections and what hangs off them,
 * and the webhook endpoints they added, are handed to one of the team's other owners (the longest-standing).
 * A team the user owned alone with nobody else in it and nothing in it is deleted; the service refused the
 * deletion before for any other team the user owns alone (listTeamsOwnedAlone).
 */
async function handOverTeamWork(trx: Kysely<Database>, userId: string): Promise<void> {
  for (const team of await listTeamsOwnedAlone(trx, userId)) {
    if (team.members === 0 && team.projects === 0) {
      await trx.deleteFrom('workspaces').where('id', '=', team.id).execute();
    }
  }
  const teams = await trx
    .selectFrom('workspaces')
    .select('id')
    .where('personal', '=', 0)
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('projects').select('workspace_id').where('owner_id', '=', userId)),
        eb('id', 'in', eb.selectFrom('collections').select('workspace_id').where('owner_id', '=', userId)),
        eb(
          'id',
          'in',
          eb.selectFrom('webhook_endpoints').select('workspace_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .execute();
  for (const { id: workspaceId } of teams) {
    const heir = await trx
      .selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'owner')
      .where('user_id', '!=', userId)
      .orderBy('joined_at')
      .orderBy('user_id')
      .executeTakeFirst();
    if (!heir) continue;
    const inTeam = trx.selectFrom('collections').select('id').where('workspace_id', '=', workspaceId);
    for (const table of COLLECTION_ROWS) {
      await trx
        .updateTable(table)
        .set({ owner_id: heir.user_id })
        .where('owner_id', '=', userId)
        .where('collection_id', 'in', inTeam)
        .execute();
    }
    for (const table of ['projects', 'collections'] as const) {
      await trx
        .updateTable(table)
        .set({ owner_id: heir.user_id })
        .where('owner_id', '=', userId)
        .where('workspace_id', '=', workspaceId)
        .execute();
    }
    await trx
      .updateTable('webhook_endpoints')
      .set({ user_id: heir.user_id })
      .where('user_id', '=', userId)
      .where('workspace_id', '=', workspaceId)
      .execute();
  }
}

/**
 * Removes the account's rows in one transaction: what it made in team workspaces is handed to the team first
 * (handOverTeamWork), then its personal workspace (and its activity log), its jobs, its messages (see removeAccountMessages: direct
 * conversations go, support ones are anonymised), the referral rows that name it as the person
 * referred, its open checkouts, the development outbox's mails to it, then the user row, whose deletion
 * cascades to everything else it owns (sessions, tokens, profile, two-factor, referrals it made…). Paid
 * checkouts and payments stay, their user_id set to null by the database (migration 0050).
 */
export async function deleteAccountRows(
  db: Kysely<Database>,
  user: { id: string; email: string },
  messages: Pick<AccountMessagesPlan, 'directIds' | 'supportIds'>,
) {
  await db.transaction().execute(async (trx) => {
    await handOverTeamWork(trx, user.id);
    await trx.deleteFrom('jobs').where('owner_id', '=', user.id).execute();
    await removeAccountMessages(trx, user, messages);
    await trx.deleteFrom('referrals').where('referred_user_id', '=', user.id).execute();
    await trx
      .deleteFrom('billing_checkouts')
      .where('user_id', '=', user.id)
      .where('status', '=', 'open')
      .execute();
    await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
    // The personal workspace, with its activity log (the work in it was removed before).
    await trx.deleteFrom('workspaces').where('created_by', '=', user.id).where('personal', '=', 1).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
