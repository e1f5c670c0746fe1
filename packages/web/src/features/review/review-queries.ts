import {
  addCollectionComment,
  addProjectComment,
  approveCollection,
  type CommentTarget,
  deleteCollectionComment,
  deleteProjectComment,
  getCollectionApproval,
  getReviewSettings,
  listCollectionComments,
  listProjectComments,
  saveReviewSettings,
  withdrawCollectionApproval,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** What a thread hangs on: a collection (tokens and traits) or a project (traits). */
export interface CommentResource {
  kind: 'collection' | 'project';
  id: string;
}

const endpoints = {
  collection: { list: listCollectionComments, add: addCollectionComment, remove: deleteCollectionComment },
  project: { list: listProjectComments, add: addProjectComment, remove: deleteProjectComment },
} as const;

/** Every comment query of a resource (its threads and counts): what a new or deleted comment refreshes. */
const commentsKey = (resource: CommentResource) =>
  ['review', resource.kind, resource.id, 'comments'] as const;

const threadKey = (resource: CommentResource, target: CommentTarget) =>
  [...commentsKey(resource), target] as const;

const targetQuery = (target: CommentTarget) =>
  'token' in target ? { token: target.token } : { layer: target.layer, trait: target.trait };

/** A token's or trait's thread, with the members who can be mentioned. */
export function useCommentThread(resource: CommentResource, target: CommentTarget) {
  return useQuery({
    queryKey: threadKey(resource, target),
    queryFn: async ({ signal }) =>
      (
        await call(endpoints[resource.kind].list, {
          params: { id: resource.id },
          query: targetQuery(target),
          signal,
        })
      ).data,
  });
}

/** The key of a trait's count in {@link useTraitCommentCounts}'s answer. */
export const traitCountKey = (layer: string, trait: string) => JSON.stringify([layer, trait]);

/** How many comments each trait of a project has, by {@link traitCountKey} (a trait without any is absent). */
export function useTraitCommentCounts(projectId: string) {
  const resource: CommentResource = { kind: 'project', id: projectId };
  return useQuery({
    queryKey: [...commentsKey(resource), 'counts'],
    queryFn: async ({ signal }) => {
      // Without a target, the project's every comment.
      const { comments } = (await call(listProjectComments, { params: { id: projectId }, signal })).data;
      const counts = new Map<string, number>();
      for (const comment of comments) {
        if (comment.layer === null || comment.trait === null) continue;
        const key = traitCountKey(comment.layer, comment.trait);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    },
  });
}

/** Adds a comment to the thread (mentioned members are notified by the server). */
export function useAddComment(resource: CommentResource, target: CommentTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: string; mentions: string[] }) =>
      (await call(endpoints[resource.kind].add, { params: { id: resource.id }, body: { target, ...input } }))
        .data.comment,
    onSuccess: () => client.invalidateQueries({ queryKey: commentsKey(resource) }),
  });
}

/** Deletes a comment (its author, an Owner or an Admin). */
export function useDeleteComment(resource: CommentResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (commentId: string) =>
      call(endpoints[resource.kind].remove, { params: { id: resource.id, commentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: commentsKey(resource) }),
  });
}

const approvalKey = (collectionId: string) => ['review', 'collection', collectionId, 'approval'] as const;

/** Whether the collection is approved for publishing and deploying. */
export function useCollectionApproval(collectionId: string) {
  return useQuery({
    queryKey: approvalKey(collectionId),
    queryFn: async ({ signal }) =>
      (await call(getCollectionApproval, { params: { id: collectionId }, signal })).data.approval,
  });
}

/** Approves (true) or withdraws the approval (false) of the collection. */
export function useSetApproval(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (approve: boolean) =>
      (await call(approve ? approveCollection : withdrawCollectionApproval, { params: { id: collectionId } }))
        .data.approval,
    onSuccess: (approval) => client.setQueryData(approvalKey(collectionId), approval),
  });
}

const settingsKey = (workspaceId: string) => ['review', 'workspace', workspaceId, 'settings'] as const;

/** Whether launches in the workspace need an approval. */
export function useReviewSettings(workspaceId: string) {
  return useQuery({
    queryKey: settingsKey(workspaceId),
    queryFn: async ({ signal }) =>
      (await call(getReviewSettings, { params: { id: workspaceId }, signal })).data.settings,
  });
}

/** Turns the approval step on or off (Owners and Admins). */
export function useSaveReviewSettings(workspaceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (requireApproval: boolean) =>
      (await call(saveReviewSettings, { params: { id: workspaceId }, body: { requireApproval } })).data
        .settings,
    onSuccess: (settings) => {
      client.setQueryData(settingsKey(workspaceId), settings);
      // Every collection's approval state depends on it.
      void client.invalidateQueries({ queryKey: ['review', 'collection'] });
    },
  });
}
