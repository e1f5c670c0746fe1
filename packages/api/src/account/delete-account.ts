import { z } from 'zod';
import { LoginBodySchema } from '../auth/login.ts';
import { successSchema } from '../envelope.ts';
import { loginOrChallengeResponse } from './two-factor.ts';

/** The warning Settings › Delete Account shows above its buttons (spec section 2). */
export const DELETE_ACCOUNT_WARNING =
  'Once you delete your account, there is no going back. Please be certain.';

/** The Deactivate form: the account's password to confirm. */
export const DeactivateAccountBodySchema = z.object({
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
});
export type DeactivateAccountInput = z.infer<typeof DeactivateAccountBodySchema>;

/**
 * `POST /api/v1/account/deactivate`: deactivates the signed-in user's account after checking the password
 * (a wrong one is a 400 on its field and changes nothing). Every session ends, a mail says so; public mint
 * pages stay up. Signing in again offers to reactivate.
 */
export const deactivateAccount = {
  method: 'POST',
  path: '/api/v1/account/deactivate',
  body: DeactivateAccountBodySchema,
  response: successSchema(z.object({ deactivated: z.literal(true) })),
} as const;

/**
 * `POST /api/v1/account/reactivate`: for a deactivated account, email and password as at login; clears the
 * deactivation, mails the user, then continues as login does (session cookie, or the two-factor step).
 */
export const reactivateAccount = {
  method: 'POST',
  path: '/api/v1/account/reactivate',
  body: LoginBodySchema,
  response: loginOrChallengeResponse,
} as const;

/** What login answers (403 ACCOUNT_DEACTIVATED) for a deactivated account with the right password. */
export const DEACTIVATED_SIGN_IN_MESSAGE = 'This account is deactivated. Reactivate it?';

/** What the user types to confirm deleting the account. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/**
 * The Delete form: the password, the current code from the authenticator app when two-factor sign-in is on
 * (the server asks for it then), and DELETE typed to confirm.
 */
export const DeleteAccountBodySchema = z.object({
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
  code: z.string().max(64).optional(),
  confirmation: z
    .string({ message: `Type ${DELETE_CONFIRMATION_WORD} to confirm` })
    .refine(
      (value) => value.trim() === DELETE_CONFIRMATION_WORD,
      `Type ${DELETE_CONFIRMATION_WORD} to confirm`,
    ),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountBodySchema>;

/**
 * `POST /api/v1/account/delete`: deletes the signed-in user's account for good after checking the password
 * (and the two-factor code when it is on) and the typed confirmation; each wrong one is a 400 on its field
 * and changes nothing. Projects, collections, files, sessions and referrals go; payments stay for accounting
 * with no link to the person. Refused (409) for the last admin and while a collection has a live contract.
 */
export const deleteAccount = {
  method: 'POST',
  path: '/api/v1/account/delete',
  body: DeleteAccountBodySchema,
  response: successSchema(z.object({ deleted: z.literal(true) })),
} as const;

/** How many "download my data" exports a user may make per hour. */
export const DATA_EXPORT_PER_HOUR = 3;

/**
 * `GET /api/v1/account/export`: "download my data", streamed as a ZIP (`account.json` and the files the user
 * uploaded). Rate-limited per user (DATA_EXPORT_PER_HOUR); a 429 says when to try again.
 */
export const exportAccountData = {
  method: 'GET',
  path: '/api/v1/account/export',
} as const;
