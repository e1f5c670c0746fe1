import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactor,
  loginTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactor,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { toPublicUser } from '../users/user-view.ts';
import { clientOf } from './client-info.ts';
import { assertMaySignIn } from './login.service.ts';
import { currentUser, requireUser } from './require-user.ts';
import { sessionTokenOf, setSessionCookie } from './session-cookie.ts';
import { endSession, startSession } from './sessions.service.ts';
import * as twoFactor from './two-factor.service.ts';

/** Code checks per client address (the per-account count of wrong codes is kept in the database). */
export const TWO_FACTOR_RATE_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

/** Settings › Security › Two-factor sign-in (always the session's user) and the code step of login. */
export async function twoFactorRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];
  const tags = ['account'];

  app.get(
    getTwoFactor.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Your two-factor sign-in state',
        security,
        response: { 200: getTwoFactor.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await twoFactor.status(app, currentUser(request)),
    }),
  );

  app.post(
    startTwoFactor.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'A new key for an authenticator app (not on until confirmed)',
        security,
        response: { 200: startTwoFactor.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await twoFactor.start(app, currentUser(request)),
    }),
  );

  app.post(
    confirmTwoFactor.path,
    {
      ...guarded,
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a code; the recovery codes, shown once',
        security,
        body: confirmTwoFactor.body,
        response: { 200: confirmTwoFactor.response },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const recoveryCodes = await twoFactor.confirm(app, user, request.body.code);
      request.log.info({ userId: user.id }, 'two-factor sign-in enabled');
      return { status: 'success' as const, data: { recoveryCodes } };
    },
  );

  app.post(
    disableTwoFactor.path,
    {
      ...guarded,
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (password and a code)',
        security,
        body: disableTwoFactor.body,
        response: { 200: disableTwoFactor.response },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await twoFactor.disable(app, user, request.body);
      request.log.info({ userId: user.id }, 'two-factor sign-in disabled');
      return { status: 'success' as const, data: { enabled: false as const } };
    },
  );

  app.post(
    regenerateRecoveryCodes.path,
    {
      ...guarded,
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
      schema: {
        tags,
        summary: 'New recovery codes (password and a code); the old ones stop working',
        security,
        body: regenerateRecoveryCodes.body,
        response: { 200: regenerateRecoveryCodes.response },
      },
    },
    async (request) => {
      const recoveryCodes = await twoFactor.regenerate(app, currentUser(request), request.body);
      return { status: 'success' as const, data: { recoveryCodes } };
    },
  );

  app.post(
    loginTwoFactor.path,
    {
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Finish a login with an authenticator code or a recovery code (sets the session cookie)',
        body: loginTwoFactor.body,
        response: { 200: loginTwoFactor.response },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const user = await twoFactor.completeChallenge(app, request.body);
      assertMaySignIn(user, app.config.requireApproval);
      const previous = sessionTokenOf(request);
      if (previous) await endSession(db, previous);
      const { token, expiresAt } = await startSession(db, user.id, clientOf(request));
      setSessionCookie(reply, app.config, token, expiresAt);
      request.log.info({ userId: user.id }, 'user logged in with a second factor');
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );
}
