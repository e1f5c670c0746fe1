import type { getSession, logout, User } from '@layerloom/api';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type EndpointRef } from '../../lib/api.ts';

// Every public page asks who is signed in; by method and path only, that costs them no API schemas (zod).
const getSessionEndpoint: EndpointRef<typeof getSession> = { method: 'GET', path: '/api/v1/session' };
const logoutEndpoint: EndpointRef<typeof logout> = { method: 'POST', path: '/api/v1/users/logout' };

export const sessionKey = ['session'] as const;

/** The signed-in user (from the session cookie), or null when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async ({ signal }): Promise<User | null> =>
      (await call(getSessionEndpoint, { signal })).data.user,
    staleTime: 60_000,
  });
}

/**
 * Makes `user` (or nobody) the session and forgets every other cached answer, which belonged to
 * whoever was signed in before. The session query itself is updated in place rather than removed,
 * so every mounted `useSession` (e.g. the landing header) sees the change at once.
 */
export function replaceSession(
  client: QueryClient,
  user: User | null,
  { signedOut = false }: { signedOut?: boolean } = {},
): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  client.setQueryData(signedOutKey, signedOut ? Date.now() : 0);
  client.setQueryData(sessionKey, user);
}

/** When this browser last logged out (ms), so guards can tell leaving on purpose from arriving signed out. */
const signedOutKey = ['session', 'signed-out-at'] as const;
/** Long enough for the page being left to be replaced; a later visit to a guarded page asks to log in. */
const SIGNED_OUT_GRACE_MS = 5_000;

/** True right after the user logged out here (so guards send them home, not to the login page). */
export function wasSignedOut(client: QueryClient): boolean {
  const at = client.getQueryData<number>(signedOutKey) ?? 0;
  return Date.now() - at < SIGNED_OUT_GRACE_MS;
}

/**
 * Ends the session and forgets every cached answer of the signed-in user (also when the server
 * could not be reached: this browser is signed out either way). Guards then send the user home.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(logoutEndpoint),
    onSettled: () => replaceSession(client, null, { signedOut: true }),
  });
}

/** "Ada Lovelace" → "AL": the avatar of a user without a picture. */
export function initials(user: Pick<User, 'name'>): string {
  return `${user.name.first.charAt(0)}${user.name.last.charAt(0)}`.toUpperCase() || '?';
}
