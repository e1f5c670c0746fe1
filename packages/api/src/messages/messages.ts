import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** The longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** How many messages one user may send in a minute. */
export const MESSAGES_PER_MINUTE = 20;
/** The largest image attachment, in bytes. */
export const MESSAGE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The most messages one page holds. */
export const MESSAGES_PAGE_SIZE_MAX = 100;
/** The name support's messages carry. */
export const SUPPORT_NAME = 'Layerloom support';

/** A message's text: trimmed, not empty, at most MESSAGE_MAX_LENGTH characters. */
export const MessageBodySchema = z
  .string()
  .trim()
  .min(1, 'Write a message first')
  .max(MESSAGE_MAX_LENGTH, `A message has at most ${MESSAGE_MAX_LENGTH} characters`);

/** Who a conversation is with, as the viewer sees it. */
export const CounterpartSchema = z.object({
  kind: z.enum(['user', 'support', 'visitor']),
  /** The user's id (for `user`), else null. */
  id: z.string().nullable(),
  name: z.string(),
  /** Shown to support (a user's or visitor's address) and for direct conversations; null for support. */
  email: z.string().nullable(),
});
export type Counterpart = z.infer<typeof CounterpartSchema>;

/** One conversation in the viewer's list. */
export const ConversationSchema = z.object({
  id: z.string(),
  /** `support`: between a user (or a contact-form visitor) and Layerloom support; `direct`: two users. */
  kind: z.enum(['support', 'direct']),
  counterpart: CounterpartSchema,
  /** The contact form's subject or a report's title; null for ordinary conversations. */
  subject: z.string().nullable(),
  lastMessage: z
    .object({ preview: z.string(), at: z.string(), mine: z.boolean(), hasImage: z.boolean() })
    .nullable(),
  unread: z.number().int(),
  /** Whether the viewer blocked the counterpart (direct conversations). */
  blocked: z.boolean(),
  /** Whether the viewer answers as Layerloom support (an admin in the support inbox). */
  asSupport: z.boolean(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** One message as the viewer sees it. */
export const MessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: z.object({ kind: z.enum(['user', 'support', 'visitor']), name: z.string() }),
  /** Sent by the viewer (or, for support, by Layerloom support). */
  mine: z.boolean(),
  body: z.string(),
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  /** For the viewer's own messages: the other side has read it. */
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

const conversationParams = z.object({ id: z.uuid('Unknown conversation') });

/** `GET /api/v1/conversations`: the viewer's conversations (or, `box=support`, the support inbox; admins only). */
export const listConversations = {
  method: 'GET',
  path: '/api/v1/conversations',
  querystring: z.object({
    box: z.enum(['mine', 'support']).default('mine'),
    q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  }),
  response: successSchema(z.object({ conversations: z.array(ConversationSchema), unread: z.number().int() })),
} as const;
export type ListConversationsResponse = z.infer<typeof listConversations.response>;

/** `POST /api/v1/conversations`: starts (or reopens) a conversation with the user of this email or user ID. */
export const startConversation = {
  method: 'POST',
  path: '/api/v1/conversations',
  body: z.object({
    to: z
      .string()
      .trim()
      .min(1, "Enter the person's email or user ID")
      .max(254, 'An email or user ID has at most 254 characters'),
  }),
  response: successSchema(z.object({ conversation: ConversationSchema })),
} as const;

/** `POST /api/v1/conversations/support`: the viewer's conversation with Layerloom support (made on first use). */
export const openSupportConversation = {
  method: 'POST',
  path: '/api/v1/conversations/support',
  response: successSchema(z.object({ conversation: ConversationSchema })),
} as const;

/** `GET /api/v1/conversations/:id`: one conversation the viewer is in (or, for admins, a support one). */
export const getConversation = {
  method: 'GET',
  path: '/api/v1/conversations/:id',
  params: conversationParams,
  response: successSchema(z.object({ conversation: ConversationSchema })),
} as const;

/** `GET /api/v1/conversations/:id/messages`: a page of messages, oldest first, ending before `before`. */
export const listMessages = {
  method: 'GET',
  path: '/api/v1/conversations/:id/messages',
  params: conversationParams,
  querystring: z.object({
    /** A message id: the page ends just before it (older messages). Default: the newest page. */
    before: z.uuid('before must be a message id').optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE_MAX).default(30),
  }),
  response: successSchema(z.object({ messages: z.array(MessageSchema), hasMore: z.boolean() })),
} as const;
export type ListMessagesResponse = z.infer<typeof listMessages.response>;

/** `POST /api/v1/conversations/:id/messages`: sends a text message. */
export const sendMessage = {
  method: 'POST',
  path: '/api/v1/conversations/:id/messages',
  params: conversationParams,
  body: z.object({ body: MessageBodySchema }),
  response: successSchema(z.object({ message: MessageSchema })),
} as const;

/** `POST /api/v1/conversations/:id/images`: sends an image (multipart field `file`, optional field `body` first). */
export const sendImageMessage = {
  method: 'POST',
  path: '/api/v1/conversations/:id/images',
  params: conversationParams,
  response: successSchema(z.object({ message: MessageSchema })),
} as const;

/** `GET /api/v1/conversations/:id/messages/:messageId/image`: a message's image, for the conversation's members. */
export const getMessageImage = {
  method: 'GET',
  path: '/api/v1/conversations/:id/messages/:messageId/image',
  params: z.object({ id: z.uuid('Unknown conversation'), messageId: z.uuid('Unknown message') }),
} as const;

/** `POST /api/v1/conversations/:id/read`: marks the conversation read (the sender sees a read receipt). */
export const markConversationRead = {
  method: 'POST',
  path: '/api/v1/conversations/:id/read',
  params: conversationParams,
  response: successSchema(z.object({ unread: z.number().int() })),
} as const;

/** `POST /api/v1/conversations/:id/block`: blocks the other user of a direct conversation. */
export const blockCounterpart = {
  method: 'POST',
  path: '/api/v1/conversations/:id/block',
  params: conversationParams,
  response: successSchema(z.object({ conversation: ConversationSchema })),
} as const;

/** `DELETE /api/v1/conversations/:id/block`: unblocks the other user of a direct conversation. */
export const unblockCounterpart = {
  method: 'DELETE',
  path: '/api/v1/conversations/:id/block',
  params: conversationParams,
  response: successSchema(z.object({ conversation: ConversationSchema })),
} as const;

/** `POST /api/v1/conversations/:id/report`: forwards a direct conversation to Layerloom support. */
export const reportConversation = {
  method: 'POST',
  path: '/api/v1/conversations/:id/report',
  params: conversationParams,
  body: z.object({
    reason: z
      .string()
      .trim()
      .min(3, 'Say in a few words what is wrong')
      .max(500, 'A reason has at most 500 characters'),
  }),
  response: successSchema(z.object({ supportConversationId: z.string() })),
} as const;

/** The data of live `message` and `messages.read` events: which conversation changed. */
export const ConversationEventSchema = z.object({ conversationId: z.string() });
export type ConversationEvent = z.infer<typeof ConversationEventSchema>;
