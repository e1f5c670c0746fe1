import {
  deletePlaceholder,
  getPlaceholder,
  type Placeholder,
  recordReveal,
  setPlaceholder,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { collectionsKey } from './collections-queries.ts';

/** The query key of a collection's pre-reveal placeholder. */
export const placeholderKey = (collectionId: string) =>
  [...collectionsKey, collectionId, 'placeholder'] as const;

/** The published collection's placeholder, or null when it has none (it deploys revealed at once). */
export function usePlaceholder(collectionId: string, enabled = true) {
  return useQuery({
    queryKey: placeholderKey(collectionId),
    queryFn: async ({ signal }) =>
      (await call(getPlaceholder, { params: { id: collectionId }, signal })).data.placeholder,
    enabled,
  });
}

/** What the placeholder form sends: a new image (required the first time) and the metadata texts. */
export interface PlaceholderInput {
  image: File | null;
  name: string;
  description: string;
}

/** Saves the placeholder (multipart) and keeps the answer as the collection's placeholder. */
export function useSetPlaceholder(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, name, description }: PlaceholderInput) => {
      const body = new FormData();
      body.append('name', name);
      body.append('description', description);
      if (image) body.append('image', image, image.name);
      return (await call(setPlaceholder, { params: { id: collectionId }, body })).data.placeholder;
    },
    onSuccess: (placeholder) =>
      client.setQueryData<Placeholder | null>(placeholderKey(collectionId), placeholder),
  });
}

/** Removes the placeholder (before the reveal and any deployment): the collection is then not pre-reveal. */
export function useRemovePlaceholder(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await call(deletePlaceholder, { params: { id: collectionId } });
    },
    onSuccess: () => client.setQueryData<Placeholder | null>(placeholderKey(collectionId), null),
  });
}

/**
 * Tells Layerloom the contract is revealed, so it serves the collection's art (the server checks the chain
 * first). Kept with the placeholder's query, which then shows the reveal.
 */
export function useRecordReveal(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(recordReveal, { params: { id: collectionId } })).data.placeholder,
    onSuccess: (placeholder) =>
      client.setQueryData<Placeholder | null>(placeholderKey(collectionId), placeholder),
  });
}
