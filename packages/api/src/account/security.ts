import { z } from 'zod';
import { NewPasswordSchema } from '../auth/password-rules.ts';
import { successSchema } from '../envelope.ts';

/** One signed-in session of the user, as Settings › Security lists it. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  /** 'Desktop', 'Phone' or 'Tablet' with the operating system, e.g. 'Desktop · Linux'; 'Unknown device' without a user agent. */
  device: z.string(),
  /** The browser and its major version, e.g. 'Chrome 131'; 'Unknown browser' without a user agent. */
  browser: z.string(),
  /** The client address seen at sign-in (null when unknown). */
  ip: z.string().nullable(),
  signedInAt: z.string(),
  /** When a request last came with this session (updated at most every few minutes). */
  lastSeenAt: z.string(),
  /** The session this request came with ("this device"). */
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

/** `GET /api/v1/account/sessions`: the user's live sessions, this device first, then the most recently seen. */
export const listAccountSessions = {
  method: 'GET',
  path: '/api/v1/account/sessions',
  response: successSchema(z.object({ sessions: z.array(AccountSessionSchema) })),
} as const;
export type ListAccountSessionsResponse = z.infer<typeof listAccountSessions.response>;

/** `DELETE /api/v1/account/sessions/:id`: signs one of the user's other sessions out (404 for any other id). */
export const endAccountSession = {
  method: 'DELETE',
  path: '/api/v1/account/sessions/:id',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: successSchema(z.object({ ended: z.literal(true) })),
} as const;

/** `DELETE /api/v1/account/sessions`: signs out every session of the user except this one. */
export const endOtherAccountSessions = {
  method: 'DELETE',
  path: '/api/v1/account/sessions',
  response: successSchema(z.object({ ended: z.number().int().nonnegative() })),
} as const;

/** The Change password form: the current password, a new one under the password rules, typed twice. */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ message: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(1024),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string({ message: 'Please confirm the new password' }).max(1024),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordBodySchema>;

/**
 * `POST /api/v1/account/password`: changes the password. A wrong current password is a 400 on its field;
 * every other session of the user ends (this one stays) and a mail says the password changed.
 */
export const changePassword = {
  method: 'POST',
  path: '/api/v1/account/password',
  body: ChangePasswordBodySchema,
  response: successSchema(z.object({ otherSessionsEnded: z.number().int().nonnegative() })),
} as const;
