import type { ListConversationsResponse } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { conversationsKey, listConversationsEndpoint, useLiveMessages } from './messages-queries.ts';

/**
 * How many messages the signed-in user has not read, for the side menu's badge. It reads the same list as
 * the Messages page (one cached answer for both) and stays live: a message arriving or read anywhere
 * refetches it.
 */
export function useUnreadMessages(enabled: boolean): number {
  useLiveMessages();
  const list = useQuery({
    queryKey: [...conversationsKey, 'list', 'mine', ''],
    queryFn: async ({ signal }): Promise<ListConversationsResponse['data']> =>
      (await call(listConversationsEndpoint, { query: { box: 'mine', q: undefined }, signal })).data,
    enabled,
  });
  return list.data?.unread ?? 0;
}
