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

export const apiKeysKey = ['developers', 'api-keys'] as const;

/** The user's API keys, newest first. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async ({ signal }): Promise<ApiKey[]> => (await call(listApiKeys, { signal })).data.keys,
  });
}

/** Creates a key; resolves to it with its secret (shown once). */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyInput) => (await call(createApiKey, { body })).data,
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
