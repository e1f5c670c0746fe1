import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How many of a user's newest events are kept for reconnects; older ones are pruned. */
export const KEPT_EVENTS_PER_USER = 1000;

/** One stored event of a user's stream. */
export interface StoredEvent {
  userId: string;
  seq: number;
  type: string;
  data: unknown;
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: unknown })?.code ?? '') + String((error as Error)?.message ?? '');
  return /23505|SQLITE_CONSTRAINT|UNIQUE constraint|duplicate key/i.test(text);
}

/**
 * Appends an event to the user's log and returns it with its number. The number is taken by the insert
 * itself (the user's highest + 1); when another node took the same number first, the insert is retried.
 */
export async function appendUserEvent(
  db: Kysely<Database>,
  userId: string,
  type: string,
  data: unknown,
): Promise<StoredEvent> {
  const json = JSON.stringify(data);
  const now = new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db
        .insertInto('user_events')
        .columns(['user_id', 'seq', 'type', 'data', 'created_at'])
        .expression(
          db
            .selectFrom('user_events')
            .select([
              sql<string>`cast(${userId} as text)`.as('user_id'),
              sql<number>`coalesce(max(seq), 0) + 1`.as('seq'),
              sql<string>`cast(${type} as text)`.as('type'),
              sql<string>`cast(${json} as text)`.as('data'),
              sql<string>`cast(${now} as text)`.as('created_at'),
            ])
            .where('user_id', '=', userId),
        )
        .returning('seq')
        .executeTakeFirstOrThrow();
      const seq = Number(row.seq);
      if (seq % 100 === 0) {
        await db
          .deleteFrom('user_events')
          .where('user_id', '=', userId)
          .where('seq', '<=', seq - KEPT_EVENTS_PER_USER)
          .execute();
      }
      return { userId, seq, type, data };
    } catch (error) {
      if (attempt >= 20 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The user's newest event number and the oldest one still kept (0 and 1 when there are none). */
export async function eventRange(
  db: Kysely<Database>,
  userId: string,
): Promise<{ latest: number; oldest: number }> {
  const row = await db
    .selectFrom('user_events')
    .select([sql<number | null>`max(seq)`.as('latest'), sql<number | null>`min(seq)`.as('oldest')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { latest: Number(row?.latest ?? 0), oldest: Number(row?.oldest ?? 1) };
}

/** The user's events after `seq`, oldest first. */
export async function eventsAfter(db: Kysely<Database>, userId: string, seq: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('user_events')
    .select(['seq', 'type', 'data'])
    .where('user_id', '=', userId)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(KEPT_EVENTS_PER_USER)
    .execute();
  return rows.map((row) => ({ userId, seq: Number(row.seq), type: row.type, data: JSON.parse(row.data) }));
}
