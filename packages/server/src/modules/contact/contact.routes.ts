import { createContactMessage } from '@layerloom/api';
import type { App } from '../../types.ts';
import { loadUser } from '../auth/require-user.ts';
import { receiveContactForm } from '../messages/messages.service.ts';
import { receiveContactMessage } from './contact.service.ts';

/** `POST /api/v1/contact`: the public contact form. Rate limited per client address. */
export async function contactRoutes(app: App): Promise<void> {
  app.post(
    createContactMessage.path,
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Layerloom team',
        body: createContactMessage.body,
        response: { 201: createContactMessage.response },
      },
    },
    async (request, reply) => {
      const data = await receiveContactMessage(app.database.db, request.body);
      app.log.info({ contactMessageId: data.id }, 'contact message received');
      // It lands in the support inbox as a conversation (a signed-in sender's own address: in their Messages).
      await receiveContactForm(app, request.body, await loadUser(request));
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );
}
