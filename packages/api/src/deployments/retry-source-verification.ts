import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { DeploymentSchema } from './deployment.ts';

/**
 * `POST /api/v1/collections/{id}/deployments/{deploymentId}/source-verification`: submits the contract's
 * source to the explorer again (after a failure): the collection's, or with `?contract=royaltySplitter` the
 * royalty splitter's deployed with it. 202 with the deployment, that verification pending; 404 for a
 * splitter the deployment does not have; 409 when it is verified already, still in progress, not confirmed
 * on chain, or no explorer is set up.
 */
export const retrySourceVerification = {
  method: 'POST',
  path: '/api/v1/collections/:id/deployments/:deploymentId/source-verification',
  params: z.object({ id: z.string().min(1), deploymentId: z.string().min(1) }),
  querystring: z.object({
    contract: z
      .enum(['collection', 'royaltySplitter'], { error: 'contract is collection or royaltySplitter' })
      .default('collection'),
  }),
  response: successSchema(z.object({ deployment: DeploymentSchema })),
} as const;
