import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { WorkspaceQuerySchema } from '../workspaces/workspace.ts';

/** How long a provider's URL may be. */
export const PINNING_ENDPOINT_MAX = 300;
/** How long a provider's access token may be. */
export const PINNING_TOKEN_MAX = 2000;

/**
 * A workspace's pinning provider, as the browser sees it: the endpoint of its Kubo RPC API and whether a
 * token is saved (its last 4 characters). The token itself is never sent back.
 */
export const PinningProviderSchema = z.object({
  endpoint: z.string(),
  tokenLast4: z.string(),
  updatedAt: z.string(),
});
export type PinningProvider = z.infer<typeof PinningProviderSchema>;

/** What the creator saves: the provider's RPC endpoint and the access token it gave them. */
export const SavePinningProviderBodySchema = z.object({
  endpoint: z
    .string()
    .trim()
    .min(1, { message: 'Enter the address of the provider’s API' })
    .max(PINNING_ENDPOINT_MAX, { message: `Use at most ${PINNING_ENDPOINT_MAX} characters` })
    .refine((value) => URL.canParse(value) && /^https?:\/\//i.test(value), {
      message: 'Enter an http:// or https:// address, like https://rpc.filebase.io',
    }),
  token: z
    .string()
    .trim()
    .min(8, { message: 'Paste the whole access token (at least 8 characters)' })
    .max(PINNING_TOKEN_MAX, { message: `Use at most ${PINNING_TOKEN_MAX} characters` }),
});
export type SavePinningProviderBody = z.input<typeof SavePinningProviderBodySchema>;

/** Where an upload to IPFS stands: waiting for a runner, sending the CAR files, done, or failed with a message. */
export const IpfsUploadStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type IpfsUploadStatus = z.infer<typeof IpfsUploadStatusSchema>;

/** A collection's latest upload of its CAR files to the creator's pinning provider. */
export const IpfsUploadSchema = z.object({
  collectionId: z.string(),
  status: IpfsUploadStatusSchema,
  /** Bytes of the two CAR files sent so far, out of `total` (0 until the files are ready). */
  done: z.number(),
  total: z.number(),
  /** Why it failed, in words the creator can act on. */
  error: z.string().nullable(),
  /** The root CIDs the engine computed, which the provider must report back (null until the job has computed them). */
  imagesCid: z.string().nullable(),
  metadataCid: z.string().nullable(),
  startedAt: z.string(),
});
export type IpfsUpload = z.infer<typeof IpfsUploadSchema>;

const CollectionParamsSchema = z.object({ id: z.string().min(1) });

/**
 * `GET /api/v1/pinning-provider?workspace=`: a workspace's pinning provider (the caller's personal one when not
 * named), or null; for any member. Its collections are uploaded to it.
 */
export const getPinningProvider = {
  method: 'GET',
  path: '/api/v1/pinning-provider',
  querystring: WorkspaceQuerySchema,
  response: successSchema(z.object({ provider: PinningProviderSchema.nullable() })),
} as const;

/**
 * `PUT /api/v1/pinning-provider?workspace=`: saves (or replaces) a workspace's pinning provider (its Owners and
 * Admins); the token is sealed at rest.
 */
export const savePinningProvider = {
  method: 'PUT',
  path: '/api/v1/pinning-provider',
  querystring: WorkspaceQuerySchema,
  body: SavePinningProviderBodySchema,
  response: successSchema(z.object({ provider: PinningProviderSchema })),
} as const;

/** `DELETE /api/v1/pinning-provider?workspace=`: forgets a workspace's pinning provider and its token (Owners and Admins). */
export const deletePinningProvider = {
  method: 'DELETE',
  path: '/api/v1/pinning-provider',
  querystring: WorkspaceQuerySchema,
  response: successSchema(z.object({ provider: z.null() })),
} as const;

/** `GET /api/v1/collections/{id}/publication/ipfs`: the collection's latest upload to IPFS, or null. */
export const getIpfsUpload = {
  method: 'GET',
  path: '/api/v1/collections/:id/publication/ipfs',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ upload: IpfsUploadSchema.nullable() })),
} as const;

/**
 * `POST /api/v1/collections/{id}/publication/ipfs`: starts uploading a ready collection's CAR files to the
 * creator's pinning provider (a background job); once the provider reports the expected root CIDs the
 * collection is published in IPFS mode. Also how a failed upload is retried.
 */
export const startIpfsUpload = {
  method: 'POST',
  path: '/api/v1/collections/:id/publication/ipfs',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ upload: IpfsUploadSchema })),
} as const;

/** Where an `ipfs://` address opens in a browser: this server's gateway when it holds the CID, else a public one. */
export const IpfsLocationSchema = z.object({
  /** The CID as asked. */
  cid: z.string(),
  /** Whether this server holds the content (a collection published on IPFS from here). */
  held: z.boolean(),
  /** The gateway to prefix `CID/path` with, ending in `/ipfs/`. */
  gatewayUrl: z.string(),
});
export type IpfsLocation = z.infer<typeof IpfsLocationSchema>;

/**
 * `GET /api/v1/ipfs/{cid}/location`: public; the gateway a browser should open `ipfs://{cid}/…` through
 * (`PUBLIC_URL/ipfs/` when this server holds the CID, else the configured public gateway). 400 for a
 * malformed CID.
 */
export const locateIpfsContent = {
  method: 'GET',
  path: '/api/v1/ipfs/:cid/location',
  params: z.object({ cid: z.string().min(1).max(200) }),
  response: successSchema(IpfsLocationSchema),
} as const;
