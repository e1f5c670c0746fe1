import type {
  cancelGeneration,
  collectionEvents,
  deleteCollection,
  getCollection,
  getCollectionIpfs,
  getPublication,
  listCollections,
  listTokens,
} from '@layerloom/api';
import type { EndpointRef } from '../../lib/api.ts';

// The collection endpoints of the dashboard's first loads (My Collection, Generate NFT's progress), by method
// and path: those pages carry no zod schema (the types still check each against the contract).

export const listCollectionsEndpoint: EndpointRef<typeof listCollections> = {
  method: 'GET',
  path: '/api/v1/collections',
};
export const getCollectionEndpoint: EndpointRef<typeof getCollection> = {
  method: 'GET',
  path: '/api/v1/collections/:id',
};
export const deleteCollectionEndpoint: EndpointRef<typeof deleteCollection> = {
  method: 'DELETE',
  path: '/api/v1/collections/:id',
};
export const cancelGenerationEndpoint: EndpointRef<typeof cancelGeneration> = {
  method: 'POST',
  path: '/api/v1/collections/:id/cancel',
};
export const collectionEventsEndpoint: EndpointRef<typeof collectionEvents> = {
  method: 'GET',
  path: '/api/v1/collections/:id/events',
};
export const listTokensEndpoint: EndpointRef<typeof listTokens> = {
  method: 'GET',
  path: '/api/v1/collections/:id/tokens',
};
export const collectionIpfsEndpoint: EndpointRef<typeof getCollectionIpfs> = {
  method: 'GET',
  path: '/api/v1/collections/:id/ipfs',
};
export const publicationEndpoint: EndpointRef<typeof getPublication> = {
  method: 'GET',
  path: '/api/v1/collections/:id/publication',
};
