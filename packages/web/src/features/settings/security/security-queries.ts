import {
  type AccountSession,
  type ChangePasswordInput,
  changePassword,
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const accountSessionsKey = ['account', 'sessions'] as const;

/** The user's signed-in sessions, this device first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionsKey,
    queryFn: async ({ signal }): Promise<AccountSession[]> =>
      (await call(listAccountSessions, { signal })).data.sessions,
  });
}

/** Signs one other session out. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await call(endAccountSession, { params: { id } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

/** Signs every other session out; resolves to how many ended. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(endOtherAccountSessions)).data.ended,
    onSettled: () => client.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}

/** Changes the password (the server ends the other sessions); resolves to how many ended. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePasswordInput) =>
      (await call(changePassword, { body })).data.otherSessionsEnded,
    onSuccess: () => client.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
