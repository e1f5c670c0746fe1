import { setTimeout } from 'node:timers/promises';
import {
  type DeactivateAccountInput,
  type DeleteAccountInput,
  type LoginInput,
  TotpCodeSchema,
} from '@layerloom/api';
import { layerloomChains } from '@layerloom/contracts';
import { isFinished } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { assertMaySignIn, isOwnerDeactivated } from '../auth/login.service.ts';
import { verifyPassword } from '../auth/password-hash.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import { acceptCode, isTwoFactorEnabled } from '../auth/two-factor.service.ts';
import { deleteCollection, listCollections } from '../collections/collections.service.ts';
import { findLatestVerifiedDeployment } from '../deployments/deployments.repository.ts';
import { sendSafely } from '../mail/mailer.ts';
import { accountDeactivatedMail, accountDeletedMail, accountReactivatedMail } from '../mail/templates.ts';
import { deleteProject, listProjects } from '../projects/projects.service.ts';
import { findUserByEmail, findUserById, hasOtherAdmin, type UserRow } from '../users/users.repository.ts';
import { personalWorkspaceIdOf } from '../workspaces/resource-access.ts';
import { planAccountMessages } from './account-messages.repository.ts';
import { avatarKey } from './avatar-image.ts';
import {
  deleteAccountRows,
  listTeamsOwnedAlone,
  listUnfinishedOwnJobIds,
} from './delete-account.repository.ts';

const wrongPassword = () =>
  new AppError('VALIDATION_FAILED', 'Your password is not correct.', {
    fields: [{ path: 'password', message: 'Your password is not correct.' }],
  });

/**
 * Deactivates the user's own account after checking the password (a wrong one writes nothing): marks the
 * account deactivated and ends every session in one transaction, then mails the user. Public mint pages
 * are not touched.
 */
export async function deactivateAccount(
  app: App,
  user: AuthUser,
  input: DeactivateAccountInput,
): Promise<void> {
  const db = app.database.db;
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (!(await verifyPassword(row.password_hash, input.password))) throw wrongPassword();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ deactivated_at: now, owner_deactivated_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await deleteUserSessions(trx, user.id);
  });
  await sendSafely(
    app.mail,
    app.log,
    accountDeactivatedMail(row.email, row.first_name, `${app.config.publicUrl}/auth/login`),
  );
}

/**
 * Reactivates an account its owner deactivated, from the login page: one 401 for a wrong email or password
 * (as at login); an account that is not deactivated by its owner gets login's own answer for its state
 * (e.g. deactivated by an admin) or a 400. Then the account's other states are checked as at login and
 * the user is mailed.
 */
export async function reactivateAccount(app: App, input: LoginInput): Promise<UserRow> {
  const db = app.database.db;
  const user = await findUserByEmail(db, input.email.trim().toLowerCase());
  const matches = await verifyPassword(user?.password_hash, input.password);
  if (!user || !matches) throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.');
  if (!isOwnerDeactivated(user)) {
    assertMaySignIn(user, app.config.requireApproval);
    throw new AppError('BAD_REQUEST', 'This account is not deactivated: log in as usual.');
  }
  const active: UserRow = { ...user, deactivated_at: null, owner_deactivated_at: null };
  assertMaySignIn(active, app.config.requireApproval);
  const now = new Date().toISOString();
  await db
    .updateTable('users')
    .set({ deactivated_at: null, owner_deactivated_at: null, updated_at: now })
    .where('id', '=', user.id)
    .execute();
  await sendSafely(
    app.mail,
    app.log,
    accountReactivatedMail(user.email, user.first_name, `${app.config.publicUrl}/auth/login`),
  );
  return active;
}

const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ path, message }] });

/** How long deleting an account waits for the user's other jobs to stop before removing their rows. */
const JOB_STOP_TIMEOUT_MS = 20_000;

