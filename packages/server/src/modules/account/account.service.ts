import { randomUUID } from 'node:crypto';
import type { AccountSummary, Profile, ProfileFields, ProfileReferral } from '@layerloom/api';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';
import { sendSafely } from '../mail/mailer.ts';
import { emailChangeMail, emailChangeNoticeMail } from '../mail/templates.ts';
import { referralStatus } from '../referrals/referrals.service.ts';
import { toPublicUser } from '../users/user-view.ts';
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  type UserRow,
  updateUser,
} from '../users/users.repository.ts';
import {
  claimEmailChange,
  collectionTotals,
  deleteOpenEmailChanges,
  findEmailChangeByTokenHash,
  findPendingEmailChange,
  findProfile,
  insertEmailChange,
  referralsPage,
  saveProfile,
} from './account.repository.ts';
import { AVATAR_NAME, avatarKey, makeAvatar } from './avatar-image.ts';

/** How long the link confirming a new email works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The address an avatar is served at (to signed-in users: wherever the avatar shows). */
export function avatarUrl(userId: string, name: string): string {
  return `/api/v1/avatars/${encodeURIComponent(userId)}/${name}`;
}

async function userOrThrow(app: App, userId: string): Promise<UserRow> {
  const user = await findUserById(app.database.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return user;
}

async function profileOf(app: App, user: UserRow): Promise<Profile> {
  const now = new Date().toISOString();
  const [profile, pending] = await Promise.all([
    findProfile(app.database.db, user.id),
    findPendingEmailChange(app.database.db, user.id, now),
  ]);
  return {
    user: toPublicUser(user),
    address: profile?.address ?? null,
    city: profile?.city ?? null,
    state: profile?.state ?? null,
    country: profile?.country ?? null,
    zipcode: profile?.zipcode ?? null,
    pendingEmail: pending?.new_email ?? null,
  };
}

/** The signed-in user's profile and what the Profile page sums up (plan, collections, tokens). */
export async function getProfile(
  app: App,
  userId: string,
): Promise<{ profile: Profile; summary: AccountSummary }> {
  const user = await userOrThrow(app, userId);
  const [profile, totals] = await Promise.all([
    profileOf(app, user),
    collectionTotals(app.database.db, user.id),
  ]);
  return { profile, summary: { planId: profile.user.planId, ...totals } };
}

const emailTaken = () =>
  new AppError('CONFLICT', 'This email is already used by another account', {
    fields: [{ path: 'email', message: 'This email is already used by another account' }],
  });

/**
 * Saves the Edit Profile form. Names and address apply at once; a new email is only asked for: a
 * single-use link goes to the new address (the old one is told), and the email switches once it is opened.
 * Everything is checked before anything is written.
 */
export async function updateProfile(app: App, userId: string, fields: ProfileFields): Promise<Profile> {
  const db = app.database.db;
  const user = await userOrThrow(app, userId);
  const emailChanges = fields.email !== user.email;
  if (emailChanges) {
    const holder = await findUserByEmail(db, fields.email);
    if (holder && holder.id !== user.id) throw emailTaken();
  }
  const now = new Date();
  const updated =
    (await updateUser(db, user.id, { first_name: fields.firstName, last_name: fields.lastName })) ?? user;
  await saveProfile(db, {
    user_id: user.id,
    address: fields.address,
    city: fields.city,
    state: fields.state,
    country: fields.country,
    zipcode: fields.zipcode,
    updated_at: now.toISOString(),
  });
  if (emailChanges) {
    const pending = await findPendingEmailChange(db, user.id, now.toISOString());
    // Saving the form again with the same new address does not mail again.
    if (pending?.new_email !== fields.email) await requestEmailChange(app, updated, fields.email, now);
  } else {
    // Saving with the current address drops an email change not yet confirmed.
    await deleteOpenEmailChanges(db, user.id);
  }
  return profileOf(app, updated);
}

async function requestEmailChange(app: App, user: UserRow, newEmail: string, now: Date): Promise<void> {
  const token = randomToken();
  await deleteOpenEmailChanges(app.database.db, user.id);
  await insertEmailChange(app.database.db, {
    id: randomUUID(),
    user_id: user.id,
    new_email: newEmail,
    token_hash: sha256Hex(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3600_000).toISOString(),
    used_at: null,
  });
  const link = `${app.config.publicUrl}/confirm-email/${token}`;
  await sendSafely(
    app.mail,
    app.log,
    emailChangeMail(newEmail, user.first_name, link, EMAIL_CHANGE_TTL_HOURS),
  );
  await sendSafely(
    app.mail,
    app.log,
    emailChangeNoticeMail(user.email, user.first_name, newEmail, 'requested'),
  );
}

/** Drops the user's email change waiting for confirmation. */
export async function cancelEmailChange(app: App, userId: string): Promise<Profile> {
  const user = await userOrThrow(app, userId);
  await deleteOpenEmailChanges(app.database.db, user.id);
  return profileOf(app, user);
}

const invalidLink = () =>
  new AppError(
    'TOKEN_INVALID',
    'This confirmation link is not valid. Save your new email again to get a new one.',
  );

/**
 * Applies an email change with its link's token: the new address becomes the account's (and counts as
 * verified, since the link reached it); the old address is told. Single use; expires.
 */
export async function confirmEmailChange(app: App, token: string): Promise<{ email: string }> {
  const db = app.database.db;
  const change = await findEmailChangeByTokenHash(db, sha256Hex(token));
  if (!change || change.used_at !== null) throw invalidLink();
  const now = new Date().toISOString();
  if (change.expires_at <= now) {
    throw new AppError(
      'TOKEN_EXPIRED',
      'This confirmation link has expired. Save your new email again to get a new one.',
    );
  }
  const user = await findUserById(db, change.user_id);
  if (!user) throw invalidLink();
  const holder = await findUserByEmail(db, change.new_email);
  if (holder && holder.id !== user.id) throw emailTaken();
  if (!(await claimEmailChange(db, change.id, now))) throw invalidLink();
  try {
    await updateUser(db, user.id, {
      email: change.new_email,
      email_verified_at: user.email_verified_at ?? now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await deleteOpenEmailChanges(db, user.id);
  await sendSafely(
    app.mail,
    app.log,
    emailChangeNoticeMail(user.email, user.first_name, change.new_email, 'changed'),
  );
  return { email: change.new_email };
}

/** Stores a new avatar (checked, resized, WebP) and makes it the user's; the previous file is removed. */
export async function setAvatar(app: App, userId: string, bytes: Buffer) {
  const user = await userOrThrow(app, userId);
  const { name, webp } = await makeAvatar(bytes);
  await app.blobs.put(avatarKey(user.id, name), webp);
  const updated = (await updateUser(app.database.db, user.id, { avatar: avatarUrl(user.id, name) })) ?? user;
  await removeOldAvatar(app, user, name);
  return toPublicUser(updated);
}

/** Goes back to initials: the avatar is unset and its file removed. */
export async function removeAvatar(app: App, userId: string) {
  const user = await userOrThrow(app, userId);
  const updated = (await updateUser(app.database.db, user.id, { avatar: null })) ?? user;
  await removeOldAvatar(app, user, null);
  return toPublicUser(updated);
}

async function removeOldAvatar(app: App, user: UserRow, keep: string | null): Promise<void> {
  const old = user.avatar?.split('/').pop();
  if (old && old !== keep && AVATAR_NAME.test(old)) await app.blobs.delete(avatarKey(user.id, old));
}

/** An avatar's bytes, when `name` is the user's current avatar (older names are gone). */
export async function avatarBytes(app: App, userId: string, name: string): Promise<Buffer | undefined> {
  if (!AVATAR_NAME.test(name)) return undefined;
  const user = await findUserById(app.database.db, userId);
  if (user?.avatar !== avatarUrl(userId, name)) return undefined;
  return app.blobs.getBuffer(avatarKey(userId, name));
}

/** A page of the people the user referred (the Profile page's table), numbered across pages. */
export async function listProfileReferrals(
  app: App,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ referrals: ProfileReferral[]; total: number }> {
  const offset = (page - 1) * pageSize;
  const { rows, total } = await referralsPage(app.database.db, userId, { limit: pageSize, offset });
  return {
    total,
    referrals: rows.map((row, index) => ({
      no: offset + index + 1,
      name: row.referred_user_id ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : null,
      avatar: row.avatar,
      email: row.email,
      status: referralStatus(row),
    })),
  };
}
