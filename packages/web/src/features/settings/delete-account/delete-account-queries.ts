import {
  type DeactivateAccountInput,
  type DeleteAccountInput,
  deactivateAccount,
  deleteAccount,
  exportAccountData,
} from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointUrl, toApiError } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
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

/**
 * "Download my data": fetches the ZIP the server streams and saves it under the server's file name. A refusal
 * (e.g. the hourly limit) is thrown as an ApiError with the server's message.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      let response: Response;
      try {
        response = await fetch(endpointUrl(exportAccountData), { credentials: 'same-origin' });
      } catch {
        throw new ApiError(0, 'NETWORK', 'Cannot reach Layerloom. Check your connection and try again.');
      }
      if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'layerloom-data.zip';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      URL.revokeObjectURL(url);
      return name;
    },
  });
}
