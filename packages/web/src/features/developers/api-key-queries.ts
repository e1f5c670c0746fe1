import {
  type ApiKey,
  type ApiKeyUse,
  type CreateApiKeyInput,
  createApiKey,
  listApiKeys,
  listApiKeyUses,
  revokeApiKey,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useWorkspaceScope } from '../workspaces/workspace-context.tsx';

export const apiKeysKey = ['developers', 'api-keys'] as const;

/** The current workspace's API keys, newest first. */
export function useApiKeys() {
  const scope = useWorkspaceScope();
  return useQuery({
    queryKey: [...apiKeysKey, scope.key],
    enabled: scope.ready,
    queryFn: async ({ signal }): Promise<ApiKey[]> =>
      (await call(listApiKeys, { query: { workspace: scope.param }, signal })).data.keys,
  });
}

/** Creates a key in the current workspace; resolves to it with its secret (shown once). */
export function useCreateApiKey() {
  const client = useQueryClient();
  const scope = useWorkspaceScope();
  return useMutation({
    mutationFn: async (body: CreateApiKeyInput) =>
      (await call(createApiKey, { body: { ...body, workspaceId: scope.param } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** Revokes a key. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call(revokeApiKey, { params: { id } })).data.key,
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** A key's latest requests, loaded when asked for. */
export function useApiKeyUses(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...apiKeysKey, id, 'uses'],
    enabled,
    queryFn: async ({ signal }): Promise<ApiKeyUse[]> =>
      (await call(listApiKeyUses, { params: { id }, signal })).data.uses,
  });
}
