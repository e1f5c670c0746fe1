import {
  type ActivityQuery,
  acceptInvitation,
  changeMemberRole,
  createWorkspace,
  deleteWorkspace,
  getInvitation,
  getWorkspace,
  inviteMember,
  listActivity,
  listWorkspaces,
  removeMember,
  renameWorkspace,
  revokeInvitation,
  type WorkspaceRole,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointUrl } from '../../lib/api.ts';

export const teamsKey = ['workspaces'] as const;
const teamKey = (id: string) => ['workspaces', id] as const;
const activityKey = (id: string, filter: ActivityQuery) => ['workspaces', id, 'activity', filter] as const;

/** The team workspaces the user belongs to (the list also holds their personal workspace, left out here). */
export function useTeams() {
  return useQuery({
    queryKey: teamsKey,
    queryFn: async ({ signal }) => (await call(listWorkspaces, { signal })).data.workspaces,
    select: (workspaces) => workspaces.filter((workspace) => !(workspace as { personal?: boolean }).personal),
  });
}

/** One team with its members (and its invitations for owners and admins). */
export function useTeam(id: string) {
  return useQuery({
    queryKey: teamKey(id),
    queryFn: async ({ signal }) => (await call(getWorkspace, { params: { id }, signal })).data.workspace,
  });
}

/** The team's activity log, filtered. */
export function useActivity(id: string, filter: ActivityQuery, enabled = true) {
  return useQuery({
    queryKey: activityKey(id, filter),
    queryFn: async ({ signal }) =>
      (await call(listActivity, { params: { id }, query: { ...filter }, signal })).data.entries,
    enabled,
  });
}

/** Where the activity log's CSV is downloaded from, with the same filters. */
export function activityCsvUrl(id: string, filter: ActivityQuery): string {
  return endpointUrl({ path: '/api/v1/workspaces/:id/activity.csv' }, { id }, { ...filter });
}

export function useCreateTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await call(createWorkspace, { body: { name } })).data.workspace,
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey }),
  });
}

/** The team's mutations; each refreshes the team, its log and the list of teams. */
export function useTeamActions(id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: teamsKey });
  return {
    rename: useMutation({
      mutationFn: async (name: string) => call(renameWorkspace, { params: { id }, body: { name } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async () => call(deleteWorkspace, { params: { id } }),
      onSuccess: refresh,
    }),
    invite: useMutation({
      mutationFn: async (body: { email: string; role: WorkspaceRole }) =>
        (await call(inviteMember, { params: { id }, body })).data.invitation,
      onSuccess: refresh,
    }),
    withdraw: useMutation({
      mutationFn: async (invitationId: string) => call(revokeInvitation, { params: { id, invitationId } }),
      onSuccess: refresh,
    }),
    changeRole: useMutation({
      mutationFn: async ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
        call(changeMemberRole, { params: { id, userId }, body: { role } }),
      onSuccess: refresh,
    }),
    removeMember: useMutation({
      mutationFn: async (userId: string) => call(removeMember, { params: { id, userId } }),
      onSuccess: refresh,
    }),
  };
}

/** What an invitation link is for. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: async ({ signal }) => (await call(getInvitation, { params: { token }, signal })).data.invitation,
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(acceptInvitation, { params: { token } })).data.workspace,
    onSuccess: () => client.invalidateQueries({ queryKey: teamsKey }),
  });
}
