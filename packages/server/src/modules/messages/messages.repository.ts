import { type Kysely, type Selectable, sql } from 'kysely';
import type { ConversationTable, Database, MessageTable } from '../../db/schema.ts';

export type ConversationRow = Selectable<ConversationTable>;
export type MessageRow = Selectable<MessageTable>;

/** A conversation with what the list shows of it, as one viewer sees it. */
export interface ConversationListRow extends ConversationRow {
  /** The viewer's own read mark (members), or support's (the support inbox). */
  read_at: string | null;
  other_id: string | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_email: string | null;
  unread: number;
  last_body: string | null;
  last_sender_id: string | null;
  last_from_support: number | null;
  last_image_key: string | null;
}

/** A LIKE pattern matching `text` anywhere, its wildcards escaped (used with `escape '\'`). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The conversations a viewer sees, newest activity first: a user's own (`box: mine`), or every support
 * conversation (`box: support`, for admins). `q` matches the other side's name or email, the subject,
 * the visitor, or any message's text.
 */
export async function listConversationRows(
  db: Kysely<Database>,
  viewer: { userId: string; box: 'mine' | 'support'; q?: string; conversationId?: string; limit: number },
): Promise<ConversationListRow[]> {
  const { userId, box } = viewer;
  let query = db
    .selectFrom('conversations as c')
    .$if(box === 'mine', (qb) =>
      qb.innerJoin('conversation_members as me', (join) =>
        join.onRef('me.conversation_id', '=', 'c.id').on('me.user_id', '=', userId),
      ),
    )
    .leftJoin('conversation_members as other', (join) =>
      join
        .onRef('other.conversation_id', '=', 'c.id')
        .on('other.user_id', '!=', box === 'mine' ? userId : ''),
    )
    .leftJoin('users as u', 'u.id', 'other.user_id')
    .selectAll('c')
    .select([
      box === 'mine' ? sql<string | null>`me.last_read_at`.as('read_at') : 'c.support_read_at as read_at',
      'u.id as other_id',
      'u.first_name as other_first_name',
      'u.last_name as other_last_name',
      'u.email as other_email',
    ])
    .select((eb) => [
      eb
        .selectFrom('messages as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where(
          box === 'mine'
            ? sql<boolean>`(m.from_support = 1 or m.sender_id is null or m.sender_id <> ${userId}) and m.created_at > coalesce(me.last_read_at, '')`
            : sql<boolean>`m.from_support = 0 and m.created_at > coalesce(c.support_read_at, '')`,
        )
        .as('unread'),
      lastOf(eb, 'body').as('last_body'),
      lastOf(eb, 'sender_id').as('last_sender_id'),
      lastOf(eb, 'from_support').as('last_from_support'),
      lastOf(eb, 'image_key').as('last_image_key'),
    ])
    .$if(box === 'support', (qb) => qb.where('c.kind', '=', 'support'))
    // The inbox lists what was written to support, not a conversation a user opened and left empty.
    .$if(box === 'support' && viewer.conversationId === undefined, (qb) =>
      qb.where(sql<boolean>`exists (select 1 from messages e where e.conversation_id = c.id)`),
    )
    .$if(viewer.conversationId !== undefined, (qb) => qb.where('c.id', '=', viewer.conversationId ?? ''))
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id')
    .limit(viewer.limit);
  if (viewer.q) {
    const pattern = containsPattern(viewer.q);
    query = query.where(
      sql<boolean>`(
        lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ${pattern} escape '\\'
        or lower(coalesce(u.email, '')) like ${pattern} escape '\\'
        or lower(coalesce(c.subject, '')) like ${pattern} escape '\\'
        or lower(coalesce(c.visitor_name, '') || ' ' || coalesce(c.visitor_email, '')) like ${pattern} escape '\\'
        or exists (select 1 from messages q where q.conversation_id = c.id and lower(q.body) like ${pattern} escape '\\')
      )`,
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    unread: Number(row.unread ?? 0),
    last_from_support: row.last_from_support === null ? null : Number(row.last_from_support),
  })) as ConversationListRow[];
}

