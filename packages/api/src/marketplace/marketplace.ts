import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** Most collaborators (wallets marketplaces let edit the listing) a collection lists. */
export const MAX_COLLABORATORS = 10;
export const LISTING_NAME_MAX = 100;
export const LISTING_DESCRIPTION_MAX = 2000;
/** Royalty in basis points: 10 000 = 100 %. */
export const LISTING_MAX_FEE_BASIS_POINTS = 10_000;

const AddressSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Enter a wallet address: 0x followed by 40 hexadecimal digits');
const TransactionHashSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash: 0x followed by 64 hexadecimal digits');

/** Why a listing's link cannot be used, or null. Images may live on IPFS; a website must be https. */
export function listingUrlProblem(value: string, allowIpfs: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return allowIpfs
      ? 'Enter a full address starting with https:// or ipfs://'
      : 'Enter a full address starting with https://';
  }
  if (allowIpfs && url.protocol === 'ipfs:')
    return url.href.length > 'ipfs://'.length ? null : 'Enter the IPFS address in full';
  if (url.protocol !== 'https:')
    return allowIpfs ? 'Use an https:// or ipfs:// address' : 'Use an https:// address';
  if (url.username || url.password) return 'The address must not contain a user name or password';
  if (!url.hostname.includes('.')) return 'Enter a full address with a domain name';
  return null;
}

const urlField = (allowIpfs: boolean) =>
  z
    .string()
    .trim()
    .max(500, 'Keep the address under 500 characters')
    .superRefine((value, context) => {
      const problem = value === '' ? null : listingUrlProblem(value, allowIpfs);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => (value === '' ? null : value))
    .nullable();

/**
 * A collection's marketplace listing, as the creator edits it: what OpenSea and others read from the
 * contract's `contractURI` (ERC-7572) to show the collection's page.
 */
export const MarketplaceListingSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Give the collection a name')
      .max(LISTING_NAME_MAX, `Keep the name under ${LISTING_NAME_MAX} characters`),
    description: z
      .string()
      .trim()
      .max(LISTING_DESCRIPTION_MAX, `Keep the description under ${LISTING_DESCRIPTION_MAX} characters`),
    /** The collection's square picture. */
    image: urlField(true),
    /** The wide picture across the top of the collection's page. */
    bannerImage: urlField(true),
    /** The picture shown where the collection is featured. */
    featuredImage: urlField(true),
    /** The collection's own website. */
    externalLink: urlField(false),
    /** Wallets a marketplace lets edit the collection's page there. */
    collaborators: z
      .array(AddressSchema)
      .max(MAX_COLLABORATORS, `List at most ${MAX_COLLABORATORS} collaborators`)
      .refine(
        (list) => new Set(list.map((entry) => entry.toLowerCase())).size === list.length,
        'A collaborator is listed twice',
      ),
    /** The royalty marketplaces are told about, in basis points (500 = 5 %). */
    sellerFeeBasisPoints: z
      .number()
      .int('Use a whole number of basis points')
      .min(0, 'The royalty cannot be negative')
      .max(LISTING_MAX_FEE_BASIS_POINTS, 'The royalty is at most 100 %'),
    /** Who receives the royalty. */
    feeRecipient: AddressSchema.nullable(),
  })
  .superRefine((listing, context) => {
    if (listing.sellerFeeBasisPoints > 0 && !listing.feeRecipient) {
      context.addIssue({
        code: 'custom',
        path: ['feeRecipient'],
        message: 'Say which wallet receives the royalty',
      });
    }
  });
export type MarketplaceListing = z.output<typeof MarketplaceListingSchema>;
export type MarketplaceListingInput = z.input<typeof MarketplaceListingSchema>;

/** A saved listing as the server answers it. */
export const MarketplaceListingViewSchema = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  bannerImage: z.string().nullable(),
  featuredImage: z.string().nullable(),
  externalLink: z.string().nullable(),
  collaborators: z.array(z.string()),
  sellerFeeBasisPoints: z.number().int(),
  feeRecipient: z.string().nullable(),
});

/** What a recorded transaction did to the metadata marketplaces read. */
export const MetadataUpdateKindSchema = z.enum(['contract-uri', 'base-uri', 'refresh', 'freeze']);
export type MetadataUpdateKind = z.infer<typeof MetadataUpdateKindSchema>;

