import type { Kysely } from 'kysely';

/**
 * Review in team workspaces (issue 30): who has a project open, comments, and approval before launch.
 * - project_presence: one row per open editor tab (a member's tab id), alive until `expires_at`; each
 *   heartbeat moves it on, so a closed tab drops out by itself. Shared by every web node.
 * - review_comments: a comment on a token or a trait of a collection, or on a trait of a project; the
 *   author is kept by id (no foreign key) so a comment outlives its author's account ("A former member").
 *   `mentions` is a JSON array of the user ids it mentions.
 * - collection_approvals: an Owner's or Admin's approval of a collection, with `state`, the collection's
 *   metadata and art at that moment (their edit counts and times): once they differ the approval no longer holds.
 * - workspace_review_settings: whether a workspace requires an approval before publishing or deploying.
 * - notification_preferences.mentions: the Settings › Notification toggle for mention mails (on by default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_presence')
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tab_id', 'text', (col) => col.notNull())
    .addColumn('since', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_presence_pk', ['project_id', 'user_id', 'tab_id'])
    .execute();

  await db.schema
    .createTable('review_comments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('resource_kind', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('token', 'integer')
    .addColumn('layer', 'text')
    .addColumn('trait', 'text')
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('mentions', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('review_comments_resource')
    .on('review_comments')
    .columns(['resource_kind', 'resource_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('collection_approvals')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('collections.id').onDelete('cascade'),
    )
    .addColumn('approved_by', 'text', (col) => col.notNull())
    .addColumn('approved_at', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('workspace_review_settings')
    .addColumn('workspace_id', 'text', (col) =>
      col.primaryKey().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('require_approval', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('notification_preferences')
    .addColumn('mentions', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_preferences').dropColumn('mentions').execute();
  await db.schema.dropTable('workspace_review_settings').execute();
  await db.schema.dropTable('collection_approvals').execute();
  await db.schema.dropTable('review_comments').execute();
  await db.schema.dropTable('project_presence').execute();
}
