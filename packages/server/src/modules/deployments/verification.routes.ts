import { retrySourceVerification } from '@layerloom/api';
import { z } from 'zod';
import type { Job } from '../../jobs/job.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { listDeployments } from './deployments.service.ts';
import * as verification from './verification.service.ts';

// Jobs queued before the splitter's verification existed carry no contract: the collection's.
const JobPayloadSchema = z.object({
  deploymentId: z.string(),
  contract: z.enum(['collection', 'royalty_splitter']).default('collection'),
});

/**
 * Queues due verification steps every second or so (less with a short VERIFY_RETRY_BASE_MS) on each process
 * that runs jobs. The queue has no delayed jobs: the due time lives on the row, and a compare-and-set claim
 * lets one node queue each step.
 */
function startVerificationScheduler(app: App): () => void {
  const intervalMs = Math.max(20, Math.min(1000, app.config.verification.retryBaseMs));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await verification.queueDueVerifications(app);
    } catch (error) {
      app.log.warn({ err: error }, 'could not queue due source verifications');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Source verification of deployed contracts on their explorers: the job that runs each step, its scheduler,
 * and the creator's retry.
 */
export async function verificationRoutes(app: App): Promise<void> {
  app.jobs.register(verification.SOURCE_VERIFICATION_JOB, async (job: Job) => {
    const { deploymentId, contract } = JobPayloadSchema.parse(job.payload);
    await verification.runVerificationStep(app, deploymentId, contract);
    return null;
  });
  if (app.config.processJobs || app.config.redisUrl) {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startVerificationScheduler(app);
    });
    app.addHook('onClose', async () => stop?.());
  }

  app.post(
    retrySourceVerification.path,
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['deployments'],
        summary: "Submit a deployed contract's source to the chain's explorer again, after a failure",
        params: retrySourceVerification.params,
        querystring: retrySourceVerification.querystring,
        response: { 202: retrySourceVerification.response },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { id, deploymentId } = request.params;
      const contract = request.query.contract === 'royaltySplitter' ? 'royalty_splitter' : 'collection';
      await verification.retrySourceVerification(app, userId, id, deploymentId, contract);
      const list = await verification.withSourceVerification(app, await listDeployments(app, userId, id));
      const deployment = list.find((entry) => entry.id === deploymentId);
      if (!deployment) throw new Error(`Deployment ${deploymentId} vanished`);
      return reply.code(202).send({ status: 'success' as const, data: { deployment } });
    },
  );
}
