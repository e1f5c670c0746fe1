import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/** The session cookie's name (also in the OpenAPI security scheme). */
export const SESSION_COOKIE = 'layerloom_session';

function cookieOptions(config: Config) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
  };
}

/** Sets the HttpOnly, SameSite=Lax session cookie (Secure when PUBLIC_URL is https). */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(config), expires: expiresAt });
}

/** Tells the browser to drop the session cookie. */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** The session token the request carries, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token === undefined || token === '' ? undefined : token;
}
