import { z } from 'zod';
import { EmailSchema } from '../auth/password-rules.ts';
import { successSchema } from '../envelope.ts';

/** The outcome of opening a verification link that worked. Failures are TOKEN_INVALID (400) or TOKEN_EXPIRED (410). */
export const VerifyEmailOutcomeSchema = z.enum(['verified', 'already-verified']);
export type VerifyEmailOutcome = z.infer<typeof VerifyEmailOutcomeSchema>;

/**
 * `PATCH /api/v1/users/verify/{id}/{token}`: confirms the email address with the mailed link's
 * single-use token. `already-verified` when the address was confirmed before (e.g. the link is
 * opened twice); 410 TOKEN_EXPIRED for an expired link; 400 TOKEN_INVALID for anything else.
 * `awaitingApproval`: the account still waits for an administrator, so logging in would be refused.
 */
export const verifyEmail = {
  method: 'PATCH',
  path: '/api/v1/users/verify/:id/:token',
  params: z.object({ id: z.string().min(1).max(64), token: z.string().min(1).max(128) }),
  response: successSchema(z.object({ outcome: VerifyEmailOutcomeSchema, awaitingApproval: z.boolean() })),
} as const;
export type VerifyEmailResponse = z.infer<typeof verifyEmail.response>;

/**
 * `POST /api/v1/users/resend-verification`: mails a fresh verification link to an unverified
 * account. Same answer whether or not the address has an account.
 */
export const resendVerification = {
  method: 'POST',
  path: '/api/v1/users/resend-verification',
  body: z.object({ email: EmailSchema }),
  response: z.object({ status: z.literal('success'), message: z.string(), data: z.object({}) }),
} as const;
export type ResendVerificationResponse = z.infer<typeof resendVerification.response>;
