// The roles of a team workspace as plain data (no zod): pages that only label roles load this alone.

/**
 * A member's role in a team workspace, from most to least trusted:
 * - Owner: everything, including billing, members (owners too), deleting the workspace and withdrawals;
 * - Admin: members except owners, and launches;
 * - Editor: projects, generation, metadata and the mint page;
 * - Viewer: reads and comments.
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Each role's label and what it allows, as the Team page and the invitation mail say it. */
export const workspaceRoles: Record<WorkspaceRole, { label: string; description: string }> = {
  owner: {
    label: 'Owner',
    description: 'Can do everything: billing, all members, deleting the workspace and withdrawing proceeds.',
  },
  admin: {
    label: 'Admin',
    description: 'Invites and manages members (not owners) and runs launches.',
  },
  editor: {
    label: 'Editor',
    description: 'Works on projects: layers, rules, generation, metadata and the mint page.',
  },
  viewer: { label: 'Viewer', description: 'Sees everything and comments; changes nothing.' },
};

/** Roles ordered from most to least trusted. */
export const workspaceRoleRank: Record<WorkspaceRole, number> = { owner: 3, admin: 2, editor: 1, viewer: 0 };
