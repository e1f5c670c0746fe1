import { randomUUID } from 'node:crypto';
import {
  type ContactMessageInput,
  type Conversation,
  type ConversationEvent,
  MESSAGES_PER_MINUTE,
  type Message,
  SUPPORT_NAME,
} from '@layerloom/api';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { sendSafely } from '../mail/mailer.ts';
import { supportReplyMail } from '../mail/templates.ts';
import { adminIds } from '../notifications/bell.repository.ts';
import { notify } from '../notifications/bell.service.ts';
import type { CheckedImage } from './message-image.ts';
import * as repo from './messages.repository.ts';

/** What the messages service needs of the app. */
export type MessagesDeps = Pick<App, 'database' | 'live' | 'mail' | 'log' | 'config' | 'blobs'>;

/** Who is asking: the signed-in user's id and role. */
export type Viewer = Pick<AuthUser, 'id' | 'role'>;

/** How the viewer takes part in a conversation: as a member, or as Layerloom support (an admin). */
type Side = 'member' | 'support';

const nameOf = (user: { first_name: string | null; last_name: string | null; email?: string | null }) =>
  `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email || 'A Layerloom user';

const now = () => new Date().toISOString();

function preview(body: string, hasImage: boolean): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (!text) return hasImage ? 'Image' : '';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function toConversation(row: repo.ConversationListRow, viewer: Viewer, side: Side): Conversation {
  const asSupport = side === 'support';
  const counterpart: Conversation['counterpart'] = asSupport
    ? row.other_id
      ? {
          kind: 'user',
          id: row.other_id,
          name: nameOf({ first_name: row.other_first_name, last_name: row.other_last_name }),
          email: row.other_email,
        }
      : { kind: 'visitor', id: null, name: row.visitor_name ?? 'Visitor', email: row.visitor_email }
    : row.kind === 'support'
      ? { kind: 'support', id: null, name: SUPPORT_NAME, email: null }
      : {
          kind: 'user',
          id: row.other_id,
          name: row.other_id
            ? nameOf({ first_name: row.other_first_name, last_name: row.other_last_name })
            : 'Deleted account',
          email: row.other_email,
        };
  const hasLast = row.last_body !== null;
  const lastMine = asSupport
    ? row.last_from_support === 1
    : row.last_from_support !== 1 && row.last_sender_id === viewer.id;
  return {
    id: row.id,
    kind: row.kind as Conversation['kind'],
    counterpart,
    subject: row.subject,
    lastMessage: hasLast
      ? {
          preview: preview(row.last_body ?? '', row.last_image_key !== null),
          at: row.last_message_at,
          mine: lastMine,
          hasImage: row.last_image_key !== null,
        }
      : null,
    unread: row.unread,
    blocked: false,
    asSupport,
    createdAt: row.created_at,
  };
}

/** The conversations the viewer sees; `box: support` is the support inbox (admins only). */
export async function listConversations(
  deps: MessagesDeps,
  viewer: Viewer,
  box: 'mine' | 'support',
  q: string | undefined,
): Promise<{ conversations: Conversation[]; unread: number }> {
  if (box === 'support' && viewer.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only admins answer as Layerloom support.');
  }
  const db = deps.database.db;
  const rows = await repo.listConversationRows(db, { userId: viewer.id, box, q: q || undefined, limit: 200 });
  const conversations = await withBlocks(
    deps,
    viewer,
    rows.map((row) => toConversation(row, viewer, box === 'support' ? 'support' : 'member')),
  );
  const all = q ? await repo.listConversationRows(db, { userId: viewer.id, box, limit: 1000 }) : rows;
  return { conversations, unread: all.reduce((total, row) => total + row.unread, 0) };
}

async function withBlocks(deps: MessagesDeps, viewer: Viewer, list: Conversation[]): Promise<Conversation[]> {
  const db = deps.database.db;
  return Promise.all(
    list.map(async (conversation) =>
      conversation.kind === 'direct' && conversation.counterpart.id && !conversation.asSupport
        ? { ...conversation, blocked: await repo.isBlocked(db, viewer.id, conversation.counterpart.id) }
        : conversation,
    ),
  );
}

/**
 * The conversation if the viewer may see it: a member, or an admin for a support conversation (as
 * Layerloom support). Anyone else gets the same 404 as for a conversation that does not exist.
 */
async function access(
  deps: MessagesDeps,
  viewer: Viewer,
  conversationId: string,
): Promise<{ conversation: repo.ConversationRow; side: Side; members: string[] }> {
  const db = deps.database.db;
  const conversation = await repo.findConversation(db, conversationId);
  if (!conversation) throw notFound('Conversation');
  const members = await repo.memberIds(db, conversation.id);
  if (members.includes(viewer.id)) return { conversation, side: 'member', members };
  if (conversation.kind === 'support' && viewer.role === 'admin')
    return { conversation, side: 'support', members };
  throw notFound('Conversation');
}

/** One conversation as the viewer's list shows it. */
export async function getConversation(deps: MessagesDeps, viewer: Viewer, id: string): Promise<Conversation> {
  const { side } = await access(deps, viewer, id);
  const [row] = await repo.listConversationRows(deps.database.db, {
    userId: viewer.id,
    box: side === 'support' ? 'support' : 'mine',
    conversationId: id,
    limit: 1,
  });
  if (!row) throw notFound('Conversation');
  const [conversation] = await withBlocks(deps, viewer, [toConversation(row, viewer, side)]);
  return conversation as Conversation;
}

/** Starts a conversation with the user of this email or user ID, or returns the one the two already have. */
export async function startConversation(
  deps: MessagesDeps,
  viewer: Viewer,
  to: string,
): Promise<Conversation> {
  const db = deps.database.db;
  const other = await repo.findUserByEmailOrId(db, to);
  const refuse = (code: 'NOT_FOUND' | 'BAD_REQUEST' | 'FORBIDDEN', message: string): never => {
    throw new AppError(code, message, { fields: [{ path: 'to', message }] });
  };
  if (!other) return refuse('NOT_FOUND', 'No Layerloom user has this email or user ID');
  if (other.id === viewer.id)
    return refuse('BAD_REQUEST', 'This is you: enter someone else’s email or user ID');
  const pairKey = [viewer.id, other.id].sort().join(':');
  if (!(await repo.findConversationByPair(db, pairKey)) && (await repo.isBlocked(db, other.id, viewer.id))) {
    return refuse('FORBIDDEN', `${nameOf(other)} does not accept messages from you`);
  }
  const conversation = await conversationOfPair(db, pairKey, 'direct', [viewer.id, other.id]);
  return getConversation(deps, viewer, conversation.id);
}

/**
 * The conversation of a pair key, made with these members on first use. When two requests start it at
 * once, the unique pair key refuses the second insert and both answer the first one's conversation.
 */
async function conversationOfPair(
  db: MessagesDeps['database']['db'],
  pairKey: string,
  kind: 'direct' | 'support',
  members: string[],
) {
  const found = await repo.findConversationByPair(db, pairKey);
  if (found) return found;
  const at = now();
  const conversation = {
    id: randomUUID(),
    kind,
    pair_key: pairKey,
    subject: null,
    visitor_name: null,
    visitor_email: null,
    support_read_at: null,
    last_message_at: at,
    created_at: at,
  };
  try {
    await repo.insertConversation(db, conversation, members);
    return conversation;
  } catch (error) {
    const raced = await repo.findConversationByPair(db, pairKey);
    if (!raced) throw error;
    return raced;
  }
}

/** The viewer's own conversation with Layerloom support, made on first use. */
export async function openSupportConversation(deps: MessagesDeps, viewer: Viewer): Promise<Conversation> {
  const db = deps.database.db;
  const pairKey = `support:${viewer.id}`;
  const conversation = await conversationOfPair(db, pairKey, 'support', [viewer.id]);
  return getConversation(deps, viewer, conversation.id);
}

/** A page of the conversation's messages as the viewer sees them, oldest first. */
export async function listMessages(
  deps: MessagesDeps,
  viewer: Viewer,
  id: string,
  before: string | undefined,
  limit: number,
): Promise<{ messages: Message[]; hasMore: boolean }> {
  const db = deps.database.db;
  const { conversation, side } = await access(deps, viewer, id);
  let cursor: repo.MessageRow | undefined;
  if (before) {
    cursor = await repo.findMessage(db, id, before);
    if (!cursor) throw notFound('Message');
  }
  const { rows, hasMore } = await repo.pageOfMessages(db, id, cursor, limit);
  return { messages: await viewMessages(deps, viewer, conversation, side, rows), hasMore };
}

async function viewMessages(
  deps: MessagesDeps,
  viewer: Viewer,
  conversation: repo.ConversationRow,
  side: Side,
  rows: repo.MessageRow[],
): Promise<Message[]> {
  const db = deps.database.db;
  const names = new Map<string, string>();
  for (const senderId of new Set(rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])))) {
    const user = await repo.findUser(db, senderId);
    if (user) names.set(senderId, nameOf(user));
  }
  const marks = await repo.readMarks(db, conversation.id);
  // The other side's read mark: support's for a member of a support conversation, else the other members'.
  const otherRead = (row: repo.MessageRow) => {
    if (side === 'member' && conversation.kind === 'support') {
      return (conversation.support_read_at ?? '') >= row.created_at;
    }
    return marks.some(
      (mark) =>
        (side === 'support' || mark.user_id !== viewer.id) && (mark.last_read_at ?? '') >= row.created_at,
    );
  };
  return rows.map((row) => {
    const fromSupport = row.from_support === 1;
    const mine = side === 'support' ? fromSupport : !fromSupport && row.sender_id === viewer.id;
    const sender: Message['sender'] = fromSupport
      ? { kind: 'support', name: SUPPORT_NAME }
      : row.sender_id && names.has(row.sender_id)
        ? { kind: 'user', name: names.get(row.sender_id) as string }
        : conversation.visitor_email
          ? { kind: 'visitor', name: conversation.visitor_name ?? 'Visitor' }
          : { kind: 'user', name: 'Deleted account' };
    return {
      id: row.id,
      conversationId: row.conversation_id,
      sender,
      mine,
      body: row.body,
      image:
        row.image_key && row.image_width && row.image_height
          ? {
              url: `/api/v1/conversations/${row.conversation_id}/messages/${row.id}/image`,
              width: row.image_width,
              height: row.image_height,
            }
          : null,
      read: mine && otherRead(row),
      createdAt: row.created_at,
    };
  });
}

/**
 * Sends a message (text, or an image with an optional caption) into a conversation the viewer is in, or
 * answers a support conversation as Layerloom support. Refused, writing nothing, when either user
 * blocked the other or the viewer sent too many messages this minute.
 */
export async function sendMessage(
  deps: MessagesDeps,
  viewer: Viewer,
  id: string,
  input: { body: string; image?: CheckedImage },
): Promise<Message> {
  const db = deps.database.db;
  const { conversation, side, members } = await access(deps, viewer, id);
  const others = members.filter((member) => member !== viewer.id);
  if (conversation.kind === 'direct') {
    const [otherId] = others;
    const other = otherId ? await repo.findUser(db, otherId) : undefined;
    if (!other) throw new AppError('CONFLICT', 'This account no longer exists: messages cannot reach it.');
    if (await repo.isBlocked(db, viewer.id, other.id)) {
      throw new AppError('CONFLICT', `You blocked ${nameOf(other)}. Unblock them to send a message.`);
    }
    if (await repo.isBlocked(db, other.id, viewer.id)) {
      throw new AppError('FORBIDDEN', `${nameOf(other)} does not accept messages from you.`);
    }
  }
  const at = now();
  const sent = await repo.countSentSince(db, viewer.id, new Date(Date.now() - 60_000).toISOString());
  if (sent >= MESSAGES_PER_MINUTE) {
    throw new AppError(
      'RATE_LIMITED',
      `You can send at most ${MESSAGES_PER_MINUTE} messages a minute. Wait a moment and send again.`,
      { retryAfterSeconds: 60 },
    );
  }
  const messageId = randomUUID();
  const image = input.image;
  const imageKey = image ? `messages/${conversation.id}/${messageId}.${image.extension}` : null;
  const row: repo.MessageRow = {
    id: messageId,
    conversation_id: conversation.id,
    sender_id: viewer.id,
    from_support: side === 'support' ? 1 : 0,
    body: input.body,
    image_key: imageKey,
    image_type: image?.contentType ?? null,
    image_width: image?.width ?? null,
    image_height: image?.height ?? null,
    created_at: at,
  };
  if (image && imageKey) await deps.blobs.put(imageKey, image.bytes);
  try {
    await repo.insertMessage(db, row);
  } catch (error) {
    if (imageKey) await deps.blobs.delete(imageKey);
    throw error;
  }
  // The sender has read what they wrote.
  if (side === 'support') await repo.markSupportRead(db, conversation.id, at);
  else await repo.markMemberRead(db, conversation.id, viewer.id, at);
  await deliver(deps, viewer, { ...conversation, last_message_at: at }, side, others, row);
  const [view] = await viewMessages(
    deps,
    viewer,
    (await repo.findConversation(db, conversation.id)) ?? conversation,
    side,
    [row],
  );
  return view as Message;
}

/**
 * Tells everyone concerned: the other members (live, and a 'new message' notification when it is the first
 * they have not read), support's admins for a user's message to support, and a visitor without an account
 * by mail. The sender's other tabs are told too.
 */
async function deliver(
  deps: MessagesDeps,
  viewer: Viewer,
  conversation: repo.ConversationRow,
  side: Side,
  others: string[],
  row: repo.MessageRow,
): Promise<void> {
  const db = deps.database.db;
  const event: ConversationEvent = { conversationId: conversation.id };
  const sender = await repo.findUser(db, viewer.id);
  const senderName = side === 'support' ? SUPPORT_NAME : sender ? nameOf(sender) : 'Someone';
  const body = preview(row.body, row.image_key !== null);
  const link = `/dashboard/messages/${conversation.id}`;
  const admins = conversation.kind === 'support' ? await adminIds(db) : [];
  const told = new Set<string>([viewer.id]);
  await deps.live.send(viewer.id, 'message', event);
  for (const userId of others) {
    if (told.has(userId)) continue;
    told.add(userId);
    await deps.live.send(userId, 'message', event);
    const [mine] = await repo.listConversationRows(db, {
      userId,
      box: 'mine',
      conversationId: conversation.id,
      limit: 1,
    });
    if (mine?.unread === 1) {
      await notify(deps, userId, {
        kind: 'new_message',
        title: `New message from ${senderName}`,
        body,
        link,
      });
    }
  }
  if (conversation.kind !== 'support') return;
  let supportUnread: number | undefined;
  if (side === 'member') {
    const [inbox] = await repo.listConversationRows(db, {
      userId: viewer.id,
      box: 'support',
      conversationId: conversation.id,
      limit: 1,
    });
    supportUnread = inbox?.unread;
  }
  for (const adminId of admins) {
    if (told.has(adminId)) continue;
    told.add(adminId);
    await deps.live.send(adminId, 'message', event);
    if (supportUnread === 1) {
      await notify(deps, adminId, {
        kind: 'new_message',
        title: `New message to Layerloom support from ${senderName}`,
        body,
        link: `${link}?box=support`,
      });
    }
  }
  if (side === 'support' && others.length === 0 && conversation.visitor_email) {
    const reply = row.image_key
      ? `${row.body}\n\n(An image was attached; it is shown in Layerloom only.)`
      : row.body;
    await sendSafely(
      deps.mail,
      deps.log,
      supportReplyMail(
        conversation.visitor_email,
        conversation.visitor_name ?? 'there',
        conversation.subject ?? 'Your message to Layerloom',
        reply.trim(),
      ),
    );
  }
}

/** Marks the conversation read up to its newest message and tells the other side (read receipts). */
export async function markRead(deps: MessagesDeps, viewer: Viewer, id: string): Promise<{ unread: number }> {
  const db = deps.database.db;
  const { conversation, side, members } = await access(deps, viewer, id);
  const newest = await repo.newestMessageAt(db, id);
  if (newest) {
    if (side === 'support') await repo.markSupportRead(db, id, newest);
    else await repo.markMemberRead(db, id, viewer.id, newest);
    const event: ConversationEvent = { conversationId: id };
    const told = new Set([...members, ...(conversation.kind === 'support' ? await adminIds(db) : [])]);
    for (const userId of told) await deps.live.send(userId, 'messages.read', event);
  }
  const box = side === 'support' ? 'support' : 'mine';
  const rows = await repo.listConversationRows(db, { userId: viewer.id, box, limit: 1000 });
  return { unread: rows.reduce((total, row) => total + row.unread, 0) };
}

async function counterpartOf(deps: MessagesDeps, viewer: Viewer, id: string): Promise<string> {
  const { conversation, side, members } = await access(deps, viewer, id);
  const other = members.find((member) => member !== viewer.id);
  if (side !== 'member' || conversation.kind !== 'direct' || !other) {
    throw new AppError('BAD_REQUEST', 'Only a conversation with another user can be blocked.');
  }
  return other;
}

/** Blocks the other user of a direct conversation: nothing they send arrives any more. */
export async function block(deps: MessagesDeps, viewer: Viewer, id: string): Promise<Conversation> {
  await repo.insertBlock(deps.database.db, viewer.id, await counterpartOf(deps, viewer, id));
  return getConversation(deps, viewer, id);
}

/** Unblocks the other user of a direct conversation. */
export async function unblock(deps: MessagesDeps, viewer: Viewer, id: string): Promise<Conversation> {
  await repo.deleteBlock(deps.database.db, viewer.id, await counterpartOf(deps, viewer, id));
  return getConversation(deps, viewer, id);
}

async function newSupportConversation(
  deps: MessagesDeps,
  fields: { subject: string; member?: string; visitorName?: string; visitorEmail?: string },
): Promise<repo.ConversationRow> {
  const at = now();
  const row: repo.ConversationRow = {
    id: randomUUID(),
    kind: 'support',
    pair_key: null,
    subject: fields.subject,
    visitor_name: fields.visitorName ?? null,
    visitor_email: fields.visitorEmail ?? null,
    support_read_at: null,
    last_message_at: at,
    created_at: at,
  };
  await repo.insertConversation(deps.database.db, row, fields.member ? [fields.member] : []);
  return row;
}

/**
 * Forwards a direct conversation to Layerloom support: a new support conversation of the reporter, titled
 * after whom it reports, whose first message holds the reason and the last messages as they were.
 */
export async function report(
  deps: MessagesDeps,
  viewer: Viewer,
  id: string,
  reason: string,
): Promise<{ supportConversationId: string }> {
  const db = deps.database.db;
  const otherId = await counterpartOf(deps, viewer, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'BAD_REQUEST') {
      throw new AppError('BAD_REQUEST', 'Only a conversation with another user can be reported.');
    }
    throw error;
  });
  const other = await repo.findUser(db, otherId);
  const otherName = other ? `${nameOf(other)} (${other.email}, user ID ${other.id})` : 'a deleted account';
  const { rows } = await repo.pageOfMessages(db, id, undefined, 20);
  const names = new Map<string, string>();
  for (const senderId of new Set(rows.flatMap((row) => (row.sender_id ? [row.sender_id] : [])))) {
    const user = await repo.findUser(db, senderId);
    if (user) names.set(senderId, nameOf(user));
  }
  const transcript = rows.map((row) => {
    const text = row.body.length > 200 ? `${row.body.slice(0, 199)}…` : row.body;
    const who = (row.sender_id && names.get(row.sender_id)) ?? 'Deleted account';
    return `[${row.created_at.slice(0, 16).replace('T', ' ')} UTC] ${who}: ${text}${row.image_key ? ' [image]' : ''}`;
  });
  const body = [
    `I report my conversation with ${otherName}.`,
    `Reason: ${reason}`,
    '',
    rows.length ? `The last ${rows.length} messages:` : 'The conversation has no messages yet.',
    ...transcript,
  ].join('\n');
  const conversation = await newSupportConversation(deps, {
    subject: `Report: conversation with ${other ? nameOf(other) : 'a deleted account'}`,
    member: viewer.id,
  });
  await sendMessage(deps, viewer, conversation.id, { body });
  return { supportConversationId: conversation.id };
}

/**
 * Puts a contact-form message into the support inbox as a new conversation. A signed-in user writing from
 * their own address gets it in their Messages (support's reply arrives there); anyone else is a visitor,
 * and support's replies are mailed to the address given.
 */
export async function receiveContactForm(
  deps: MessagesDeps,
  input: ContactMessageInput,
  signedIn: Pick<AuthUser, 'id' | 'email'> | null,
): Promise<void> {
  const db = deps.database.db;
  const own = signedIn && signedIn.email.toLowerCase() === input.email.toLowerCase() ? signedIn : null;
  const conversation = await newSupportConversation(deps, {
    subject: input.subject,
    ...(own ? { member: own.id } : { visitorName: input.name, visitorEmail: input.email.toLowerCase() }),
  });
  const at = now();
  const row: repo.MessageRow = {
    id: randomUUID(),
    conversation_id: conversation.id,
    sender_id: own?.id ?? null,
    from_support: 0,
    body: input.message,
    image_key: null,
    image_type: null,
    image_width: null,
    image_height: null,
    created_at: at,
  };
  await repo.insertMessage(db, row);
  if (own) await repo.markMemberRead(db, conversation.id, own.id, at);
  const event: ConversationEvent = { conversationId: conversation.id };
  for (const adminId of await adminIds(db)) {
    await deps.live.send(adminId, 'message', event);
    await notify(deps, adminId, {
      kind: 'new_message',
      title: `Contact form: ${input.subject}`,
      body: `${input.name} (${input.email}) wrote: ${preview(input.message, false)}`,
      link: `/dashboard/messages/${conversation.id}?box=support`,
    });
  }
  if (own) await deps.live.send(own.id, 'message', event);
}

/** A message's image, for the conversation's members (and support); 404 for anyone else. */
export async function messageImage(
  deps: MessagesDeps,
  viewer: Viewer,
  id: string,
  messageId: string,
): Promise<{ key: string; contentType: string }> {
  await access(deps, viewer, id);
  const message = await repo.findMessage(deps.database.db, id, messageId);
  if (!message?.image_key || !message.image_type) throw notFound('Image');
  return { key: message.image_key, contentType: message.image_type };
}
