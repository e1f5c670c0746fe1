import type { Kysely } from 'kysely';

/**
 * Who deactivated an account. users.deactivated_at is set both when the owner deactivates the account
 * (Settings › Delete Account) and when an admin does; users.owner_deactivated_at holds the same instant
 * only for the owner's own deactivation, so sign-in offers to reactivate exactly when it equals
 * deactivated_at (an admin's later deactivation writes a new deactivated_at and is not lifted by the user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('owner_deactivated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('owner_deactivated_at').execute();
}
