import {
  getContractJson,
  getMarketplace,
  pinMarketplaceListing,
  recordMetadataUpdate,
  updateMarketplaceListing,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as marketplace from './marketplace.service.ts';

/**
 * A collection's marketplace side: the owner's listing and metadata updates, and the public listing JSON
 * its contract's `contractURI` points at.
 */
export async function marketplaceRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };

  app.get(
    getMarketplace.path,
    {
      ...guarded,
      schema: {
        tags: ['drops'],
        summary:
          "The collection's marketplace listing, its public address and the contract's metadata updates",
        params: getMarketplace.params,
        response: { 200: getMarketplace.response },
      },
    },
    async (request) => {
      const data = await marketplace.getMarketplace(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { marketplace: data } };
    },
  );

  app.put(
    updateMarketplaceListing.path,
    {
      ...guarded,
      config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
      schema: {
        tags: ['drops'],
        summary: 'Save the marketplace listing (name, description, images, link, collaborators, royalty)',
        params: updateMarketplaceListing.params,
        body: updateMarketplaceListing.body,
        response: { 200: updateMarketplaceListing.response },
      },
    },
    async (request) => {
      const data = await marketplace.updateListing(
        app,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return { status: 'success' as const, data: { marketplace: data } };
    },
  );

  app.post(
    recordMetadataUpdate.path,
    {
      ...guarded,
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['drops'],
        summary:
          "Record a metadata transaction of the collection's contract (new listing, new base URI, refresh, freeze), read on chain",
        params: recordMetadataUpdate.params,
        body: recordMetadataUpdate.body,
        response: { 201: recordMetadataUpdate.response },
      },
    },
    async (request, reply) => {
      const data = await marketplace.recordUpdate(app, currentUser(request), request.params.id, request.body);
      reply.code(201);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    pinMarketplaceListing.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['drops'],
        summary:
          "Put the saved listing's JSON on IPFS through your pinning provider (collections published to IPFS)",
        params: pinMarketplaceListing.params,
        response: { 200: pinMarketplaceListing.response },
      },
    },
    async (request) => {
      const data = await marketplace.pinListing(app, currentUser(request), request.params.id);
      return { status: 'success' as const, data: { marketplace: data } };
    },
  );

  app.get(
    getContractJson.path,
    {
      schema: {
        tags: ['drops'],
        summary: "A published collection's marketplace listing (contract-level metadata, ERC-7572), public",
        params: getContractJson.params,
      },
    },
    async (request, reply) => {
      const json = await marketplace.publicContractJson(app, request.params.slug);
      // The creator may edit it until the freeze: marketplaces and caches read it again now and then.
      return reply
        .header('cache-control', 'public, max-age=60')
        .header('access-control-allow-origin', '*')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(json));
    },
  );
}
