import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { UserSchema } from '../users/user.ts';

/** The login payload (spec: email, password). Only presence is checked; wrong values are a 401. */
export const LoginBodySchema = z.object({
  email: z.string({ message: 'Email is required!' }).trim().min(1, 'Email is required!').max(254),
  password: z.string({ message: 'Password is required!' }).min(1, 'Password is required!').max(1024),
});
export type LoginInput = z.infer<typeof LoginBodySchema>;

/**
 * `POST /api/v1/users/login`: checks the credentials and starts a session (an HttpOnly cookie).
 * 401 INVALID_CREDENTIALS for any wrong email/password; 403 EMAIL_NOT_VERIFIED, ACCOUNT_PENDING or
 * ACCOUNT_REJECTED when the account may not sign in yet.
 */
export const login = {
  method: 'POST',
  path: '/api/v1/users/login',
  body: LoginBodySchema,
  response: successSchema(z.object({ user: UserSchema })),
} as const;
export type LoginResponse = z.infer<typeof login.response>;

/** `POST /api/v1/users/logout`: ends the current session (if any) and clears the cookie. */
export const logout = {
  method: 'POST',
  path: '/api/v1/users/logout',
  response: successSchema(z.object({ signedOut: z.literal(true) })),
} as const;
export type LogoutResponse = z.infer<typeof logout.response>;

/**
 * `GET /api/v1/session`: the signed-in user, or `user: null` for a visitor. Asking who is signed in is
 * never an error (every public page asks), so a visitor gets a 200 rather than a 401.
 */
export const getSession = {
  method: 'GET',
  path: '/api/v1/session',
  response: successSchema(z.object({ user: UserSchema.nullable() })),
} as const;
export type GetSessionResponse = z.infer<typeof getSession.response>;
