import {
  getMarketplace,
  type Marketplace,
  type MarketplaceListing,
  pinMarketplaceListing,
  recordMetadataUpdate,
  updateMarketplaceListing,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Hash } from 'viem';
import { call } from '../../lib/api.ts';

/** The query key of a collection's marketplace side (listing, updates on chain). */
export const marketplaceKey = (collectionId: string) => ['collections', collectionId, 'marketplace'] as const;

/** The collection's marketplace listing, its public address and the contract's recorded metadata updates. */
export function useMarketplace(collectionId: string, enabled = true) {
  return useQuery({
    queryKey: marketplaceKey(collectionId),
    enabled,
    queryFn: async ({ signal }) =>
      (await call(getMarketplace, { params: { id: collectionId }, signal })).data.marketplace,
  });
}

/** Saves the listing; the answer replaces the cached marketplace. */
export function useSaveListing(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (listing: MarketplaceListing) =>
      (await call(updateMarketplaceListing, { params: { id: collectionId }, body: listing })).data
        .marketplace,
    onSuccess: (marketplace) => client.setQueryData<Marketplace>(marketplaceKey(collectionId), marketplace),
  });
}

/** Tells Layerloom about a metadata transaction the wallet confirmed (the server reads it on chain). */
export function useRecordMetadataUpdate(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (transactionHash: Hash) =>
      (await call(recordMetadataUpdate, { params: { id: collectionId }, body: { transactionHash } })).data,
    onSuccess: ({ marketplace }) =>
      client.setQueryData<Marketplace>(marketplaceKey(collectionId), marketplace),
  });
}

/** Puts the saved listing on IPFS through the owner's pinning provider; the answer replaces the cache. */
export function usePinListing(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await call(pinMarketplaceListing, { params: { id: collectionId } })).data.marketplace,
    onSuccess: (marketplace) => client.setQueryData<Marketplace>(marketplaceKey(collectionId), marketplace),
  });
}