// The newest message's column, as a correlated subquery.
function lastOf(
  // biome-ignore lint/suspicious/noExplicitAny: the expression builder of the query above
  eb: any,
  column: 'body' | 'sender_id' | 'from_support' | 'image_key',
) {
  return eb
    .selectFrom('messages as lm')
    .select(`lm.${column}`)
    .whereRef('lm.conversation_id', '=', 'c.id')
    .orderBy('lm.created_at', 'desc')
    .orderBy('lm.id', 'desc')
    .limit(1);
}

export async function findConversation(
  db: Kysely<Database>,
  id: string,
): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findConversationByPair(
  db: Kysely<Database>,
  pairKey: string,
): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('pair_key', '=', pairKey).executeTakeFirst();
}

/** The user ids taking part in a conversation. */
export async function memberIds(db: Kysely<Database>, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Stores a conversation and its members in one transaction. */
export async function insertConversation(
  db: Kysely<Database>,
  row: ConversationRow,
  members: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('conversations').values(row).execute();
    for (const userId of members) {
      await trx
        .insertInto('conversation_members')
        .values({ conversation_id: row.id, user_id: userId, last_read_at: null, joined_at: row.created_at })
        .execute();
    }
  });
}

/** Stores a message and moves its conversation to the top of the lists. */
export async function insertMessage(db: Kysely<Database>, row: MessageRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('messages').values(row).execute();
    await trx
      .updateTable('conversations')
      .set({ last_message_at: row.created_at })
      .where('id', '=', row.conversation_id)
      .execute();
  });
}

/** A page of a conversation's messages, oldest first, ending before the message `before` (if given). */
export async function pageOfMessages(
  db: Kysely<Database>,
  conversationId: string,
  before: MessageRow | undefined,
  limit: number,
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('created_at', '<', before?.created_at ?? ''),
          eb.and([eb('created_at', '=', before?.created_at ?? ''), eb('id', '<', before?.id ?? '')]),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

export async function findMessage(
  db: Kysely<Database>,
  conversationId: string,
  id: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The newest message's time in a conversation, or undefined when it has none. */
export async function newestMessageAt(
  db: Kysely<Database>,
  conversationId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('messages')
    .select('created_at')
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/** Moves a member's read mark forward to `at` (never back). */
export async function markMemberRead(
  db: Kysely<Database>,
  conversationId: string,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({ last_read_at: at })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_read_at', 'is', null), eb('last_read_at', '<', at)]))
    .execute();
}

/** Moves support's read mark of a conversation forward to `at`. */
export async function markSupportRead(
  db: Kysely<Database>,
  conversationId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ support_read_at: at })
    .where('id', '=', conversationId)
    .where((eb) => eb.or([eb('support_read_at', 'is', null), eb('support_read_at', '<', at)]))
    .execute();
}

/** The read marks of a conversation's members. */
export async function readMarks(
  db: Kysely<Database>,
  conversationId: string,
): Promise<{ user_id: string; last_read_at: string | null }[]> {
  return db
    .selectFrom('conversation_members')
    .select(['user_id', 'last_read_at'])
    .where('conversation_id', '=', conversationId)
    .execute();
}

/** How many messages the user sent since `since`. */
export async function countSentSince(db: Kysely<Database>, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sender_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function isBlocked(
  db: Kysely<Database>,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertBlock(db: Kysely<Database>, blockerId: string, blockedId: string): Promise<void> {
  if (await isBlocked(db, blockerId, blockedId)) return;
  await db
    .insertInto('user_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteBlock(db: Kysely<Database>, blockerId: string, blockedId: string): Promise<void> {
  await db
    .deleteFrom('user_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

/** A user found by email (any case) or id, for starting a conversation. */
export async function findUserByEmailOrId(
  db: Kysely<Database>,
  to: string,
): Promise<{ id: string; first_name: string; last_name: string; email: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where((eb) => (to.includes('@') ? eb('email', '=', to.toLowerCase()) : eb('id', '=', to)))
    .executeTakeFirst();
}

export async function findUser(
  db: Kysely<Database>,
  id: string,
): Promise<{ id: string; first_name: string; last_name: string; email: string; role: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}
