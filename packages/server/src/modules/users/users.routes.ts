import {
  forgotPassword,
  getUser,
  resendVerification,
  signUp,
  updatePassword,
  verifyEmail,
  verifyOtpCode,
} from '@layerloom/api';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { perEmailLimit } from '../auth/account-rate-limit.ts';
import { clientOf } from '../auth/client-info.ts';
import { awaitsApproval, maySignIn } from '../auth/login.service.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { startSession } from '../auth/sessions.service.ts';
import { isTwoFactorEnabled } from '../auth/two-factor.service.ts';
import { noticeSignUp } from '../notifications/notices.ts';
import { confirmEmail, sendVerificationLink } from './email-verification.service.ts';
import { completePasswordReset, requestPasswordReset, verifyResetCode } from './password-reset.service.ts';
import { signUpUser } from './sign-up.service.ts';
import { toPublicUser } from './user-view.ts';
import { findUserByEmail, findUserById } from './users.repository.ts';

/** Rate limits per client address. */
export const SIGN_UP_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;
export const FORGOT_PASSWORD_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;
/** Reset codes mailed to one address, whatever the client address (no inbox flooding). */
export const FORGOT_PASSWORD_EMAIL_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;
export const OTP_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
export const RESEND_VERIFICATION_RATE_LIMIT = { max: 5, timeWindow: '15 minutes' } as const;

/** Sign-up, the user's own record, email verification and password reset. */
export async function usersRoutes(app: App): Promise<void> {
  const forgotPerEmail = perEmailLimit(app, { name: 'forgot-password', ...FORGOT_PASSWORD_EMAIL_RATE_LIMIT });
  const resendPerEmail = perEmailLimit(app, {
    name: 'resend-verification',
    ...RESEND_VERIFICATION_RATE_LIMIT,
  });
  const deps = () => ({
    db: app.database.db,
    mail: app.mail,
    log: app.log,
    publicUrl: app.config.publicUrl,
    requireApproval: app.config.requireApproval,
  });

  app.post(
    signUp.path,
    {
      config: { rateLimit: SIGN_UP_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Sign up (role user; unverified and pending approval)',
        body: signUp.body,
        response: { 201: signUp.response },
      },
    },
    async (request, reply) => {
      const user = await signUpUser(deps(), request.body);
      await noticeSignUp(app, user);
      request.log.info({ userId: user.id }, 'user signed up');
      return reply.code(201).send({ status: 'success' as const, data: { user: toPublicUser(user) } });
    },
  );

  app.get(
    getUser.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'One user (yourself, or anyone for admins)',
        security: [{ session: [] }],
        params: getUser.params,
        response: { 200: getUser.response },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.id !== request.params.id && me.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'You can only see your own account.');
      }
      const user = await findUserById(app.database.db, request.params.id);
      if (!user) throw notFound('User');
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );

  app.patch(
    verifyEmail.path,
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm the email address with the mailed link',
        params: verifyEmail.params,
        response: { 200: verifyEmail.response },
      },
    },
    async (request) => {
      const outcome = await confirmEmail(app.database.db, request.params.id, request.params.token);
      // The page the link opens says whether logging in works now or after an administrator's approval.
      const user = await findUserById(app.database.db, request.params.id);
      const awaitingApproval = user ? awaitsApproval(user, app.config.requireApproval) : false;
      return { status: 'success' as const, data: { outcome, awaitingApproval } };
    },
  );

  app.post(
    resendVerification.path,
    {
      config: { rateLimit: RESEND_VERIFICATION_RATE_LIMIT },
      preHandler: resendPerEmail,
      schema: {
        tags: ['users'],
        summary: 'Mail a new verification link',
        body: resendVerification.body,
        response: { 200: resendVerification.response },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.database.db, request.body.email);
      if (user && !user.email_verified_at) await sendVerificationLink(deps(), user);
      return {
        status: 'success' as const,
        message: 'If this email has an unconfirmed account, we sent a new link to it.',
        data: {},
      };
    },
  );

  app.post(
    forgotPassword.path,
    {
      config: { rateLimit: FORGOT_PASSWORD_RATE_LIMIT },
      preHandler: forgotPerEmail,
      schema: {
        tags: ['users'],
        summary: 'Mail a 6-digit password reset code',
        body: forgotPassword.body,
        response: { 200: forgotPassword.response },
      },
    },
    async (request) => {
      const id = await requestPasswordReset(deps(), request.body.email);
      return {
        status: 'success' as const,
        message: 'If this email has an account, we sent a 6-digit code to it. It expires in 10 minutes.',
        data: { id },
      };
    },
  );

  app.patch(
    verifyOtpCode.path,
    {
      config: { rateLimit: OTP_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Check the reset code',
        params: verifyOtpCode.params,
        body: verifyOtpCode.body,
        response: { 200: verifyOtpCode.response },
      },
    },
    async (request) => {
      await verifyResetCode(app.database.db, request.params.id, request.body.code);
      return { status: 'success' as const, data: { verified: true as const } };
    },
  );

  app.patch(
    updatePassword.path,
    {
      config: { rateLimit: OTP_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Set the new password of a verified reset request',
        params: updatePassword.params,
        body: updatePassword.body,
        response: { 200: updatePassword.response },
      },
    },
    async (request, reply) => {
      const user = await completePasswordReset(app.database.db, request.params.id, request.body.password);
      request.log.info({ userId: user.id }, 'password reset');
      // With two-factor sign-in on, a reset never signs in: login still asks for the code.
      if (
        !maySignIn(user, app.config.requireApproval) ||
        (await isTwoFactorEnabled(app.database.db, user.id))
      ) {
        return { status: 'success' as const, data: { signedIn: false, user: null } };
      }
      const { token, expiresAt } = await startSession(app.database.db, user.id, clientOf(request));
      setSessionCookie(reply, app.config, token, expiresAt);
      return { status: 'success' as const, data: { signedIn: true, user: toPublicUser(user) } };
    },
  );
}
