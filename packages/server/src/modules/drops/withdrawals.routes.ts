import { recordWithdrawal } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as withdrawals from './withdrawals.service.ts';

/** Withdrawals of a collection's sale funds: the wallet withdraws, the page reports it, the server reads it on chain. */
export async function withdrawalsRoutes(app: App): Promise<void> {
  app.post(
    recordWithdrawal.path,
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['drops'],
        summary:
          "Log a withdrawal of the sale's funds in the workspace's activity, once its transaction is read on chain",
        params: recordWithdrawal.params,
        body: recordWithdrawal.body,
        response: { 201: recordWithdrawal.response },
      },
    },
    async (request, reply) => {
      const withdrawal = await withdrawals.recordWithdrawal(
        app,
        currentUser(request).id,
        request.params.id,
        request.body.transactionHash,
      );
      reply.code(201);
      return { status: 'success' as const, data: { withdrawal } };
    },
  );
}
