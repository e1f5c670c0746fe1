import type { Collection, LaunchStatus } from '@layerloom/api';
import type { WorkspaceChoice } from './workspace-choice.ts';

/** `POST /api/v1/projects/:id/move`: moves a project (and its collections) to another workspace. */
export const moveProjectEndpoint = { method: 'POST', path: '/api/v1/projects/:id/move' } as const;

/** Where a project may go: the other workspaces the user owns (the server asks for Owner of both). */
export function moveTargets(workspaces: readonly WorkspaceChoice[], fromId: string): WorkspaceChoice[] {
  return workspaces.filter((workspace) => workspace.role === 'owner' && workspace.id !== fromId);
}

const CONTRACT_STAGES = new Set<LaunchStatus['stage']>(['deployed', 'live', 'sold-out']);

/**
 * Why the project cannot move, to say before any click: one of its collections has a contract (its mint page,
 * proceeds and collectors stay where it was launched; the server refuses it too, 409). Null when it can.
 */
export function moveBlockedReason(
  projectId: string,
  collections: readonly Pick<Collection, 'id' | 'name' | 'projectId'>[],
  launches: ReadonlyMap<string, Pick<LaunchStatus, 'stage'>> | undefined,
): string | null {
  const launched = collections.find(
    (collection) =>
      collection.projectId === projectId &&
      CONTRACT_STAGES.has(launches?.get(collection.id)?.stage ?? 'draft'),
  );
  return launched
    ? `It cannot move: its collection “${launched.name}” has a contract deployed, and its mint page and proceeds stay in this workspace.`
    : null;
}