/** One metadata transaction of the collection's contract, read from the chain when it was recorded. */
export const MetadataUpdateSchema = z.object({
  id: z.string(),
  kind: MetadataUpdateKindSchema,
  chainId: z.number().int(),
  address: z.string(),
  transactionHash: z.string(),
  blockNumber: z.string(),
  /** What it set or announced, in words ("Tokens #1 to #6", the new address…). */
  detail: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type MetadataUpdate = z.infer<typeof MetadataUpdateSchema>;

/** The collection's marketplace side: its listing, where it is served, and the metadata updates on chain. */
export const MarketplaceSchema = z.object({
  collectionId: z.string(),
  listing: MarketplaceListingViewSchema,
  /** When the creator last saved the listing; null while it shows the collection's own name and description. */
  savedAt: z.string().nullable(),
  /** The hosted address of the listing's JSON (what `contractURI` should return); null before publishing. */
  contractUri: z.string().nullable(),
  /**
   * The listing's JSON on IPFS (`ipfs://<cid>`), pinned at the owner's pinning provider, while it is the saved
   * listing; null before it is put there or once the listing is edited since.
   */
  ipfsContractUri: z.string().nullable(),
  /** The JSON served there, as marketplaces read it. */
  contractJson: z.record(z.string(), z.unknown()),
  /** Where tokens' metadata is published (what `baseURI` should be); null before publishing. */
  metadataBaseUri: z.string().nullable(),
  /** Metadata edits saved after the last update announced on chain (newest first), each in words. */
  pendingMetadataEdits: z.array(z.object({ at: z.string(), changes: z.array(z.string()) })),
  /** Metadata transactions of the newest contract, newest first. */
  updates: z.array(MetadataUpdateSchema),
  /** A freeze of the newest contract was recorded: nothing that changes metadata is accepted. */
  isFrozen: z.boolean(),
});
export type Marketplace = z.infer<typeof MarketplaceSchema>;

export const RecordMetadataUpdateBodySchema = z.object({ transactionHash: TransactionHashSchema });
export type RecordMetadataUpdateBody = z.input<typeof RecordMetadataUpdateBodySchema>;

const CollectionParamsSchema = z.object({ id: z.string().min(1) });

/** `GET /api/v1/collections/{id}/marketplace`: the listing, its address and the metadata updates on chain. */
export const getMarketplace = {
  method: 'GET',
  path: '/api/v1/collections/:id/marketplace',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ marketplace: MarketplaceSchema })),
} as const;

/** `PUT /api/v1/collections/{id}/marketplace`: saves the listing (refused once the metadata is frozen). */
export const updateMarketplaceListing = {
  method: 'PUT',
  path: '/api/v1/collections/:id/marketplace',
  params: CollectionParamsSchema,
  body: MarketplaceListingSchema,
  response: successSchema(z.object({ marketplace: MarketplaceSchema })),
} as const;

/**
 * `POST /api/v1/collections/{id}/marketplace/updates`: records a metadata transaction the owner's wallet
 * sent to the newest contract (setContractURI, setBaseURI, emitBatchMetadataUpdate, freezeMetadata), once
 * the server has read it on chain.
 */
export const recordMetadataUpdate = {
  method: 'POST',
  path: '/api/v1/collections/:id/marketplace/updates',
  params: CollectionParamsSchema,
  body: RecordMetadataUpdateBodySchema,
  response: successSchema(z.object({ update: MetadataUpdateSchema, marketplace: MarketplaceSchema })),
} as const;

/**
 * `POST /api/v1/collections/{id}/marketplace/ipfs`: puts the saved listing's JSON on IPFS through the owner's
 * pinning provider (for a collection published to IPFS, so the listing outlives any server).
 */
export const pinMarketplaceListing = {
  method: 'POST',
  path: '/api/v1/collections/:id/marketplace/ipfs',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ marketplace: MarketplaceSchema })),
} as const;

/** `GET /api/v1/drops/{slug}/contract.json`: a published collection's listing as marketplaces read it. Public. */
export const getContractJson = {
  method: 'GET',
  path: '/api/v1/drops/:slug/contract.json',
  params: z.object({ slug: z.string().min(1).max(80) }),
} as const;

/** The public address of a published collection's listing JSON. */
export function contractJsonUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/api/v1/drops/${slug}/contract.json`;
}
