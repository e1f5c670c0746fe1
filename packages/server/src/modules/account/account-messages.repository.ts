import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What the account's messages leave to remove outside the database: image blobs, and who to tell. */
export interface AccountMessagesPlan {
  /** The user's direct conversations (removed whole). */
  directIds: string[];
  /** Their support conversations, as a member or as a contact-form visitor of their own address (kept, anonymised). */
  supportIds: string[];
  /** Image blobs that go: every image of the direct conversations, and the ones the user sent to support. */
  imageKeys: string[];
  /** The other members of the direct conversations, whose lists are refreshed live. */
  otherMemberIds: string[];
}

/** Finds the user's conversations and the image blobs that deleting their account removes. */
export async function planAccountMessages(
  db: Kysely<Database>,
  user: { id: string; email: string },
): Promise<AccountMessagesPlan> {
  const conversations = await db
    .selectFrom('conversations as c')
    .leftJoin('conversation_members as m', (join) =>
      join.onRef('m.conversation_id', '=', 'c.id').on('m.user_id', '=', user.id),
    )
    .select(['c.id', 'c.kind'])
    .where((eb) => eb.or([eb('m.user_id', '=', user.id), eb('c.visitor_email', '=', user.email)]))
    .execute();
  const directIds = conversations.filter((row) => row.kind === 'direct').map((row) => row.id);
  const supportIds = conversations.filter((row) => row.kind !== 'direct').map((row) => row.id);
  const images = await db
    .selectFrom('messages')
    .select('image_key')
    .where('image_key', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(directIds.length ? [eb('conversation_id', 'in', directIds)] : []),
        eb.and([eb('sender_id', '=', user.id), eb('from_support', '=', 0)]),
      ]),
    )
    .execute();
  const others = directIds.length
    ? await db
        .selectFrom('conversation_members')
        .select('user_id')
        .distinct()
        .where('conversation_id', 'in', directIds)
        .where('user_id', '!=', user.id)
        .execute()
    : [];
  return {
    directIds,
    supportIds,
    imageKeys: images.flatMap((row) => (row.image_key ? [row.image_key] : [])),
    otherMemberIds: others.map((row) => row.user_id),
  };
}

/** What a support conversation shows for a person whose account was deleted. */
export const DELETED_ACCOUNT = 'Deleted account';

/** The text put in place of the user's email and user ID in the support messages that are kept. */
export const DELETED_ACCOUNT_MARK = '[deleted account]';

/** The caption of an image-only message to support whose image went with the account. */
export const REMOVED_IMAGE_BODY = '(An image, removed when the account was deleted)';

/**
 * Removes or anonymises the user's messages, inside the account deletion's transaction. Direct
 * conversations go whole (both sides' messages, every member row): half of a private conversation is not
 * readable, and the other person keeps nothing that names the deleted user. Support conversations stay
 * for support's records, with no link to the person: no member (the user row's cascade), no sender (set
 * null), no pair key or visitor address, the name shown as 'Deleted account', the user's images dropped,
 * and their email and user ID written out of every support message (a report by someone else quotes
 * them). Every notification pointing at one of these conversations goes, anyone's (they name the user),
 * and so do the live events kept for reconnects that name one of them.
 * Blocks either way go with the user row (cascade).
 */
export async function removeAccountMessages(
  trx: Kysely<Database>,
  user: { id: string; email: string },
  plan: Pick<AccountMessagesPlan, 'directIds' | 'supportIds'>,
): Promise<void> {
  const touched = [...plan.directIds, ...plan.supportIds];
  for (const id of touched) {
    await trx
      .deleteFrom('notifications')
      .where((eb) =>
        eb.or([
          eb('link', '=', `/dashboard/messages/${id}`),
          eb('link', 'like', `/dashboard/messages/${id}?%`),
        ]),
      )
      .execute();
    // The live event log kept for reconnects holds those notifications, and events naming the conversation.
    await trx.deleteFrom('user_events').where('data', 'like', `%${id}%`).execute();
  }
  if (plan.directIds.length) {
    await trx.deleteFrom('conversations').where('id', 'in', plan.directIds).execute();
  }
  if (plan.supportIds.length) {
    await trx
      .updateTable('conversations')
      .set({ pair_key: null, visitor_name: DELETED_ACCOUNT, visitor_email: null })
      .where('id', 'in', plan.supportIds)
      .execute();
  }
  await trx
    .updateTable('messages')
    .set({ body: REMOVED_IMAGE_BODY })
    .where('sender_id', '=', user.id)
    .where('from_support', '=', 0)
    .where('image_key', 'is not', null)
    .where('body', '=', '')
    .execute();
  await trx
    .updateTable('messages')
    .set({ image_key: null, image_type: null, image_width: null, image_height: null })
    .where('sender_id', '=', user.id)
    .where('from_support', '=', 0)
    .where('image_key', 'is not', null)
    .execute();
  const scrubbed = sql<string>`replace(replace(body, ${user.email}, ${DELETED_ACCOUNT_MARK}), ${user.id}, ${DELETED_ACCOUNT_MARK})`;
  await trx
    .updateTable('messages')
    .set({ body: scrubbed })
    .where('conversation_id', 'in', (eb) =>
      eb.selectFrom('conversations').select('id').where('kind', '=', 'support'),
    )
    .where(sql<boolean>`body <> ${scrubbed}`)
    .execute();
  await trx
    .updateTable('conversations')
    .set({
      subject: sql<string>`replace(replace(subject, ${user.email}, ${DELETED_ACCOUNT_MARK}), ${user.id}, ${DELETED_ACCOUNT_MARK})`,
    })
    .where('kind', '=', 'support')
    .where(
      sql<boolean>`subject <> replace(replace(subject, ${user.email}, ${DELETED_ACCOUNT_MARK}), ${user.id}, ${DELETED_ACCOUNT_MARK})`,
    )
    .execute();
}

/** One of the user's conversations for their data export, with the other member's name (never their email). */
export interface ExportedConversationRow {
  id: string;
  kind: string;
  subject: string | null;
  created_at: string;
  other_first_name: string | null;
  other_last_name: string | null;
  other_id: string | null;
}

/** The conversations the user takes part in (direct and their own support ones), oldest first. */
export async function conversationsOfMember(
  db: Kysely<Database>,
  userId: string,
): Promise<ExportedConversationRow[]> {
  return db
    .selectFrom('conversations as c')
    .innerJoin('conversation_members as me', (join) =>
      join.onRef('me.conversation_id', '=', 'c.id').on('me.user_id', '=', userId),
    )
    .leftJoin('conversation_members as other', (join) =>
      join.onRef('other.conversation_id', '=', 'c.id').on('other.user_id', '!=', userId),
    )
    .leftJoin('users as u', 'u.id', 'other.user_id')
    .select([
      'c.id',
      'c.kind',
      'c.subject',
      'c.created_at',
      'u.id as other_id',
      'u.first_name as other_first_name',
      'u.last_name as other_last_name',
    ])
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** Every message of the conversations the user takes part in, oldest first. */
export async function messagesOfMember(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'conversation_id', 'sender_id', 'from_support', 'body', 'image_key', 'created_at'])
    .where('conversation_id', 'in', (eb) =>
      eb.selectFrom('conversation_members').select('conversation_id').where('user_id', '=', userId),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
