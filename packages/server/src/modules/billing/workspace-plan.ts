import { type Plan, PlanIdSchema, planById, plans } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/**
 * The plan that counts in a workspace (issue 30): its owner's, since the owner's purchase applies to the
 * workspace; with several owners, the best of their plans. A personal workspace's is its account's plan.
 */
export async function workspacePlan(db: Db, workspaceId: string): Promise<Plan> {
  const owners = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select('users.plan_id')
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where('workspace_members.role', '=', 'owner')
    .execute();
  const rank = (plan: Plan) => plans.findIndex((candidate) => candidate.id === plan.id);
  return owners
    .map((owner) => planById(PlanIdSchema.catch('free').parse(owner.plan_id)))
    .reduce<Plan>((best, plan) => (rank(plan) > rank(best) ? plan : best), planById('free'));
}

/** The plan that counts for a project: its workspace's (the Free plan's for an unknown project, refused later). */
export async function projectPlan(db: Db, projectId: string): Promise<Plan> {
  const row = await db
    .selectFrom('projects')
    .select('workspace_id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row ? workspacePlan(db, row.workspace_id) : planById('free');
}

/** The plan that counts for a collection: its workspace's. */
export async function collectionPlan(db: Db, collectionId: string): Promise<Plan> {
  const row = await db
    .selectFrom('collections')
    .select('workspace_id')
    .where('id', '=', collectionId)
    .executeTakeFirst();
  return row ? workspacePlan(db, row.workspace_id) : planById('free');
}
