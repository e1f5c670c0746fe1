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
import { collectionsKey } from './collections-queries.ts';

const providerKey = ['pinning-provider'] as const;
const uploadKey = (collectionId: string) => [...collectionsKey, collectionId, 'ipfs-upload'] as const;
const publicationKey = (collectionId: string) => [...collectionsKey, collectionId, 'publication'] as const;

/** Whether an upload is still going (the page keeps asking how far it is). */
export function isUploading(upload: IpfsUpload | null | undefined): boolean {
  return upload?.status === 'queued' || upload?.status === 'running';
}

/** The signed-in creator's pinning provider (no token, only its last 4 characters), or null. */
export function usePinningProvider() {
  return useQuery({
    queryKey: providerKey,
    queryFn: async ({ signal }) => (await call(getPinningProvider, { signal })).data.provider,
  });
}

/** Saves (or replaces) the pinning provider; the token goes to the server once and never comes back. */
export function useSavePinningProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SavePinningProviderBody) =>
      (await call(savePinningProvider, { body })).data.provider,
    onSuccess: (provider) => client.setQueryData<PinningProvider | null>(providerKey, provider),
  });
}

/** Forgets the pinning provider and its token. */
export function useDeletePinningProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await call(deletePinningProvider);
    },
    onSuccess: () => client.setQueryData<PinningProvider | null>(providerKey, null),
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
