import {
  deletePinningProvider,
  getIpfsUpload,
  getPinningProvider,
  savePinningProvider,
  startIpfsUpload,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { requireApprovalFor } from '../review/approval.service.ts';
import { logCollectionActivity } from '../review/resource-activity.ts';
import * as ipfs from './ipfs-publish.service.ts';
import { IPFS_PUBLISH_JOB, ipfsPublishJob } from './ipfs-publish.service.ts';
import * as providers from './pinning-provider.service.ts';

/** IPFS publishing: a workspace's pinning provider, and each of its collections' upload to it. */
export async function ipfsPublishingRoutes(app: App): Promise<void> {
  app.jobs.register(IPFS_PUBLISH_JOB, ipfsPublishJob(app));
  const guarded = { onRequest: requireUser };

  app.get(
    getPinningProvider.path,
    {
      ...guarded,
      schema: {
        tags: ['publications'],
        summary:
          "A workspace's pinning provider, your personal one's by default (its address and the last 4 characters of its token), or null; any member",
        querystring: getPinningProvider.querystring,
        response: { 200: getPinningProvider.response },
      },
    },
    async (request) => {
      const provider = await providers.getPinningProvider(
        app,
        currentUser(request).id,
        request.query.workspace,
      );
      return { status: 'success' as const, data: { provider } };
    },
  );

  app.put(
    savePinningProvider.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['publications'],
        summary:
          "Save a workspace's pinning provider (Kubo RPC API address and access token, kept encrypted); Owners and Admins",
        querystring: savePinningProvider.querystring,
        body: savePinningProvider.body,
        response: { 200: savePinningProvider.response },
      },
    },
    async (request) => {
      const provider = await providers.savePinningProvider(
        app,
        currentUser(request).id,
        request.query.workspace,
        request.body,
      );
      return { status: 'success' as const, data: { provider } };
    },
  );

  app.delete(
    deletePinningProvider.path,
    {
      ...guarded,
      schema: {
        tags: ['publications'],
        summary: "Forget a workspace's pinning provider and its token; Owners and Admins",
        querystring: deletePinningProvider.querystring,
        response: { 200: deletePinningProvider.response },
      },
    },
    async (request) => {
      await providers.deletePinningProvider(app, currentUser(request).id, request.query.workspace);
      return { status: 'success' as const, data: { provider: null } };
    },
  );

  app.get(
    getIpfsUpload.path,
    {
      ...guarded,
      schema: {
        tags: ['publications'],
        summary: "The collection's latest upload to IPFS (state, bytes sent, error), or null",
        params: getIpfsUpload.params,
        response: { 200: getIpfsUpload.response },
      },
    },
    async (request) => {
      const upload = await ipfs.getIpfsUpload(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { upload } };
    },
  );

  app.post(
    startIpfsUpload.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['publications'],
        summary:
          "Publish to IPFS: upload the collection's CAR files to its workspace's pinning provider (or retry)",
        params: startIpfsUpload.params,
        response: { 202: startIpfsUpload.response },
      },
    },
    async (request, reply) => {
      await requireApprovalFor(app.database.db, request.params.id, currentUser(request).id, 'published');
      const upload = await ipfs.startIpfsUpload(app, currentUser(request).id, request.params.id);
      await logCollectionActivity(
        app.database.db,
        app.log,
        request.params.id,
        currentUser(request).id,
        'collection.published',
        {
          where: 'IPFS',
        },
      );
      return reply.code(202).send({ status: 'success' as const, data: { upload } });
    },
  );
}
