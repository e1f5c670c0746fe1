import { locateIpfsContent } from '@layerloom/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { pathCar, rawBlock } from '../publications/ipfs-car-index.ts';
import {
  cachedBytes,
  editionOf,
  fileBytes,
  folderCar,
  folderIndex,
  gatewayFolder,
  isHeld,
  normaliseCid,
} from './ipfs-gateway.service.ts';

/** Content addressed by a CID never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CAR_TYPE = 'application/vnd.ipld.car; version=1';
const RAW_TYPE = 'application/vnd.ipld.raw';

const ParamsSchema = z.object({ cid: z.string().min(1).max(200), '*': z.string().max(200).optional() });
const QuerySchema = z.object({ format: z.string().max(40).optional() });

type Format = 'file' | 'car' | 'raw';

/** Content types of the images folder's files: posters, and an animated collection's animations. */
const FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/** What the client asks for: `?format=` first, then the Accept header (trustless gateway), else the file itself. */
function formatOf(request: FastifyRequest<{ Querystring: { format?: string } }>): Format {
  const { format } = request.query;
  if (format === 'car' || format === 'raw') return format;
  if (format !== undefined && format !== '') {
    throw new AppError('BAD_REQUEST', 'Ask for ?format=car, ?format=raw, or the file itself.');
  }
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/vnd.ipld.car')) return 'car';
  if (accept.includes('application/vnd.ipld.raw')) return 'raw';
  return 'file';
}

/** Sends immutable content under its ETag, or 304 when the client already holds it. */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: { etag: string; type: string; path: string },
  body: unknown,
) {
  reply
    .header('etag', headers.etag)
    .header('cache-control', IMMUTABLE)
    .header('access-control-allow-origin', '*')
    .header('x-content-type-options', 'nosniff')
    .header('x-ipfs-path', headers.path)
    .header('content-type', headers.type);
  if (request.headers['if-none-match'] === headers.etag) {
    (body as { destroy?: () => void } | null)?.destroy?.();
    return reply.code(304).send();
  }
  return reply.send(body);
}

/**
 * `GET /ipfs/{cid}/{path}`: a read-only subset of a trustless IPFS gateway for the collections published
 * on IPFS from this server, so their `ipfs://` URIs resolve on one machine: a file's bytes (ETag = its
 * CID), `?format=car` (a CAR of the path, verifiable from the root) and `?format=raw` (one block).
 * Unknown CIDs and paths are 404, malformed CIDs 400; nothing unpublished is served.
 */
export async function ipfsGatewayRoutes(app: App): Promise<void> {
  const handler = async (
    request: FastifyRequest<{
      Params: z.infer<typeof ParamsSchema>;
      Querystring: z.infer<typeof QuerySchema>;
    }>,
    reply: FastifyReply,
  ) => {
    const format = formatOf(request);
    const cid = normaliseCid(request.params.cid);
    const name = (request.params['*'] ?? '').replace(/\/+$/, '');
    const folder = await gatewayFolder(app, cid);
    const path = `/ipfs/${request.params.cid}${name ? `/${name}` : ''}`;
    if (name === '') {
      if (format === 'car') {
        return send(
          request,
          reply,
          { etag: `"${cid}.car"`, type: CAR_TYPE, path },
          await folderCar(app, folder),
        );
      }
      if (format === 'raw') {
        const block = rawBlock(await folderIndex(app, folder), undefined);
        if (!block) throw notFound('Content');
        return send(request, reply, { etag: `"${cid}.raw"`, type: RAW_TYPE, path }, Buffer.from(block));
      }
      throw new AppError(
        'BAD_REQUEST',
        `This CID is a folder: ask for a file in it (${folder.folder === 'images' ? '1.png' : '1.json'}) or for ?format=car.`,
      );
    }
    const edition = editionOf(folder, name);
    const index = await folderIndex(app, folder);
    const entry = index.files[name];
    if (edition === undefined || !entry) throw notFound('Content');
    const bytes = await fileBytes(app, folder, edition, name);
    if (format === 'car') {
      const car = await cachedBytes(`${cid}/${name}.car`, () => pathCar(index, name, bytes));
      return send(request, reply, { etag: `"${cid}/${name}.car"`, type: CAR_TYPE, path }, car);
    }
    if (format === 'raw') {
      const block = await cachedBytes(`${entry.cid}.raw`, async () => {
        const found = rawBlock(index, name, bytes);
        if (!found) throw notFound('Content');
        return Buffer.from(found);
      });
      return send(request, reply, { etag: `"${entry.cid}.raw"`, type: RAW_TYPE, path }, block);
    }
    const type =
      folder.folder === 'images'
        ? (FILE_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'image/png')
        : 'application/json; charset=utf-8';
    return send(request, reply, { etag: `"${entry.cid}"`, type, path }, bytes);
  };

  const schema = {
    tags: ['ipfs'],
    summary:
      'Content of a collection published on IPFS (trustless gateway subset: file, ?format=car, ?format=raw)',
    params: ParamsSchema,
    querystring: QuerySchema,
  };
  app.get('/ipfs/:cid', { schema }, handler);
  app.get('/ipfs/:cid/*', { schema }, handler);

  app.get(
    locateIpfsContent.path,
    {
      schema: {
        tags: ['ipfs'],
        summary:
          "Where ipfs://{cid}/… opens: this server's /ipfs/ gateway when it holds the CID, else the public gateway (IPFS_GATEWAY_URL)",
        params: locateIpfsContent.params,
        response: { 200: locateIpfsContent.response },
      },
    },
    async (request, reply) => {
      const { cid } = request.params;
      const held = await isHeld(app, normaliseCid(cid));
      reply.header('cache-control', 'public, max-age=60');
      return {
        status: 'success' as const,
        data: {
          cid,
          held,
          gatewayUrl: `${held ? app.config.publicUrl : app.config.ipfsGatewayUrl}/ipfs/`,
        },
      };
    },
  );
}
