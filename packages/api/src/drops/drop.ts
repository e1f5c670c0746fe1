import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** The contract a drop sells from: the newest verified deployment of the collection. */
export const DropContractSchema = z.object({
  chainId: z.number().int(),
  chainName: z.string(),
  /** The chain's native currency symbol (ETH, POL). */
  currency: z.string(),
  address: z.string(),
  explorerUrl: z.string().nullable(),
});
export type DropContract = z.infer<typeof DropContractSchema>;

/** How the creator dressed the page in the mint page editor (defaults before they save anything). */
export const DropPageSchema = z.object({
  /** The page's title: the creator's, or the collection's name. */
  title: z.string(),
  /**
   * Absolute URL of the banner: the creator's, or the collection's collage. Null while a pre-reveal drop's
   * art is hidden and the creator uploaded no banner (the collage would show the art).
   */
  bannerUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** `#rrggbb`, or null for the page's own colours. */
  accentColor: z.string().nullable(),
  links: z.object({
    website: z.string().nullable(),
    x: z.string().nullable(),
    discord: z.string().nullable(),
  }),
});
export type DropPage = z.infer<typeof DropPageSchema>;

/** A published collection as its public mint page shows it; no account needed. */
export const DropSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Hosted images of the tokens the page's gallery shows (the first ones unless the creator chose). */
  images: z.array(z.string()),
  /** The token number of each image in `images`. */
  imageTokenIds: z.array(z.number().int()),
  /** The page's look, from the mint page editor. */
  page: DropPageSchema,
  /** A token's public metadata is at `metadataBaseUri + tokenId`. */
  metadataBaseUri: z.string(),
  /** Null until a deployment of the collection is verified on chain. */
  contract: DropContractSchema.nullable(),
  /**
   * The WalletConnect project collectors without a browser wallet connect through (a QR code on a computer, a
   * wallet app on a phone); null when the server has none (`WALLETCONNECT_PROJECT_ID`): not offered.
   */
  walletConnectProjectId: z.string().nullable(),
});
export type Drop = z.infer<typeof DropSchema>;

/** The sale as the chain reports it, read through the server's RPC and cached for a few seconds. */
export const DropStateSchema = z.object({
  minted: z.number().int(),
  maxSupply: z.number().int(),
  phase: z.enum(['closed', 'allowlist', 'public']),
  /** Prices in wei, as decimal strings. */
  publicPrice: z.string(),
  allowlistPrice: z.string(),
  maxPerWallet: z.number().int(),
  allowlistMaxPerWallet: z.number().int(),
  revealed: z.boolean(),
  /** The allowlist Merkle root set on chain, or null when none is set. */
  allowlistRoot: z.string().nullable(),
  /**
   * When the sale opens by itself (ISO dates, null = that sale is not scheduled; both null when the owner
   * opens phases by hand). `phase` is the one in force when the chain was read.
   */
  allowlistStart: z.string().nullable(),
  publicStart: z.string().nullable(),
  /** When the chain was read. */
  readAt: z.string(),
});
export type DropState = z.infer<typeof DropStateSchema>;

const SlugParamsSchema = z.object({ slug: z.string().min(1).max(80) });

/** `GET /api/v1/drops/{slug}`: a published collection's public page data (404 for anything unpublished). */
export const getDrop = {
  method: 'GET',
  path: '/api/v1/drops/:slug',
  params: SlugParamsSchema,
  response: successSchema(z.object({ drop: DropSchema })),
} as const;

/**
 * `GET /api/v1/drops/{slug}/state`: minted / max, phase, prices and limits from the chain. `state` is null
 * with a `notice` when there is no contract yet or the chain did not answer, so the page keeps working.
 */
export const getDropState = {
  method: 'GET',
  path: '/api/v1/drops/:slug/state',
  params: SlugParamsSchema,
  response: successSchema(z.object({ state: DropStateSchema.nullable(), notice: z.string().nullable() })),
} as const;
