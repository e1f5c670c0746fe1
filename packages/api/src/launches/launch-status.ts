import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { WorkspaceQuerySchema } from '../workspaces/workspace.ts';

/**
 * Where a collection's launch stands: `draft` until it is published, `published` until a deployment of it is
 * verified on chain, `deployed` while its sale is closed (or the chain cannot be read), `live` while a sale is
 * open, `sold-out` once every token is minted.
 */
export const LaunchStageSchema = z.enum(['draft', 'published', 'deployed', 'live', 'sold-out']);
export type LaunchStage = z.infer<typeof LaunchStageSchema>;

/** A collection's launch as every screen that shows the collection sums it up. */
export const LaunchStatusSchema = z.object({
  collectionId: z.string(),
  stage: LaunchStageSchema,
  /** The sale open on chain while `live`: the allowlist's or the public one. */
  phase: z.enum(['allowlist', 'public']).nullable(),
  /** Tokens minted, from the chain; null before deployment or when the chain could not be read. */
  minted: z.number().int().nullable(),
  /** Tokens the contract can mint (the collection's size before deployment). */
  supply: z.number().int(),
  /**
   * Sale proceeds the contract holds, not yet withdrawn, in the chain's smallest unit (wei) as a decimal
   * string, with the currency's symbol; null before deployment or when the chain could not be read.
   */
  proceeds: z.object({ wei: z.string(), currency: z.string() }).nullable(),
  /** Path of the public mint page (`/mint/{slug}`) once the collection is published. */
  mintPath: z.string().nullable(),
  /** The chain of the contract, once deployed. */
  chainName: z.string().nullable(),
  /** Why live figures are missing (no RPC for the chain, the chain did not answer), else null. */
  notice: z.string().nullable(),
});
export type LaunchStatus = z.infer<typeof LaunchStatusSchema>;

/**
 * `GET /api/v1/launch-status?workspace=<id>`: the launch of each collection of a workspace (left out: the
 * caller's personal workspace), newest collection first.
 */
export const listLaunchStatuses = {
  method: 'GET',
  path: '/api/v1/launch-status',
  querystring: WorkspaceQuerySchema,
  response: successSchema(z.object({ statuses: z.array(LaunchStatusSchema) })),
} as const;

/** `GET /api/v1/collections/{id}/launch-status`: one collection's launch (owner only). */
export const getLaunchStatus = {
  method: 'GET',
  path: '/api/v1/collections/:id/launch-status',
  params: z.object({ id: z.string().min(1) }),
  response: successSchema(z.object({ status: LaunchStatusSchema })),
} as const;
