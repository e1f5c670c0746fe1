import type { WorkspaceRole } from '@layerloom/api';
import type { WorkspaceChoice } from './workspace-choice.ts';

/**
 * Each role's label and rank, as `workspaceRoles` and `workspaceRoleRank` of @layerloom/api say them: copied
 * here because the header (every dashboard page) must not load the API's schemas (zod) with its first screen.
 */
export const roleLabels: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};
const roleRank: Record<WorkspaceRole, number> = { owner: 3, admin: 2, editor: 1, viewer: 0 };

/**
 * What a screen lets a member do, by the lowest role allowed (the server checks the same in every route):
 * - `edit`: projects, layers, rules, generation, metadata, deleting a draft or a collection (Editor);
 * - `launch`: publishing and deploying (Admin);
 * - `move`: moving a project to another workspace (Owner, of both).
 */
export type WorkspaceAction = 'edit' | 'launch' | 'move';

/** The lowest role each action needs. */
export const actionRoles: Record<WorkspaceAction, WorkspaceRole> = {
  edit: 'editor',
  launch: 'admin',
  move: 'owner',
};

/** Whether a control is enabled, and when it is not, the sentence shown beside it. */
export type Permission = { allowed: true; reason: null } | { allowed: false; reason: string };

const ALLOWED: Permission = { allowed: true, reason: null };

/** Whether `role` is at least `needed`. */
export function roleAllows(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return roleRank[role] >= roleRank[needed];
}

/**
 * The one rule every screen follows: a control the member's role does not allow stays visible, disabled,
 * with this reason beside it. `doing` names the action in words ("generating", "deleting a collection").
 */
export function permission(workspace: WorkspaceChoice, action: WorkspaceAction, doing: string): Permission {
  const needed = actionRoles[action];
  if (roleAllows(workspace.role, needed)) return ALLOWED;
  const role = roleLabels[workspace.role];
  const neededLabel = roleLabels[needed];
  const above = needed === 'owner' ? '' : ' or higher';
  // Admins manage members but not owners: only an owner can give the Admin or Owner role.
  const who = needed === 'editor' ? 'An owner or admin' : 'An owner';
  return {
    allowed: false,
    reason: `You are ${article(role)} ${role} in ${workspace.name}: ${doing} needs the ${neededLabel} role${above}. ${who} can change your role.`,
  };
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
