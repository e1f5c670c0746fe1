import {
  type DeactivateAccountInput,
  type DeleteAccountInput,
  deactivateAccount,
  deleteAccount,
} from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { replaceSession } from '../../auth/session.ts';

/** Deactivates the account (the server ends every session); this browser is then signed out. */
export function useDeactivateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeactivateAccountInput) => {
      await call(deactivateAccount, { body });
    },
    onSuccess: () => replaceSession(client, null, { signedOut: true }),
  });
}

/** Deletes the account for good (the server ends every session); this browser is then signed out. */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeleteAccountInput) => {
      await call(deleteAccount, { body });
    },
    onSuccess: () => replaceSession(client, null, { signedOut: true }),
  });
}