/**
 * Deletes the user's own account for good. Everything is checked before anything is removed: the password,
 * the two-factor code when it is on, that another admin remains, and that no collection has a contract
 * verified on chain (collectors' tokens read its hosted files and mint page, so those must stay up; the
 * user is told which collections and why). Then the collections (jobs stopped, files removed), projects
 * (uploaded layers), other jobs, the account's rows, the avatar and the images sent in messages go (direct
 * conversations are removed, support ones anonymised), and a goodbye mail is sent. Payments
 * stay for accounting, with no link to the person (see deleteAccountRows).
 */
export async function deleteOwnAccount(app: App, user: AuthUser, input: DeleteAccountInput): Promise<void> {
  const db = app.database.db;
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (!(await verifyPassword(row.password_hash, input.password))) throw wrongPassword();
  if (await isTwoFactorEnabled(db, user.id)) {
    const code = TotpCodeSchema.safeParse(input.code ?? '');
    if (!code.success) throw fieldError('code', 'Enter the 6-digit code from your app');
    if (!(await acceptCode(app, user.id, code.data))) {
      throw fieldError('code', 'That code is not correct. Enter the current code from your app.');
    }
  }
  if (row.role === 'admin' && !(await hasOtherAdmin(db, user.id))) {
    throw new AppError(
      'CONFLICT',
      'You are the only admin: make another account an admin before deleting yours.',
    );
  }
  const teams = (await listTeamsOwnedAlone(db, user.id)).filter(
    (team) => team.members > 0 || team.projects > 0,
  );
  if (teams.length > 0) {
    const names = teams.map((team) => team.name).join(', ');
    throw new AppError(
      'CONFLICT',
      `You are the only owner of ${names}. Make another member an owner, or delete the team, before deleting your account: its work stays with the team.`,
    );
  }
  // Only what is in the personal workspace goes with the account; what the user made in teams stays there.
  const personal = personalWorkspaceIdOf(user.id);
  const collections = (await listCollections(app, user.id)).filter(
    (collection) => collection.workspace_id === personal,
  );
  const live: string[] = [];
  for (const collection of collections) {
    const deployment = await findLatestVerifiedDeployment(db, collection.id);
    if (!deployment) continue;
    const chain =
      layerloomChains.find((entry) => entry.chain.id === deployment.chain_id)?.name ??
      `chain ${deployment.chain_id}`;
    live.push(`${collection.name} (${chain}, ${deployment.address})`);
  }
  if (live.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Your account cannot be deleted while a collection has a live contract: ${live.join('; ')}. Collectors' tokens read its files and mint page from Layerloom. Contact us to hand it over or to keep only its public files.`,
    );
  }

  for (const collection of collections) await deleteCollection(app, user.id, collection.id);
  const projects = { db, blobs: app.blobs };
  for (const project of await listProjects(projects, user.id)) {
    if (project.workspace_id !== personal) continue;
    await deleteProject(projects, user.id, project.id);
  }
  await stopJobs(app, await listUnfinishedOwnJobIds(db, user.id));
  const messages = await planAccountMessages(db, { id: row.id, email: row.email });
  await deleteAccountRows(db, { id: row.id, email: row.email }, messages);
  await app.blobs.deletePrefix(avatarKey(user.id, '').replace(/\/$/, ''));
  for (const key of messages.imageKeys) await app.blobs.delete(key);
  // The other side's list drops the conversation without a reload.
  for (const id of messages.directIds) {
    for (const userId of messages.otherMemberIds)
      await app.live.send(userId, 'message', { conversationId: id });
  }
  await sendSafely(app.mail, app.log, accountDeletedMail(row.email, row.first_name));
}

/** Cancels the jobs and waits (bounded) until each has stopped writing. */
async function stopJobs(app: App, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await Promise.all(ids.map((id) => app.jobs.cancel(id)));
  const running = async () => {
    const progress = await Promise.all(ids.map((id) => app.jobs.progress(id)));
    return progress.some((entry) => entry && !isFinished(entry.status));
  };
  for (const deadline = Date.now() + JOB_STOP_TIMEOUT_MS; Date.now() < deadline && (await running()); ) {
    await setTimeout(50);
  }
}
