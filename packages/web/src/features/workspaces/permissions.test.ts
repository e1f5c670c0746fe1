import { type WorkspaceRole, workspaceRoleRank, workspaceRoles } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { permission, roleAllows, roleLabels } from './permissions.ts';
import type { WorkspaceChoice } from './workspace-choice.ts';

const team = (role: WorkspaceChoice['role']): WorkspaceChoice => ({
  id: 'w1',
  name: 'Moon Studio',
  personal: false,
  role,
});

describe('what a role allows', () => {
  it('ranks the roles Owner > Admin > Editor > Viewer', () => {
    expect(roleAllows('owner', 'admin')).toBe(true);
    expect(roleAllows('admin', 'editor')).toBe(true);
    expect(roleAllows('editor', 'editor')).toBe(true);
    expect(roleAllows('viewer', 'editor')).toBe(false);
    expect(roleAllows('editor', 'admin')).toBe(false);
  });

  it('lets an editor generate but not a viewer, who is told why and who can change it', () => {
    expect(permission(team('editor'), 'edit', 'generating')).toEqual({ allowed: true, reason: null });
    expect(permission(team('viewer'), 'edit', 'generating')).toEqual({
      allowed: false,
      reason:
        'You are a Viewer in Moon Studio: generating needs the Editor role or higher. An owner or admin can change your role.',
    });
  });

  it('keeps launches for admins and owners, and moving a project for owners', () => {
    expect(permission(team('admin'), 'launch', 'deploying').allowed).toBe(true);
    expect(permission(team('editor'), 'launch', 'deploying').reason).toBe(
      'You are an Editor in Moon Studio: deploying needs the Admin role or higher. An owner can change your role.',
    );
    expect(permission(team('admin'), 'move', 'moving a project').reason).toBe(
      'You are an Admin in Moon Studio: moving a project needs the Owner role. An owner can change your role.',
    );
    expect(permission(team('owner'), 'move', 'moving a project').allowed).toBe(true);
  });

  it('names and ranks the roles as the API does (the header keeps its own copy to load no schemas)', () => {
    const roles = Object.keys(workspaceRoles) as WorkspaceRole[];
    expect(Object.keys(roleLabels).sort()).toEqual([...roles].sort());
    for (const role of roles) {
      expect(roleLabels[role]).toBe(workspaceRoles[role].label);
      for (const other of roles) {
        expect(roleAllows(role, other)).toBe(workspaceRoleRank[role] >= workspaceRoleRank[other]);
      }
    }
  });

  it('allows everything in the personal workspace', () => {
    const personal: WorkspaceChoice = { id: 'p', name: 'Ada', personal: true, role: 'owner' };
    for (const action of ['edit', 'launch', 'move'] as const) {
      expect(permission(personal, action, 'it').allowed).toBe(true);
    }
  });
});
