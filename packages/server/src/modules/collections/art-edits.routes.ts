import multipart from '@fastify/multipart';
import { ART_IMAGE_MAX_BYTES, ART_MAX_TOKENS, replaceTokenArt } from '@layerloom/api';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { type ArtUpload, REPLACE_ART_JOB, replaceTokenArt as replaceArt } from './art-edits.service.ts';
import { getCollectionMetadata } from './metadata-edits.service.ts';
import { replaceArtJob } from './replace-art.job.ts';

const TOKEN_FIELD = /^token-(\d{1,7})$/;

/** The multipart body of an art replacement: one `token-N` file per token and the `confirm` field. */
async function readArtForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the new images as multipart/form-data');
  }
  const uploads: ArtUpload[] = [];
  let confirm: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: ART_IMAGE_MAX_BYTES + 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        const match = TOKEN_FIELD.exec(part.fieldname);
        if (!match) {
          const message = `Name each image's field token-N (N: the token number), not “${part.fieldname.slice(0, 40)}”.`;
          throw new AppError('BAD_REQUEST', message, { fields: [{ path: part.fieldname, message }] });
        }
        uploads.push({ edition: Number(match[1]), filename: part.filename, bytes });
      } else if (part.fieldname === 'confirm') {
        confirm = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `An image is over ${ART_IMAGE_MAX_BYTES / 1024 / 1024} MB: use a smaller image`;
      throw new AppError('PAYLOAD_TOO_LARGE', message, { cause: error });
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('BAD_REQUEST', `Replace at most ${ART_MAX_TOKENS} tokens' art at once.`, {
        cause: error,
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new AppError(
      'BAD_REQUEST',
      'The upload could not be read: the multipart body is malformed or cut short',
      { cause: error },
    );
  }
  return { uploads, confirm };
}

/** Replacing published tokens' art as a new version (its own multipart limits). */
export async function artEditsRoutes(app: App): Promise<void> {
  app.jobs.register(REPLACE_ART_JOB, replaceArtJob(app));
  await app.register(multipart, {
    limits: { files: ART_MAX_TOKENS, fields: 5, fieldSize: 1024, parts: ART_MAX_TOKENS + 5 },
  });

  app.post(
    replaceTokenArt.path,
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['collections'],
        summary: `Replace published tokens' images as a new version (multipart: "token-N" PNG/JPEG/WebP/GIF files of the collection's size, up to ${ART_MAX_TOKENS}, and "confirm" = "provenance-mismatch")`,
        params: replaceTokenArt.params,
        response: { 201: replaceTokenArt.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const form = await readArtForm(request);
      const { edit } = await replaceArt(app, user, request.params.id, form);
      const metadata = await getCollectionMetadata(app, user.id, request.params.id);
      return reply.code(201).send({ status: 'success' as const, data: { edit, metadata } });
    },
  );
}
