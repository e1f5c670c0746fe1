import { getSession, login, loginOrChallengeResponse, logout } from '@layerloom/api';
import type { App } from '../../types.ts';
import { toPublicUser } from '../users/user-view.ts';
import { findUserById } from '../users/users.repository.ts';
import { perEmailLimit } from './account-rate-limit.ts';
import { clientOf } from './client-info.ts';
import { checkCredentials } from './login.service.ts';
import { loadUser } from './require-user.ts';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie.ts';
import { endSession, startSession } from './sessions.service.ts';
import { isTwoFactorEnabled, openChallenge } from './two-factor.service.ts';

/** Rate limit of login attempts per client address. */
export const LOGIN_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
/** Rate limit of login attempts per email address, whatever the client address. */
export const LOGIN_EMAIL_RATE_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

/** Login, logout and the current session. */
export async function authRoutes(app: App): Promise<void> {
  const loginPerEmail = perEmailLimit(app, { name: 'login', ...LOGIN_EMAIL_RATE_LIMIT });
  app.post(
    login.path,
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      preHandler: loginPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'Log in (sets the session cookie, or asks for the two-factor code)',
        body: login.body,
        response: { 200: loginOrChallengeResponse },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const user = await checkCredentials(db, request.body, app.config.requireApproval);
      if (await isTwoFactorEnabled(db, user.id)) {
        // No session yet: the code step (POST /users/login/two-factor) starts it.
        const challenge = await openChallenge(db, user.id);
        return { status: 'success' as const, data: { twoFactorRequired: true as const, ...challenge } };
      }
      const previous = sessionTokenOf(request);
      if (previous) await endSession(db, previous);
      const { token, expiresAt } = await startSession(db, user.id, clientOf(request));
      setSessionCookie(reply, app.config, token, expiresAt);
      request.log.info({ userId: user.id }, 'user logged in');
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );

  app.post(
    logout.path,
    { schema: { tags: ['auth'], summary: 'Log out (ends the session)', response: { 200: logout.response } } },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token) await endSession(app.database.db, token);
      clearSessionCookie(reply, app.config);
      return { status: 'success' as const, data: { signedOut: true as const } };
    },
  );

  app.get(
    getSession.path,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (null for a visitor)',
        security: [{ session: [] }],
        response: { 200: getSession.response },
      },
    },
    async (request) => {
      const session = await loadUser(request);
      const user = session ? await findUserById(app.database.db, session.id) : undefined;
      return { status: 'success' as const, data: { user: user ? toPublicUser(user) : null } };
    },
  );
}
