import { getSession, logout, type User } from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { isApiError } from '../../lib/api-error.ts';

export const sessionKey = ['session'] as const;

/** The signed-in user (from the session cookie), or null when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async (): Promise<User | null> => {
      try {
        return (await call(getSession)).data.user;
      } catch (error) {
        if (isApiError(error, 'UNAUTHENTICATED')) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** Ends the session and forgets every cached answer of the signed-in user. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(logout),
    onSettled: () => {
      client.clear();
      client.setQueryData(sessionKey, null);
    },
  });
}

/** "Ada Lovelace" → "AL": the avatar of a user without a picture. */
export function initials(user: Pick<User, 'name'>): string {
  return `${user.name.first.charAt(0)}${user.name.last.charAt(0)}`.toUpperCase() || '?';
}
