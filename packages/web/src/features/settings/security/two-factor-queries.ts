import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactor,
  type PasswordAndCodeInput,
  regenerateRecoveryCodes,
  startTwoFactor,
  type TwoFactorStatus,
} from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const twoFactorKey = ['account', 'two-factor'] as const;

/** Whether two-factor sign-in is on, and the recovery codes left. */
export function useTwoFactor() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: async ({ signal }): Promise<TwoFactorStatus> => (await call(getTwoFactor, { signal })).data,
  });
}

/** A new key for the authenticator app (nothing changes until it is confirmed). */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: async () => (await call(startTwoFactor)).data });
}

/** Confirms with a code; resolves to the recovery codes (shown once). */
export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await call(confirmTwoFactor, { body: { code } })).data.recoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

/** Turns it off with password and a code. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordAndCodeInput) => {
      await call(disableTwoFactor, { body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

/** New recovery codes with password and a code; resolves to them (shown once). */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordAndCodeInput) =>
      (await call(regenerateRecoveryCodes, { body })).data.recoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
