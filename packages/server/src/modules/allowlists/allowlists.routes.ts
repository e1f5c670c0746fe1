import { getAllowlist, getAllowlistProof, setAllowlist } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as allowlists from './allowlists.service.ts';

/** A collection's allowlist for its owner, and the public Merkle proofs of a drop's listed wallets. */
export async function allowlistsRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };

  app.get(
    getAllowlist.path,
    {
      ...guarded,
      schema: {
        tags: ['allowlists'],
        summary: "The collection's allowlist (null before one is uploaded)",
        params: getAllowlist.params,
        response: { 200: getAllowlist.response },
      },
    },
    async (request) => {
      const allowlist = await allowlists.getAllowlist(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { allowlist } };
    },
  );

  app.put(
    setAllowlist.path,
    {
      ...guarded,
      // A CSV of 50,000 wallets is about 2.2 MB.
      bodyLimit: 6 * 1024 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['allowlists'],
        summary: 'Replace the allowlist from a CSV (address or address,quantity per line)',
        params: setAllowlist.params,
        body: setAllowlist.body,
        response: { 200: setAllowlist.response },
      },
    },
    async (request) => {
      const allowlist = await allowlists.setAllowlist(
        app,
        currentUser(request).id,
        request.params.id,
        request.body.csv,
      );
      return { status: 'success' as const, data: { allowlist } };
    },
  );

  app.get(
    getAllowlistProof.path,
    {
      schema: {
        tags: ['drops'],
        summary: "Whether a wallet is on a drop's allowlist, with the proof allowlistMint needs",
        params: getAllowlistProof.params,
        response: { 200: getAllowlistProof.response },
      },
    },
    async (request, reply) => {
      const proof = await allowlists.allowlistProof(app, request.params.slug, request.params.address);
      reply.header('cache-control', 'public, max-age=10');
      return { status: 'success' as const, data: { proof } };
    },
  );
}
