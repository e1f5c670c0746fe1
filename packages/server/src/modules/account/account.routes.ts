import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  cancelEmailChange,
  confirmEmailChange,
  deleteAvatar,
  getProfile,
  listProfileReferrals,
  updateProfile,
  uploadAvatar,
} from '@layerloom/api';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { readUpload } from '../projects/read-uploads.ts';
import * as account from './account.service.ts';

const tooBig = `The picture is too big: at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`;

/** The signed-in user's own account: profile, avatar and email change (always the session's user, never an id sent). */
export async function accountRoutes(app: App): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 2 } });
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];

  app.get(
    getProfile.path,
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'Your profile, plan, collections and tokens generated',
        security,
        response: { 200: getProfile.response },
      },
    },
    async (request) => {
      const data = await account.getProfile(app, currentUser(request).id);
      return { status: 'success' as const, data };
    },
  );

  app.get(
    listProfileReferrals.path,
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'The people you referred, newest first, a page at a time (Profile page)',
        security,
        querystring: listProfileReferrals.querystring,
        response: { 200: listProfileReferrals.response },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await account.listProfileReferrals(app, currentUser(request).id, page, pageSize);
      return { status: 'success' as const, data: { ...result, page, pageSize } };
    },
  );

  app.put(
    updateProfile.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'Save the Edit Profile form (a new email switches once the mailed link is opened)',
        security,
        body: updateProfile.body,
        response: { 200: updateProfile.response },
      },
    },
    async (request) => {
      const profile = await account.updateProfile(app, currentUser(request).id, request.body);
      return { status: 'success' as const, data: { profile } };
    },
  );

  app.delete(
    cancelEmailChange.path,
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'Cancel the email change waiting for confirmation',
        security,
        response: { 200: cancelEmailChange.response },
      },
    },
    async (request) => {
      const profile = await account.cancelEmailChange(app, currentUser(request).id);
      return { status: 'success' as const, data: { profile } };
    },
  );

  app.post(
    confirmEmailChange.path,
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'Confirm a new email with the link mailed to it (the link is the proof; no session needed)',
        body: confirmEmailChange.body,
        response: { 200: confirmEmailChange.response },
      },
    },
    async (request) => {
      const result = await account.confirmEmailChange(app, request.body.token);
      return { status: 'success' as const, data: result };
    },
  );

  app.post(
    uploadAvatar.path,
    {
      ...guarded,
      bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['account'],
        summary:
          'Upload your avatar (multipart field "file"; PNG, JPEG, GIF or WebP; stored as a 256 px WebP)',
        security,
        response: { 201: uploadAvatar.response },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, { maxBytes: AVATAR_MAX_BYTES, tooLarge: () => tooBig }).catch(
        (error: unknown) => {
          if (error instanceof AppError && error.fields) {
            throw new AppError(error.code, error.message, {
              fields: error.fields.map((field) => ({ ...field, path: 'avatar' })),
              cause: error,
            });
          }
          throw error;
        },
      );
      if (!upload) {
        throw new AppError('BAD_REQUEST', 'Choose a picture to upload', {
          fields: [{ path: 'avatar', message: 'No file was sent' }],
        });
      }
      const user = await account.setAvatar(app, currentUser(request).id, upload.bytes);
      return reply.code(201).send({ status: 'success' as const, data: { user } });
    },
  );

  app.delete(
    deleteAvatar.path,
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: 'Remove your avatar (initials are shown instead)',
        security,
        response: { 200: deleteAvatar.response },
      },
    },
    async (request) => {
      const user = await account.removeAvatar(app, currentUser(request).id);
      return { status: 'success' as const, data: { user } };
    },
  );

  app.get(
    '/api/v1/avatars/:userId/:name',
    {
      ...guarded,
      schema: {
        tags: ['account'],
        summary: "A user's avatar, for signed-in users (wherever the avatar shows)",
        security,
        params: z.object({ userId: z.string().min(1).max(64), name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      let body: Buffer | undefined;
      try {
        body = await account.avatarBytes(app, request.params.userId, request.params.name);
      } catch (error) {
        if (!(error instanceof BlobNotFoundError)) throw error;
      }
      if (!body) throw notFound('Avatar');
      // Names are made from the picture's bytes: the same name is always the same picture.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(body);
    },
  );
}
