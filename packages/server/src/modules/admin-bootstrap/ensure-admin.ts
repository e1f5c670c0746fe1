import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { endAllSessions } from '../auth/sessions.service.ts';
import {
  findUserByEmail,
  hasAdmin,
  insertUser,
  isUniqueViolation,
  updateUser,
} from '../users/users.repository.ts';

/** The email of the admin created on first start when ADMIN_EMAIL is not set. */
export const GENERATED_ADMIN_EMAIL = 'admin@layerloom.local';

/** What the bootstrap did. */
export type EnsureAdminResult =
  | { action: 'created' | 'updated' | 'unchanged'; email: string }
  | { action: 'generated'; email: string; password: string }
  | { action: 'exists' };

/**
 * Creates the admin unless an account with that email exists by now: web nodes started together
 * on one database run this at the same moment, and only one of them may create it. Returns
 * whether this call created it.
 */
async function createAdmin(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    await insertUser(db, {
      id: randomUUID(),
      email,
      first_name: 'Admin',
      last_name: 'Layerloom',
      avatar: null,
      role: 'admin',
      password_hash: await hashPassword(password),
      email_verified_at: now,
      account_status: 'approved',
      account_reason: 'OK',
      created_at: now,
      updated_at: now,
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * At start: with ADMIN_EMAIL + ADMIN_PASSWORD, creates that admin or makes the existing account a
 * verified, approved admin with that password (ending its sessions when the password changed).
 * Without them, creates an admin with a random password when no admin exists yet (returned once,
 * for printing) and otherwise does nothing.
 */
export async function ensureAdmin(db: Kysely<Database>, admin: Config['admin']): Promise<EnsureAdminResult> {
  if (admin) {
    const email = admin.email.trim().toLowerCase();
    const existing = await findUserByEmail(db, email);
    if (!existing) {
      if (await createAdmin(db, email, admin.password)) return { action: 'created', email };
      // Another node created it between the lookup and the insert: bring it in line as below.
      return ensureAdmin(db, admin);
    }
    const samePassword = await verifyPassword(existing.password_hash, admin.password);
    const alreadyAdmin =
      existing.role === 'admin' &&
      existing.email_verified_at !== null &&
      existing.account_status === 'approved';
    if (samePassword && alreadyAdmin) return { action: 'unchanged', email };
    await updateUser(db, existing.id, {
      role: 'admin',
      email_verified_at: existing.email_verified_at ?? new Date().toISOString(),
      account_status: 'approved',
      account_reason: 'OK',
      ...(samePassword ? {} : { password_hash: await hashPassword(admin.password) }),
    });
    if (!samePassword) await endAllSessions(db, existing.id);
    return { action: 'updated', email };
  }
  if (await hasAdmin(db)) return { action: 'exists' };
  const password = randomBytes(12).toString('base64url');
  if (!(await createAdmin(db, GENERATED_ADMIN_EMAIL, password))) {
    // Another node started at the same moment created it; anything else holding that email is not an admin.
    if (await hasAdmin(db)) return { action: 'exists' };
    throw new Error(
      `No admin account exists and ${GENERATED_ADMIN_EMAIL} is taken by another account: set ADMIN_EMAIL and ADMIN_PASSWORD.`,
    );
  }
  return { action: 'generated', email: GENERATED_ADMIN_EMAIL, password };
}

/** The lines to print for a bootstrap result (the generated password is printed only this once). */
export function describeEnsureAdmin(result: EnsureAdminResult): string | undefined {
  switch (result.action) {
    case 'generated':
      return [
        'Created the first admin account. Save these credentials now; they are not shown again:',
        `  email:    ${result.email}`,
        `  password: ${result.password}`,
        'Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.',
      ].join('\n');
    case 'created':
      return `Created the admin account ${result.email} (from ADMIN_EMAIL).`;
    case 'updated':
      return `Updated the admin account ${result.email} (from ADMIN_EMAIL).`;
    default:
      return undefined;
  }
}
