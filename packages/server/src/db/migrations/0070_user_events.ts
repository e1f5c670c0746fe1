import type { Kysely } from 'kysely';

/**
 * The per-user live event log behind `GET /api/v1/events`. Each user's events are numbered 1, 2, 3…
 * (`seq`, unique per user, taken as the user's highest + 1 by the insert itself), which is the SSE event
 * id: a client reconnecting with `Last-Event-ID: N` is sent every stored event after N. `type` names the
 * event (`notification`, `notifications.read`, …) and `data` is its JSON. Old events are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_events')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_events_pk', ['user_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_events').execute();
}
