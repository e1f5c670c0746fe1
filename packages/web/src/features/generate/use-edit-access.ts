import { type Permission, roleAllows, roleLabels } from '../workspaces/permissions.ts';
import { useWorkspace } from '../workspaces/workspace-context.tsx';

/** Whether the member may change the project, and the note shown when they may not. */
export interface EditAccess {
  /** False for a Viewer, and while the member's role in the project's workspace is not known yet. */
  canEdit: boolean;
  /** What the editor says about it: nothing (allowed) unless the role is known and refuses editing. */
  note: Permission;
}

const NO_NOTE: Permission = { allowed: true, reason: null };

/**
 * The member's right to edit a project, by their role in the project's own workspace (not the one chosen
 * in the header: a mention's link can open a team's project from anywhere). Until the list of workspaces
 * has come, a project of a workspace not in it yet stays read only without a note, so a Viewer's first
 * keystrokes cannot start a save the server would refuse; a list that failed to load leaves editing to the
 * server's answer.
 */
export function useEditAccess(workspaceId: string | undefined): EditAccess {
  const { workspaces, current, error } = useWorkspace();
  const workspace = workspaceId ? workspaces.find((item) => item.id === workspaceId) : current;
  if (!workspace) return { canEdit: error != null, note: NO_NOTE };
  if (roleAllows(workspace.role, 'editor')) return { canEdit: true, note: NO_NOTE };
  const role = roleLabels[workspace.role];
  return {
    canEdit: false,
    note: {
      allowed: false,
      reason: `You are a ${role} in ${workspace.name}: you can read and comment, not edit. An owner or admin can change your role.`,
    },
  };
}
