import multipart from '@fastify/multipart';
import {
  blockCounterpart,
  getConversation,
  getMessageImage,
  listConversations,
  listMessages,
  MESSAGE_IMAGE_MAX_BYTES,
  MessageBodySchema,
  markConversationRead,
  openSupportConversation,
  reportConversation,
  sendImageMessage,
  sendMessage,
  startConversation,
  unblockCounterpart,
} from '@layerloom/api';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { checkMessageImage } from './message-image.ts';
import * as messages from './messages.service.ts';

const limitMb = MESSAGE_IMAGE_MAX_BYTES / 1024 / 1024;

/** Reads the image message's multipart body: an optional `body` field and one `file`. */
async function readImageMessage(request: FastifyRequest): Promise<{ body: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  }
  let bytes: Buffer | undefined;
  let caption = '';
  try {
    for await (const part of request.parts({ limits: { fileSize: MESSAGE_IMAGE_MAX_BYTES + 1 } })) {
      if (part.type === 'file') {
        const read = await part.toBuffer();
        if (bytes === undefined) bytes = read;
      } else if (part.fieldname === 'body' && typeof part.value === 'string') {
        caption = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `An image can be at most ${limitMb} MB`, { cause: error });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status >= 400 && status < 500)) throw error;
    throw new AppError('BAD_REQUEST', 'The upload could not be read: the multipart body is malformed', {
      cause: error,
    });
  }
  if (!bytes) {
    throw new AppError('BAD_REQUEST', 'Choose an image to send', {
      fields: [{ path: 'file', message: 'No file was sent' }],
    });
  }
  const body = caption.trim();
  const parsed = MessageBodySchema.safeParse(body);
  if (body && !parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'The caption is not valid';
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'body', message }] });
  }
  return { body, bytes };
}

/** Messages: conversations with other users and with Layerloom support, live through the event stream. */
export async function messagesRoutes(app: App): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 2, fieldSize: 16 * 1024 } });
  const guarded = { onRequest: requireUser };
  const tags = ['messages'];
  const security = [{ session: [] }];

  app.get(
    listConversations.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Your conversations (box=support: the support inbox, admins only), with unread counts',
        querystring: listConversations.querystring,
        response: { 200: listConversations.response },
      },
    },
    async (request) => {
      const { box, q } = request.query;
      const data = await messages.listConversations(app, currentUser(request), box, q);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    startConversation.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags,
        security,
        summary: 'Start a conversation with a user by their email or user ID',
        body: startConversation.body,
        response: { 200: startConversation.response },
      },
    },
    async (request) => {
      const conversation = await messages.startConversation(app, currentUser(request), request.body.to);
      return { status: 'success' as const, data: { conversation } };
    },
  );

  app.post(
    openSupportConversation.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Your conversation with Layerloom support',
        response: { 200: openSupportConversation.response },
      },
    },
    async (request) => {
      const conversation = await messages.openSupportConversation(app, currentUser(request));
      return { status: 'success' as const, data: { conversation } };
    },
  );

  app.get(
    getConversation.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'One conversation',
        params: getConversation.params,
        response: { 200: getConversation.response },
      },
    },
    async (request) => {
      const conversation = await messages.getConversation(app, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { conversation } };
    },
  );

  app.get(
    listMessages.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "A page of a conversation's messages, oldest first",
        params: listMessages.params,
        querystring: listMessages.querystring,
        response: { 200: listMessages.response },
      },
    },
    async (request) => {
      const { before, limit } = request.query;
      const data = await messages.listMessages(app, currentUser(request), request.params.id, before, limit);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    sendMessage.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Send a message',
        params: sendMessage.params,
        body: sendMessage.body,
        response: { 201: sendMessage.response },
      },
    },
    async (request, reply) => {
      const message = await messages.sendMessage(app, currentUser(request), request.params.id, {
        body: request.body.body,
      });
      return reply.code(201).send({ status: 'success' as const, data: { message } });
    },
  );

  app.post(
    sendImageMessage.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: `Send an image (multipart: optional field "body", then "file"; PNG, JPEG, GIF or WebP up to ${limitMb} MB)`,
        params: sendImageMessage.params,
        response: { 201: sendImageMessage.response },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const { body, bytes } = await readImageMessage(request);
      const image = await checkMessageImage(bytes);
      const message = await messages.sendMessage(app, viewer, request.params.id, { body, image });
      return reply.code(201).send({ status: 'success' as const, data: { message } });
    },
  );

  app.get(
    getMessageImage.path,
    {
      ...guarded,
      schema: { tags, security, summary: "A message's image", params: getMessageImage.params },
    },
    async (request, reply) => {
      const { id, messageId } = request.params;
      const image = await messages.messageImage(app, currentUser(request), id, messageId);
      return reply
        .header('content-type', image.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(await app.blobs.get(image.key));
    },
  );

  app.post(
    markConversationRead.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Mark a conversation read (read receipts)',
        params: markConversationRead.params,
        response: { 200: markConversationRead.response },
      },
    },
    async (request) => {
      const data = await messages.markRead(app, currentUser(request), request.params.id);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    blockCounterpart.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Block the other user of a conversation',
        params: blockCounterpart.params,
        response: { 200: blockCounterpart.response },
      },
    },
    async (request) => {
      const conversation = await messages.block(app, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { conversation } };
    },
  );

  app.delete(
    unblockCounterpart.path,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Unblock the other user of a conversation',
        params: unblockCounterpart.params,
        response: { 200: unblockCounterpart.response },
      },
    },
    async (request) => {
      const conversation = await messages.unblock(app, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { conversation } };
    },
  );

  app.post(
    reportConversation.path,
    {
      ...guarded,
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        security,
        summary: 'Report a conversation to Layerloom support',
        params: reportConversation.params,
        body: reportConversation.body,
        response: { 201: reportConversation.response },
      },
    },
    async (request, reply) => {
      const data = await messages.report(app, currentUser(request), request.params.id, request.body.reason);
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );
}
