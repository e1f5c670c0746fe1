import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** One wallet on a collection's allowlist. */
export const AllowlistEntrySchema = z.object({
  address: z.string(),
  /**
   * The quantity the CSV gave it: how many tokens it may mint in the allowlist sale in all, enforced by
   * the contract (the leaf's allowance). Null: the contract's allowlist per-wallet limit applies.
   */
  quantity: z.number().int().nullable(),
});
export type AllowlistEntry = z.infer<typeof AllowlistEntrySchema>;

/** A collection's allowlist: its Merkle root (what `setAllowlist` puts on chain) and its wallets. */
export const AllowlistSchema = z.object({
  merkleRoot: z.string(),
  count: z.number().int(),
  entries: z.array(AllowlistEntrySchema),
  updatedAt: z.string(),
});
export type Allowlist = z.infer<typeof AllowlistSchema>;

/**
 * A CSV of wallets, one per line: `address` or `address,quantity`; a header line, blank lines and
 * spaces are ignored; a wallet listed twice is kept once (with the larger quantity).
 */
export const SetAllowlistBodySchema = z.object({
  csv: z.string().max(5_000_000, 'The CSV is too large (at most 5 MB)'),
});
export type SetAllowlistBody = z.input<typeof SetAllowlistBodySchema>;

const CollectionParamsSchema = z.object({ id: z.string().min(1) });

/** `GET /api/v1/collections/{id}/allowlist`: the collection's allowlist, or null before one is uploaded. */
export const getAllowlist = {
  method: 'GET',
  path: '/api/v1/collections/:id/allowlist',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ allowlist: AllowlistSchema.nullable() })),
} as const;

/**
 * `PUT /api/v1/collections/{id}/allowlist`: replaces the allowlist from a CSV. Malformed rows are refused
 * with a 400 naming each line (`fields[].path` = `csv.<line>`); nothing is stored then.
 */
export const setAllowlist = {
  method: 'PUT',
  path: '/api/v1/collections/:id/allowlist',
  params: CollectionParamsSchema,
  body: SetAllowlistBodySchema,
  response: successSchema(z.object({ allowlist: AllowlistSchema })),
} as const;

/** Whether a wallet is on a drop's allowlist, and the Merkle proof `allowlistMint` needs if it is. */
export const AllowlistProofSchema = z.object({
  address: z.string(),
  listed: z.boolean(),
  /** Empty when not listed. */
  proof: z.array(z.string()),
  /** The wallet's own allowance from the CSV; null when it was listed without one (the phase limit applies). */
  quantity: z.number().int().nullable(),
  /**
   * What to pass to `allowlistMint` as `allowance` (the leaf the proof is for): the quantity, or 0 for
   * "the allowlist per-wallet limit". 0 when not listed.
   */
  allowance: z.number().int(),
  /** The root the proof is for: if the contract's differs, the creator has not set this list on chain yet. */
  merkleRoot: z.string().nullable(),
});
export type AllowlistProof = z.infer<typeof AllowlistProofSchema>;

/** `GET /api/v1/drops/{slug}/allowlist/{address}`: public; `listed: false` (200) for a wallet not on the list. */
export const getAllowlistProof = {
  method: 'GET',
  path: '/api/v1/drops/:slug/allowlist/:address',
  params: z.object({
    slug: z.string().min(1).max(80),
    address: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address: 0x followed by 40 hexadecimal digits'),
  }),
  response: successSchema(z.object({ proof: AllowlistProofSchema })),
} as const;
