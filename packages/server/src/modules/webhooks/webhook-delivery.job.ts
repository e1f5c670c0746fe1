import { z } from 'zod';
import type { Job } from '../../jobs/job.ts';
import type { App } from '../../types.ts';
import { claimRetry, listDueRetries } from './webhooks.repository.ts';
import { deliver, WEBHOOK_DELIVERY_JOB } from './webhooks.service.ts';

const PayloadSchema = z.object({ deliveryId: z.string() });

/** The job handler: one attempt of one delivery (a retry is a new job, queued when it is due). */
export function webhookDeliveryJob(app: App) {
  return async (job: Job) => {
    await deliver(app, PayloadSchema.parse(job.payload).deliveryId);
    return null;
  };
}

/**
 * Queues the retries whose time has come, every second or so, on each process that runs jobs. The job
 * queue has no delayed jobs, so the due time lives on the delivery row; a compare-and-set claim lets only
 * one node queue each retry, and a restart loses nothing (the rows wait in the database).
 */
export function startRetryScheduler(app: App): () => void {
  const intervalMs = Math.max(20, Math.min(1000, app.config.webhookRetryBaseMs));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const due = await listDueRetries(app.database.db, new Date().toISOString(), 100);
      for (const id of due) {
        if (await claimRetry(app.database.db, id)) {
          await app.jobs.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryId: id }, null);
        }
      }
    } catch (error) {
      app.log.warn({ err: error }, 'could not queue due webhook retries');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
