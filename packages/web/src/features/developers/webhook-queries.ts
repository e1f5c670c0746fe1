import {
  type CreateWebhookInput,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestWebhook,
  type UpdateWebhookInput,
  updateWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useWorkspaceScope } from '../workspaces/workspace-context.tsx';

export const webhooksKey = ['developers', 'webhooks'] as const;

/** The current workspace's webhook endpoints. */
export function useWebhooks() {
  const scope = useWorkspaceScope();
  return useQuery({
    queryKey: [...webhooksKey, scope.key],
    enabled: scope.ready,
    queryFn: async ({ signal }): Promise<WebhookEndpoint[]> =>
      (await call(listWebhooks, { query: { workspace: scope.param }, signal })).data.endpoints,
  });
}

/** Adds an endpoint to the current workspace; resolves to it with its signing secret (shown once). */
export function useCreateWebhook() {
  const client = useQueryClient();
  const scope = useWorkspaceScope();
  return useMutation({
    mutationFn: async (body: CreateWebhookInput) =>
      (await call(createWebhook, { body: { ...body, workspaceId: scope.param } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Changes an endpoint (switch on or off). */
export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateWebhookInput }) =>
      (await call(updateWebhook, { params: { id }, body })).data.endpoint,
    onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Removes an endpoint. */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await call(deleteWebhook, { params: { id } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Replaces an endpoint's signing secret; resolves to the new one. */
export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call(rotateWebhookSecret, { params: { id } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Queues a test event to an endpoint. */
export function useSendTestWebhook(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(sendTestWebhook, { params: { id } })).data.delivery,
    onSuccess: () => client.invalidateQueries({ queryKey: [...webhooksKey, id, 'deliveries'] }),
  });
}

/** An endpoint's latest deliveries, polled while one is still pending or waiting to retry. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: [...webhooksKey, id, 'deliveries'],
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> =>
      (await call(listWebhookDeliveries, { params: { id }, signal })).data.deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending' || delivery.status === 'retrying')
        ? 1000
        : false,
  });
}
