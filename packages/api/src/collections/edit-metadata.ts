import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { CollectionIdParamsSchema, CollectionSchema } from './collection.ts';

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} is at most ${max} characters`);

/**
 * A collection's metadata edits as a whole (what every save sends and what the files then hold). Null
 * keeps what generation wrote. Validated for both OpenSea (ETH) and Metaplex (Solana) metadata.
 */
export const MetadataSettingsSchema = z.object({
  /** Token names, with `{collection}` and `{edition}`. */
  namePattern: text(200, 'The name pattern').min(1, 'Enter a name pattern').nullable(),
  description: text(5000, 'The description').nullable(),
  externalUrl: z
    .string()
    .trim()
    .max(2048, 'The external URL is at most 2048 characters')
    .url('Enter a full URL, e.g. https://example.com')
    .refine((url) => /^https?:\/\//i.test(url), 'The external URL starts with https:// or http://')
    .nullable(),
  /** Six hex digits (OpenSea's `background_color`), with or without `#`. */
  backgroundColor: z
    .string()
    .trim()
    .regex(/^#?[0-9a-fA-F]{6}$/, 'Enter a colour as six hex digits, e.g. #1d3557')
    .transform((value) => value.replace(/^#/, '').toLowerCase())
    .nullable(),
  attributes: z
    .array(
      z.object({
        trait_type: text(64, 'An attribute name').min(1, 'Name every attribute'),
        value: z.union([text(128, 'An attribute value').min(1, 'Give every attribute a value'), z.number()]),
      }),
    )
    .max(20, 'At most 20 collection-wide attributes'),
  /** Attributes of single tokens (e.g. the artist of #7), after its traits and the collection-wide ones. */
  tokenAttributes: z
    .array(
      z.object({
        edition: z
          .number({ error: 'Enter the token number' })
          .int('A token number is a whole number')
          .min(1, 'Tokens are numbered from 1'),
        trait_type: text(64, 'An attribute name').min(1, 'Name every attribute'),
        value: z.union([text(128, 'An attribute value').min(1, 'Give every attribute a value'), z.number()]),
      }),
    )
    .max(1000, 'At most 1,000 token attributes')
    .default([]),
  renames: z
    .array(
      z.object({
        traitType: z.string().min(1),
        from: z.string().min(1),
        to: text(64, 'A trait name').min(1, 'Enter the new trait name'),
      }),
    )
    .max(500, 'At most 500 renamed traits'),
});
export type MetadataSettings = z.infer<typeof MetadataSettingsSchema>;

/** The same settings as answered (already normalised: no transforms, so responses serialise as they are). */
export const MetadataSettingsViewSchema = z.object({
  namePattern: z.string().nullable(),
  description: z.string().nullable(),
  externalUrl: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
  tokenAttributes: z.array(
    z.object({ edition: z.number().int(), trait_type: z.string(), value: z.union([z.string(), z.number()]) }),
  ),
  renames: z.array(z.object({ traitType: z.string(), from: z.string(), to: z.string() })),
});
export type MetadataSettingsInput = z.input<typeof MetadataSettingsSchema>;

/** One save of the metadata edits: who, when, and what it changed. */
export const MetadataEditSchema = z.object({
  id: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  changes: z.array(z.string()),
  status: z.enum(['running', 'done', 'failed']),
  /** `art`: tokens' images replaced after publication (a new version); absent or `metadata`: a metadata save. */
  kind: z.enum(['metadata', 'art']).optional(),
  /** An art version: the tokens whose image it replaced. */
  editions: z.array(z.number().int()).optional(),
  /**
   * An art version: where its images and metadata are (`imageBaseUri + N + '.png'`); null on IPFS until the
   * collection is published again, which pins them.
   */
  location: z.object({ imageBaseUri: z.string(), metadataBaseUri: z.string() }).nullable().optional(),
});
export type MetadataEdit = z.infer<typeof MetadataEditSchema>;

export const CollectionMetadataSchema = z.object({
  settings: MetadataSettingsViewSchema,
  /** The collection's own trait values per type, as generated (what renames refer to). */
  traits: z.array(z.object({ traitType: z.string(), values: z.array(z.string()) })),
  /** Token #1's name as generated and how names read without a pattern. */
  defaultNamePattern: z.string(),
  /** Where these settings do not fit a format (e.g. Metaplex's 32-byte names); they still apply. */
  warnings: z.array(z.string()),
  history: z.array(MetadataEditSchema),
});
export type CollectionMetadata = z.infer<typeof CollectionMetadataSchema>;

export const getCollectionMetadata = {
  method: 'GET',
  path: '/api/v1/collections/:id/metadata-settings',
  params: CollectionIdParamsSchema,
  response: successSchema(CollectionMetadataSchema),
} as const;

export const editCollectionMetadata = {
  method: 'PUT',
  path: '/api/v1/collections/:id/metadata-settings',
  params: CollectionIdParamsSchema,
  body: MetadataSettingsSchema,
  response: successSchema(z.object({ collection: CollectionSchema, metadata: CollectionMetadataSchema })),
} as const;
