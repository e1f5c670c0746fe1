import { listDeployments, listLaunchChains, recordDeployment } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { requireApprovalFor } from '../review/approval.service.ts';
import { logCollectionActivity } from '../review/resource-activity.ts';
import * as deployments from './deployments.service.ts';
import { verificationRoutes } from './verification.routes.ts';
import { withSourceVerification } from './verification.service.ts';

/** A collection's contracts, for its owner: list them, record one the wallet deployed. */
export async function deploymentsRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  await verificationRoutes(app);

  app.get(
    listLaunchChains.path,
    {
      ...guarded,
      schema: {
        tags: ['deployments'],
        summary: 'The networks a collection can be deployed to, and which ones this server reads',
        response: { 200: listLaunchChains.response },
      },
    },
    async () => ({ status: 'success' as const, data: { chains: deployments.launchChains(app) } }),
  );

  app.get(
    listDeployments.path,
    {
      ...guarded,
      schema: {
        tags: ['deployments'],
        summary: "The collection's deployed contracts, newest first",
        params: listDeployments.params,
        response: { 200: listDeployments.response },
      },
    },
    async (request) => {
      const list = await deployments.listDeployments(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { deployments: await withSourceVerification(app, list) } };
    },
  );

  app.post(
    recordDeployment.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['deployments'],
        summary: 'Record a contract the wallet deployed (checked on chain when an RPC is configured)',
        params: recordDeployment.params,
        body: recordDeployment.body,
        response: { 201: recordDeployment.response },
      },
    },
    async (request, reply) => {
      await requireApprovalFor(app.database.db, request.params.id, currentUser(request).id, 'deployed');
      const deployment = await deployments.recordDeployment(
        app,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      await logCollectionActivity(
        app.database.db,
        app.log,
        request.params.id,
        currentUser(request).id,
        'collection.deployed',
        {
          chainId: String(request.body.chainId),
          address: request.body.address,
        },
      );
      const [shown = deployment] = await withSourceVerification(app, [deployment]);
      return reply.code(201).send({ status: 'success' as const, data: { deployment: shown } });
    },
  );
}
