import type { Kysely } from 'kysely';

/**
 * Messages (issue 18). A conversation is `direct` (two users, one per pair: `pair_key` holds both ids
 * sorted) or `support` (a user, or a contact-form visitor by name and email, with Layerloom support; every
 * admin answers it). `support_read_at` is support's read mark, shared by the admins. Members keep their own
 * read mark. A message's sender row may go (a deleted account) while the message stays; `from_support`
 * says it was written as Layerloom support. An image attachment is a blob.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('pair_key', 'text', (col) => col.unique())
    .addColumn('subject', 'text')
    .addColumn('visitor_name', 'text')
    .addColumn('visitor_email', 'text')
    .addColumn('support_read_at', 'text')
    .addColumn('last_message_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_kind_last')
    .on('conversations')
    .columns(['kind', 'last_message_at'])
    .execute();
  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_at', 'text')
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_user')
    .on('conversation_members')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) =>
      col.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('from_support', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('image_key', 'text')
    .addColumn('image_type', 'text')
    .addColumn('image_width', 'integer')
    .addColumn('image_height', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation_created')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_sender_created')
    .on('messages')
    .columns(['sender_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_blocks').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversation_members').execute();
  await db.schema.dropTable('conversations').execute();
}
