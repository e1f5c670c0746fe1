import { randomUUID } from 'node:crypto';
import type { PlanId, RoleName } from '@layerloom/api';
import { hashPassword } from '../../src/modules/auth/password-hash.ts';
import { SESSION_COOKIE } from '../../src/modules/auth/session-cookie.ts';
import { startSession } from '../../src/modules/auth/sessions.service.ts';
import { listOutboxMails } from '../../src/modules/mail/outbox.repository.ts';
import { insertUser } from '../../src/modules/users/users.repository.ts';
import type { App } from '../../src/types.ts';

export interface CreateUserOptions {
  role?: RoleName;
  planId?: PlanId;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  /** Email confirmed (default true). */
  verified?: boolean;
  /** Default 'approved'. */
  accountStatus?: 'pending' | 'approved' | 'rejected';
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export interface LoggedInUser extends TestUser {
  /** The `cookie` header value carrying the session, e.g. for `app.inject({ headers: { cookie } })`. */
  cookie: string;
}

/** Stores a user directly (no HTTP, no rate limits): verified and approved unless told otherwise. */
export async function createUser(app: App, options: CreateUserOptions = {}): Promise<TestUser> {
  const id = randomUUID();
  const email = (options.email ?? `user-${id.slice(0, 8)}@example.com`).toLowerCase();
  const password = options.password ?? `pw-${randomUUID()}`;
  const now = new Date().toISOString();
  await insertUser(app.database.db, {
    id,
    email,
    first_name: options.firstName ?? 'Test',
    last_name: options.lastName ?? 'User',
    avatar: null,
    role: options.role ?? 'user',
    password_hash: await hashPassword(password),
    email_verified_at: options.verified === false ? null : now,
    account_status: options.accountStatus ?? 'approved',
    account_reason: options.accountStatus === 'rejected' ? 'Test rejection' : null,
    plan_id: options.planId ?? 'free',
    created_at: now,
    updated_at: now,
  });
  return { id, email, password };
}

/** Stores a user and starts a session for them; returns the cookie header to send. */
export async function createUserAndLogin(app: App, options: CreateUserOptions = {}): Promise<LoggedInUser> {
  const user = await createUser(app, options);
  const { token } = await startSession(app.database.db, user.id);
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The `cookie` header value of a response's session Set-Cookie, if it set one. */
export function sessionCookieOf(response: {
  cookies: { name: string; value: string }[];
}): string | undefined {
  const cookie = response.cookies.find(
    (candidate) => candidate.name === SESSION_COOKIE && candidate.value !== '',
  );
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

/** The development-outbox mails to an address, newest first. */
export async function mailsTo(app: App, email: string) {
  const mails = await listOutboxMails(app.database.db, 1000);
  return mails.filter((mail) => mail.to_address === email.toLowerCase());
}

let ipCounter = 0;
/** A fresh client address, so rate limits of one test do not leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Who `GET /api/v1/session` says is signed in with these headers: the user's id, or null for a visitor. */
export async function signedInUserId(
  app: App,
  headers: Record<string, string | undefined> = {},
): Promise<string | null> {
  const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/session',
    headers: sent as Record<string, string>,
  });
  if (response.statusCode !== 200) throw new Error(`GET /api/v1/session answered ${response.statusCode}`);
  return response.json().data.user?._id ?? null;
}
