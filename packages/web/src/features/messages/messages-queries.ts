import type {
  blockCounterpart,
  Conversation,
  ConversationEvent,
  getConversation,
  ListConversationsResponse,
  ListMessagesResponse,
  listConversations,
  listMessages,
  markConversationRead,
  openSupportConversation,
  reportConversation,
  sendImageMessage,
  sendMessage,
  startConversation,
  unblockCounterpart,
} from '@layerloom/api';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, type EndpointRef } from '../../lib/api.ts';
import { useLiveEvents } from '../live/use-live-events.ts';

// The endpoints by method and path only (answers are read, never parsed): the side menu's unread count and the
// live refresh run on every dashboard page, whose first load carries no API schemas (zod).
export const listConversationsEndpoint: EndpointRef<typeof listConversations> = {
  method: 'GET',
  path: '/api/v1/conversations',
};
const getConversationEndpoint: EndpointRef<typeof getConversation> = {
  method: 'GET',
  path: '/api/v1/conversations/:id',
};
const listMessagesEndpoint: EndpointRef<typeof listMessages> = {
  method: 'GET',
  path: '/api/v1/conversations/:id/messages',
};
const sendMessageEndpoint: EndpointRef<typeof sendMessage> = {
  method: 'POST',
  path: '/api/v1/conversations/:id/messages',
};
const sendImageEndpoint: EndpointRef<typeof sendImageMessage> = {
  method: 'POST',
  path: '/api/v1/conversations/:id/images',
};
const markReadEndpoint: EndpointRef<typeof markConversationRead> = {
  method: 'POST',
  path: '/api/v1/conversations/:id/read',
};
const startEndpoint: EndpointRef<typeof startConversation> = {
  method: 'POST',
  path: '/api/v1/conversations',
};
const openSupportEndpoint: EndpointRef<typeof openSupportConversation> = {
  method: 'POST',
  path: '/api/v1/conversations/support',
};
const blockEndpoint: EndpointRef<typeof blockCounterpart> = {
  method: 'POST',
  path: '/api/v1/conversations/:id/block',
};
const unblockEndpoint: EndpointRef<typeof unblockCounterpart> = {
  method: 'DELETE',
  path: '/api/v1/conversations/:id/block',
};
const reportEndpoint: EndpointRef<typeof reportConversation> = {
  method: 'POST',
  path: '/api/v1/conversations/:id/report',
};

export type Box = 'mine' | 'support';
export const conversationsKey = ['conversations'] as const;
export const messagesKey = ['messages'] as const;

/** The viewer's conversations (or the support inbox), filtered by `q`, with unread counts. */
export function useConversations(box: Box, q: string) {
  return useQuery({
    queryKey: [...conversationsKey, 'list', box, q],
    queryFn: async ({ signal }): Promise<ListConversationsResponse['data']> =>
      (await call(listConversationsEndpoint, { query: { box, q: q || undefined }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** One conversation (for the chat pane's header). */
export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: [...conversationsKey, 'one', id],
    queryFn: async ({ signal }): Promise<Conversation> =>
      (await call(getConversationEndpoint, { params: { id: id ?? '' }, signal })).data.conversation,
    enabled: id !== undefined,
  });
}

/** The conversation's messages: the newest page first, older pages loaded on demand. */
export function useMessages(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...messagesKey, id],
    queryFn: async ({ pageParam, signal }): Promise<ListMessagesResponse['data']> =>
      (
        await call(listMessagesEndpoint, {
          params: { id: id ?? '' },
          query: { before: pageParam, limit: 30 },
          signal,
        })
      ).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.id : undefined),
    enabled: id !== undefined,
  });
}

/** Keeps the lists and the open chat current: a message sent or read anywhere refetches what it touches. */
export function useLiveMessages() {
  const client = useQueryClient();
  const refresh = (data: unknown) => {
    const id = (data as Partial<ConversationEvent>)?.conversationId;
    void client.invalidateQueries({ queryKey: conversationsKey });
    void client.invalidateQueries({ queryKey: id ? [...messagesKey, id] : messagesKey });
  };
  useLiveEvents('message', refresh);
  useLiveEvents('messages.read', refresh);
  useLiveEvents('resync', () => refresh(undefined));
}

function useRefreshing<T, V>(run: (variables: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: conversationsKey });
      void client.invalidateQueries({ queryKey: messagesKey });
    },
  });
}

/** Sends a text message. */
export const useSendMessage = (id: string) =>
  useRefreshing(
    async (body: string) =>
      (await call(sendMessageEndpoint, { params: { id }, body: { body } })).data.message,
  );

/** Sends an image, with the typed text as its caption. */
export const useSendImage = (id: string) =>
  useRefreshing(async ({ file, body }: { file: File; body: string }) => {
    const form = new FormData();
    if (body.trim()) form.append('body', body);
    form.append('file', file);
    return (await call(sendImageEndpoint, { params: { id }, body: form })).data.message;
  });

/** Marks a conversation read (the other side sees the read receipt). */
export const useMarkConversationRead = () =>
  useRefreshing(async (id: string) => (await call(markReadEndpoint, { params: { id } })).data);

/** Starts (or reopens) a conversation with a user by email or user ID. */
export const useStartConversation = () =>
  useRefreshing(async (to: string) => (await call(startEndpoint, { body: { to } })).data.conversation);

/** Opens the viewer's conversation with Layerloom support. */
export const useOpenSupport = () =>
  useRefreshing(async (_: undefined) => (await call(openSupportEndpoint)).data.conversation);

/** Blocks or unblocks the other user of a conversation. */
export const useBlock = (id: string) =>
  useRefreshing(
    async (block: boolean) =>
      (await call(block ? blockEndpoint : unblockEndpoint, { params: { id } })).data.conversation,
  );

/** Reports a conversation to Layerloom support. */
export const useReport = (id: string) =>
  useRefreshing(
    async (reason: string) => (await call(reportEndpoint, { params: { id }, body: { reason } })).data,
  );
