import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { startRetryScheduler, webhookDeliveryJob } from './webhook-delivery.job.ts';
import * as webhooks from './webhooks.service.ts';

/** Test events per client address and minute (each is an outgoing request). */
const TEST_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/**
 * Settings › Developers: the signed-in user's webhook endpoints, their secrets and delivery logs. API keys
 * with the `webhooks` scope reach them too (see the scope table), except the secret rotation: a key
 * sees a signing secret only when it creates the endpoint. Registers the delivery job and the retry scheduler.
 */
export async function webhooksRoutes(app: App): Promise<void> {
  app.jobs.register(webhooks.WEBHOOK_DELIVERY_JOB, webhookDeliveryJob(app));
  if (app.config.processJobs || app.config.redisUrl) {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startRetryScheduler(app);
    });
    app.addHook('onClose', async () => stop?.());
  }
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];
  const tags = ['developers'];

  app.get(
    listWebhooks.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: "A workspace's webhook endpoints, your personal one's by default; Owners and Admins",
        security,
        querystring: listWebhooks.querystring,
        response: { 200: listWebhooks.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        endpoints: await webhooks.listEndpoints(app, currentUser(request).id, request.query.workspace),
      },
    }),
  );

  app.post(
    createWebhook.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Add a webhook endpoint; the answer holds its signing secret, shown this once',
        security,
        body: createWebhook.body,
        response: { 201: createWebhook.response },
      },
    },
    async (request, reply) => {
      const created = await webhooks.createEndpoint(app, currentUser(request).id, request.body);
      return reply.code(201).send({ status: 'success' as const, data: created });
    },
  );

  app.patch(
    updateWebhook.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: "Change an endpoint's URL or events, or switch it on or off",
        security,
        params: updateWebhook.params,
        body: updateWebhook.body,
        response: { 200: updateWebhook.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        endpoint: await webhooks.changeEndpoint(
          app,
          currentUser(request).id,
          request.params.id,
          request.body,
        ),
      },
    }),
  );

  app.delete(
    deleteWebhook.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        security,
        params: deleteWebhook.params,
        response: { 200: deleteWebhook.response },
      },
    },
    async (request) => {
      await webhooks.removeEndpoint(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { deleted: true as const } };
    },
  );

  app.post(
    rotateWebhookSecret.path,
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'Replace the signing secret (the answer holds the new one, shown this once). Session only: API keys cannot read an existing endpoint’s secret.',
        security,
        params: rotateWebhookSecret.params,
        response: { 200: rotateWebhookSecret.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await webhooks.rotateSecret(app, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    sendTestWebhook.path,
    {
      ...guarded,
      config: { rateLimit: TEST_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Send a webhook.test event to the endpoint (queued; see its deliveries)',
        security,
        params: sendTestWebhook.params,
        response: { 202: sendTestWebhook.response },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.sendTestEvent(app, currentUser(request).id, request.params.id);
      return reply.code(202).send({ status: 'success' as const, data: { delivery } });
    },
  );

  app.get(
    listWebhookDeliveries.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: "An endpoint's latest deliveries (status, response code, duration)",
        security,
        params: listWebhookDeliveries.params,
        response: { 200: listWebhookDeliveries.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { deliveries: await webhooks.listDeliveries(app, currentUser(request).id, request.params.id) },
    }),
  );
}
