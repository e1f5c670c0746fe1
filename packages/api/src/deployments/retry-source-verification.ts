import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { DeploymentSchema } from './deployment.ts';

/**
 * `POST /api/v1/collections/{id}/deployments/{deploymentId}/source-verification`: submits the contract's
 * source to the explorer again (after a failure). 202 with the deployment, its verification pending; 409
 * when it is verified already, still in progress, not confirmed on chain, or no explorer is set up.
 */
export const retrySourceVerification = {
  method: 'POST',
  path: '/api/v1/collections/:id/deployments/:deploymentId/source-verification',
  params: z.object({ id: z.string().min(1), deploymentId: z.string().min(1) }),
  response: successSchema(z.object({ deployment: DeploymentSchema })),
} as const;
