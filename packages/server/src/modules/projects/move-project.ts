import { workspaceRoles } from '@layerloom/api';
import { AppError, notFound } from '../../lib/app-error.ts';
import { workspaceRole } from '../workspaces/resource-access.ts';
import { recordActivity } from '../workspaces/workspaces.service.ts';
import type { StoredProject } from './project-document.ts';
import { getProject, type ProjectsContext } from './projects.service.ts';

/**
 * Moves a project, with the collections generated from it, to another workspace (issue 30). The caller must be
 * an Owner of both (the route checks the source; a target they are not in is not found). Refused (409) once
 * one of its collections has a contract deployed: the launch stays with the workspace that ran it. The move is
 * recorded in both workspaces' activity.
 */
export async function moveProject(
  ctx: ProjectsContext,
  userId: string,
  id: string,
  targetId: string,
): Promise<{ project: StoredProject; movedCollections: number }> {
  const project = await getProject(ctx, userId, id);
  const role = await workspaceRole(ctx.db, targetId, userId);
  if (!role) throw notFound('Workspace');
  const names = new Map(
    (
      await ctx.db
        .selectFrom('workspaces')
        .select(['id', 'name'])
        .where('id', 'in', [project.workspace_id, targetId])
        .execute()
    ).map((workspace) => [workspace.id, workspace.name]),
  );
  const target = names.get(targetId) ?? 'that workspace';
  if (role !== 'owner')
    throw new AppError(
      'FORBIDDEN',
      `Only an owner of both workspaces can move a project: your role in ${target} is ${workspaceRoles[role].label}.`,
      { fields: [{ path: 'workspaceId', message: 'You are not an owner of this workspace' }] },
    );
  if (targetId === project.workspace_id)
    throw new AppError('CONFLICT', `“${project.name}” is in ${target} already.`, {
      fields: [{ path: 'workspaceId', message: 'The project is in this workspace already' }],
    });
  const deployed = await ctx.db
    .selectFrom('deployments')
    .innerJoin('collections', 'collections.id', 'deployments.collection_id')
    .select('collections.name')
    .where('collections.project_id', '=', project.id)
    .executeTakeFirst();
  if (deployed)
    throw new AppError(
      'CONFLICT',
      `“${project.name}” cannot move: its collection “${deployed.name}” has a contract deployed, and its launch stays with this workspace.`,
    );
  const from = names.get(project.workspace_id) ?? '';
  const movedCollections = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('projects').set({ workspace_id: targetId }).where('id', '=', project.id).execute();
    const moved = await trx
      .updateTable('collections')
      .set({ workspace_id: targetId })
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    const detail = { project: project.name, from, to: target };
    for (const workspaceId of [project.workspace_id, targetId])
      await recordActivity(trx, workspaceId, userId, 'project.moved', { detail });
    return Number(moved.numUpdatedRows);
  });
  return { project: { ...project, workspace_id: targetId }, movedCollections };
}
