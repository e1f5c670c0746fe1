import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { UserSchema } from '../users/user.ts';

/** How many recovery codes a user gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the code step of a login stays open after the password was right. */
export const LOGIN_CHALLENGE_MINUTES = 5;

/** A 6-digit code from the authenticator app (spaces allowed, as apps show "123 456"). */
export const TotpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your app' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));

/** A recovery code as shown (XXXXX-XXXXX); case, spaces and dashes are ignored. */
export const RecoveryCodeSchema = z
  .string({ message: 'Enter one of your recovery codes' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{10}$/, 'Enter one of your recovery codes, like ABCDE-FGHIJ'));

/** Whether two-factor sign-in is on, and how many unused recovery codes are left. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** `GET /api/v1/account/two-factor`: the signed-in user's two-factor state. */
export const getTwoFactor = {
  method: 'GET',
  path: '/api/v1/account/two-factor',
  response: successSchema(TwoFactorStatusSchema),
} as const;

/**
 * `POST /api/v1/account/two-factor/start`: a new secret for the authenticator app (key and otpauth:// URL
 * for the QR code). Nothing changes at sign-in until it is confirmed with a code. 409 when already on.
 */
export const startTwoFactor = {
  method: 'POST',
  path: '/api/v1/account/two-factor/start',
  response: successSchema(z.object({ secret: z.string(), otpauthUrl: z.string() })),
} as const;

/** `POST /api/v1/account/two-factor/confirm`: a code from the app turns it on; the recovery codes, shown once. */
export const confirmTwoFactor = {
  method: 'POST',
  path: '/api/v1/account/two-factor/confirm',
  body: z.object({ code: TotpCodeSchema }),
  response: successSchema(z.object({ recoveryCodes: z.array(z.string()) })),
} as const;

/** Password and a current code: what turning it off or new recovery codes need. */
export const PasswordAndCodeSchema = z.object({
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
  code: TotpCodeSchema,
});
export type PasswordAndCodeInput = z.infer<typeof PasswordAndCodeSchema>;

/** `POST /api/v1/account/two-factor/disable`: turns it off (password + code); recovery codes are deleted. */
export const disableTwoFactor = {
  method: 'POST',
  path: '/api/v1/account/two-factor/disable',
  body: PasswordAndCodeSchema,
  response: successSchema(z.object({ enabled: z.literal(false) })),
} as const;

/** `POST /api/v1/account/two-factor/recovery-codes`: 10 new recovery codes (the old ones stop working), shown once. */
export const regenerateRecoveryCodes = {
  method: 'POST',
  path: '/api/v1/account/two-factor/recovery-codes',
  body: PasswordAndCodeSchema,
  response: successSchema(z.object({ recoveryCodes: z.array(z.string()) })),
} as const;

/** What the password step of login answers when the account has two-factor sign-in on (no session yet). */
export const TwoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeId: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequiredSchema>;

/** The login answer: the user (signed in), or the code step. */
export const loginOrChallengeResponse = successSchema(
  z.union([z.object({ user: UserSchema }), TwoFactorRequiredSchema]),
);

/** The code step: an app code or a recovery code (exactly one). */
export const LoginCodeBodySchema = z
  .object({
    challengeId: z.string().min(1).max(128),
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    path: ['code'],
    message: 'Enter the 6-digit code from your app',
  });
export type LoginCodeInput = z.infer<typeof LoginCodeBodySchema>;

/**
 * `POST /api/v1/users/login/two-factor`: finishes a login with a code (or a recovery code, each once) and
 * starts the session. Wrong codes are counted per account (429 past the limit); the step expires after
 * LOGIN_CHALLENGE_MINUTES (410: sign in again).
 */
export const loginTwoFactor = {
  method: 'POST',
  path: '/api/v1/users/login/two-factor',
  body: LoginCodeBodySchema,
  response: successSchema(z.object({ user: UserSchema })),
} as const;
