import {
  changePassword,
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from './require-user.ts';
import * as securityService from './security.service.ts';

/** Wrong current passwords allowed per client address before a pause (the hash check is also costly). */
export const CHANGE_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

/** Settings › Security: the signed-in user's password and sessions (always the session's user, never an id sent). */
export async function securityRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];

  app.get(
    listAccountSessions.path,
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'Your signed-in sessions (device, browser, address, last seen; this one marked)',
        security,
        response: { 200: listAccountSessions.response },
      },
    },
    async (request) => {
      const sessions = await securityService.listSessions(app, currentUser(request));
      return { status: 'success' as const, data: { sessions } };
    },
  );

  app.delete(
    endAccountSession.path,
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'Sign one of your other sessions out',
        security,
        params: endAccountSession.params,
        response: { 200: endAccountSession.response },
      },
    },
    async (request) => {
      await securityService.endOneSession(app, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { ended: true as const } };
    },
  );

  app.delete(
    endOtherAccountSessions.path,
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'Sign out every session but this one',
        security,
        response: { 200: endOtherAccountSessions.response },
      },
    },
    async (request) => {
      const ended = await securityService.endOtherSessions(app, currentUser(request));
      return { status: 'success' as const, data: { ended } };
    },
  );

  app.post(
    changePassword.path,
    {
      ...guarded,
      config: { rateLimit: CHANGE_PASSWORD_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary: 'Change your password (signs out your other sessions; mails you)',
        security,
        body: changePassword.body,
        response: { 200: changePassword.response },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const otherSessionsEnded = await securityService.changePassword(app, user, request.body);
      request.log.info({ userId: user.id, otherSessionsEnded }, 'password changed');
      return { status: 'success' as const, data: { otherSessionsEnded } };
    },
  );
}
