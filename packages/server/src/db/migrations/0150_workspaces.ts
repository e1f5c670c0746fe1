import type { Kysely } from 'kysely';

/**
 * Team workspaces (issue 30): a studio's members and their roles, the invitations mailed to new members, and
 * the activity log of who did what.
 * - workspaces: a team's name and who made it.
 * - workspace_members: one row per member, with their role (owner, admin, editor, viewer); a member whose
 *   account is deleted leaves with it.
 * - workspace_invitations: an invitation link's SHA-256 (the link is the secret, shown only in the mail), the
 *   address and role it is for, until it is accepted, withdrawn or expires. One pending invitation per address.
 * - workspace_activity: the log. The actor and the member acted on are kept by id (no foreign key), so an
 *   entry outlives their membership and their account, shown then as "A former member".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('workspace_members_user').on('workspace_members').column('user_id').execute();

  await db.schema
    .createTable('workspace_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('workspace_invitations_workspace')
    .on('workspace_invitations')
    .columns(['workspace_id', 'email'])
    .execute();

  await db.schema
    .createTable('workspace_activity')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_user_id', 'text')
    .addColumn('subject_email', 'text')
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('workspace_activity_time')
    .on('workspace_activity')
    .columns(['workspace_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_activity').execute();
  await db.schema.dropTable('workspace_invitations').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.dropTable('workspaces').execute();
}
