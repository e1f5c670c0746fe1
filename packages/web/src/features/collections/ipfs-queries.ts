import {
  deletePinningProvider,
  getIpfsUpload,
  getPinningProvider,
  type IpfsUpload,
  type PinningProvider,
  type SavePinningProviderBody,
  savePinningProvider,
  startIpfsUpload,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import type { WorkspaceChoice } from '../workspaces/workspace-choice.ts';
import { workspaceParam } from '../workspaces/workspace-choice.ts';
import { useWorkspace } from '../workspaces/workspace-context.tsx';
import { collectionsKey, useCollection } from './collections-queries.ts';

const providersKey = ['pinning-provider'] as const;
const providerKey = (scope: string) => [...providersKey, scope] as const;
const uploadKey = (collectionId: string) => [...collectionsKey, collectionId, 'ipfs-upload'] as const;
const publicationKey = (collectionId: string) => [...collectionsKey, collectionId, 'publication'] as const;

/** Whether an upload is still going (the page keeps asking how far it is). */
export function isUploading(upload: IpfsUpload | null | undefined): boolean {
  return upload?.status === 'queued' || upload?.status === 'running';
}

/** Which workspace's pinning provider a screen is about: its id to send, its cache key, and the workspace if known. */
export interface PinningScope {
  /** The `workspace` query parameter: none for the personal workspace of the switcher (the server's default). */
  param: string | undefined;
  key: string;
  /** The workspace as the switcher knows it (undefined while its list loads). */
  workspace: WorkspaceChoice | undefined;
  /** False while the switcher's workspace is not known yet (its list loads): nothing is asked until then. */
  ready: boolean;
}

/**
 * The workspace whose pinning provider is shown: the one named (a collection's, which is uploaded to its own
 * workspace's provider), else the switcher's current one.
 */
export function usePinningScope(workspaceId?: string | null): PinningScope {
  const { workspaces, current, ready } = useWorkspace();
  if (!workspaceId) {
    const param = workspaceParam(current);
    return { param, key: param ?? 'personal', workspace: current, ready };
  }
  return {
    param: workspaceId,
    key: workspaceId,
    workspace: workspaces.find((item) => item.id === workspaceId),
    ready: true,
  };
}

/** A workspace's pinning provider (no token, only its last 4 characters), or null. */
export function usePinningProvider(scope: PinningScope, enabled = true) {
  return useQuery({
    queryKey: providerKey(scope.key),
    enabled,
    queryFn: async ({ signal }) =>
      (await call(getPinningProvider, { query: { workspace: scope.param }, signal })).data.provider,
  });
}

/** The pinning provider a collection is uploaded to: its workspace's (asked once the collection is known). */
export function useCollectionPinningProvider(collectionId: string) {
  const collection = useCollection(collectionId);
  const workspaceId = collection.data?.workspaceId;
  const scope = usePinningScope(workspaceId);
  return {
    workspaceId,
    ready: collection.isSuccess,
    provider: usePinningProvider(scope, collection.isSuccess),
  };
}

/** Saves (or replaces) a workspace's pinning provider; the token goes to the server once and never comes back. */
export function useSavePinningProvider(scope: PinningScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SavePinningProviderBody) =>
      (await call(savePinningProvider, { query: { workspace: scope.param }, body })).data.provider,
    onSuccess: (provider) => client.setQueryData<PinningProvider | null>(providerKey(scope.key), provider),
  });
}

/** Forgets a workspace's pinning provider and its token. */
export function useDeletePinningProvider(scope: PinningScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await call(deletePinningProvider, { query: { workspace: scope.param } });
    },
    onSuccess: () => client.setQueryData<PinningProvider | null>(providerKey(scope.key), null),
  });
}

/**
 * The collection's latest upload to IPFS, asked again every second while it runs; when it succeeds the
 * collection's publication is loaded again (it is now published on IPFS).
 */
export function useIpfsUpload(collectionId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: uploadKey(collectionId),
    queryFn: async ({ signal }) => {
      const { upload } = (await call(getIpfsUpload, { params: { id: collectionId }, signal })).data;
      const before = client.getQueryData<IpfsUpload | null>(uploadKey(collectionId));
      if (upload?.status === 'succeeded' && before?.status !== 'succeeded') {
        void client.invalidateQueries({ queryKey: publicationKey(collectionId) });
        // Published again after a metadata edit: the drop's metadata card offers the new base.
        void client.invalidateQueries({ queryKey: [...collectionsKey, collectionId, 'marketplace'] });
      }
      return upload;
    },
    refetchInterval: (query) => (isUploading(query.state.data) ? 1000 : false),
  });
}

/** Starts (or retries) the upload of the collection's CAR files to the pinning provider. */
export function useStartIpfsUpload(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(startIpfsUpload, { params: { id: collectionId } })).data.upload,
    onSuccess: (upload) => client.setQueryData<IpfsUpload | null>(uploadKey(collectionId), upload),
  });
}
