import type { ListConversationsResponse } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import {
  type Box,
  conversationsKey,
  listConversationsEndpoint,
  useLiveMessages,
} from './messages-queries.ts';

/** How many unread messages one box (the user's own conversations, or the support inbox) holds. */
export function useUnreadIn(box: Box, enabled: boolean): number {
  const list = useQuery({
    queryKey: [...conversationsKey, 'list', box, ''],
    queryFn: async ({ signal }): Promise<ListConversationsResponse['data']> =>
      (await call(listConversationsEndpoint, { query: { box, q: undefined }, signal })).data,
    enabled,
  });
  return list.data?.unread ?? 0;
}

/**
 * How many messages the signed-in user has not read, for the side menu's badge: their own conversations
 * and, for an admin, the support inbox they answer too (the Messages page's two tabs each show their own
 * part of it). It reads the same lists as the Messages page (one cached answer for both) and stays live: a
 * message arriving or read anywhere refetches them.
 */
export function useUnreadMessages(viewer: { role: string } | null | undefined): number {
  useLiveMessages();
  const mine = useUnreadIn('mine', viewer != null);
  const support = useUnreadIn('support', viewer?.role === 'admin');
  return mine + (viewer?.role === 'admin' ? support : 0);
}
