import { PlanIdSchema } from '@layerloom/api';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { roleOf } from '../users/user-view.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { AuthUser } from './auth-user.ts';
import { sessionTokenOf } from './session-cookie.ts';
import { resolveSession } from './sessions.service.ts';

/** Loads the request's session user into `request.user` (null when there is no live session). */
export async function loadUser(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.user) return request.user;
  const token = sessionTokenOf(request);
  if (!token) return null;
  const found = await resolveSession(request.server.database.db, token);
  if (!found) return null;
  const { session, user } = found;
  request.user = authUserOf(user, session.id);
  return request.user;
}

/** The `request.user` of a user row, signed in with this session id (or an API key's `api-key:<id>`). */
export function authUserOf(user: UserRow, sessionId: string): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: roleOf(user),
    planId: PlanIdSchema.parse(user.plan_id),
    firstName: user.first_name,
    lastName: user.last_name,
    sessionId,
  };
}

/**
 * A route's onRequest hook: 401 UNAUTHENTICATED without a live session; sets `request.user`. On request,
 * not later: Fastify parses and validates the body, params and query before preValidation and preHandler,
 * so a visitor would learn a route's rules (400) before being told to sign in.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const user = await loadUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
}

/** A route's onRequest hook: 401 without a session, 403 FORBIDDEN for a signed-in non-admin; sets `request.user`. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const user = await loadUser(request);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only admins can do this.');
}

/** The signed-in user of a request that passed `requireUser`/`requireAdmin`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return request.user;
}
