import { z } from 'zod';
import { NewPasswordSchema } from '../auth/password-rules.ts';
import { successSchema } from '../envelope.ts';
import { UserSchema } from './user.ts';

/** How long a mailed one-time code is valid. */
export const OTP_TTL_MINUTES = 10;
/** Wrong codes allowed before the reset request is dead. */
export const OTP_MAX_ATTEMPTS = 5;

/**
 * `POST /api/v1/users/forgot-password`: mails a 6-digit code when the address has an account.
 * The answer is the same either way; `data.id` is an opaque reset-request id (never the user id)
 * for the next two calls.
 */
export const forgotPassword = {
  method: 'POST',
  path: '/api/v1/users/forgot-password',
  body: z.object({
    email: z
      .string({ message: 'Invalid Email!' })
      .trim()
      .max(254, 'Invalid Email!')
      .pipe(z.email('Invalid Email!'))
      .transform((email) => email.toLowerCase()),
  }),
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ id: z.string() }),
  }),
} as const;
export type ForgotPasswordResponse = z.infer<typeof forgotPassword.response>;

/** A reset-request id in a path. */
export const ResetRequestParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * `PATCH /api/v1/users/verify-otp-code/{id}`: checks the code of reset request `id`. The spec sends
 * it as a number (so leading zeros are lost; they are restored), a 6-digit string is accepted too.
 * 400 OTP_INCORRECT (message says how many tries are left), 410 OTP_LOCKED after 5 wrong tries,
 * 410 TOKEN_EXPIRED after 10 minutes, 400 TOKEN_INVALID for an unknown or used request.
 */
export const verifyOtpCode = {
  method: 'PATCH',
  path: '/api/v1/users/verify-otp-code/:id',
  params: ResetRequestParamsSchema,
  body: z.object({
    code: z
      .union(
        [
          z.number().int().min(0).max(999_999),
          z
            .string()
            .trim()
            .regex(/^\d{1,6}$/),
        ],
        { message: 'Enter the 6-digit code from the email' },
      )
      .transform((code) => String(code).padStart(6, '0')),
  }),
  response: successSchema(z.object({ verified: z.literal(true) })),
} as const;
export type VerifyOtpCodeResponse = z.infer<typeof verifyOtpCode.response>;

/**
 * `PATCH /api/v1/users/update-password/{id}`: sets the new password for reset request `id`, whose
 * code must have been verified (403 OTP_NOT_VERIFIED otherwise); works once. Ends every session of
 * the account, then signs this browser in when the account may sign in (`signedIn`).
 */
export const updatePassword = {
  method: 'PATCH',
  path: '/api/v1/users/update-password/:id',
  params: ResetRequestParamsSchema,
  body: z
    .object({
      password: NewPasswordSchema,
      confirmPassword: z.string({ message: 'Please confirm the password' }).max(1024),
    })
    .refine((body) => body.password === body.confirmPassword, {
      path: ['confirmPassword'],
      message: 'The two passwords do not match',
    }),
  response: successSchema(z.object({ signedIn: z.boolean(), user: UserSchema.nullable() })),
} as const;
export type UpdatePasswordResponse = z.infer<typeof updatePassword.response>;
