import { z } from 'zod';

/**
 * Which metadata a generation writes: Ethereum's (OpenSea ERC-721, `metadata/N.json`), Solana's (Metaplex
 * token metadata, as Sugar's `assets/` folder expects it) or both. ERC-721 metadata is always kept too: the
 * gallery, rarity and search read it.
 */
export const METADATA_FORMATS = ['erc721', 'solana', 'both'] as const;
export type MetadataFormat = (typeof METADATA_FORMATS)[number];

/** Metaplex keeps a symbol of at most 10 characters on chain. */
export const METAPLEX_SYMBOL_MAX = 10;
/** Sugar (Candy Machine) takes at most 4 creators: the Candy Machine itself is added as another. */
export const METAPLEX_MAX_CREATORS = 4;
/** Royalties as Metaplex counts them: basis points, 10,000 = 100 %. */
export const MAX_SELLER_FEE_BASIS_POINTS = 10_000;

/** A Solana address as wallets show it: base58 (no 0, O, I or l), 32 to 44 characters. */
export const SolanaAddressSchema = z
  .string({ error: 'Enter the creator’s Solana wallet address' })
  .trim()
  .min(1, 'Enter the creator’s Solana wallet address')
  .regex(
    /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    'This is not a Solana address: 32 to 44 letters and digits, without 0, O, I or l',
  );

/** A creator of the collection and their share of the royalties, in whole percent. */
export const SolanaCreatorSchema = z.object({
  address: SolanaAddressSchema,
  share: z
    .number({ error: 'Share must be a number' })
    .int('Share must be a whole percent')
    .min(0, 'Share is 0 to 100 %')
    .max(100, 'Share is 0 to 100 %'),
});
export type SolanaCreator = z.infer<typeof SolanaCreatorSchema>;

/** Why a list of creators does not fit Metaplex and Sugar, with the field it belongs to; undefined when it does. */
export function creatorsProblem(
  creators: readonly { address: string; share: number }[],
): { path: (string | number)[]; message: string } | undefined {
  if (creators.length === 0) {
    return { path: ['creators'], message: 'Add at least one creator: the wallet that receives royalties' };
  }
  if (creators.length > METAPLEX_MAX_CREATORS) {
    return { path: ['creators'], message: `At most ${METAPLEX_MAX_CREATORS} creators (Sugar’s limit)` };
  }
  const seen = new Set<string>();
  for (const [index, creator] of creators.entries()) {
    if (seen.has(creator.address.trim())) {
      return { path: ['creators', index, 'address'], message: 'This creator is listed twice' };
    }
    seen.add(creator.address.trim());
  }
  const total = creators.reduce((sum, creator) => sum + creator.share, 0);
  if (total !== 100) {
    return { path: ['creators'], message: `Creator shares must add up to 100 %; they add up to ${total} %` };
  }
  return undefined;
}

/** What Solana (Metaplex) metadata needs beyond the project: symbol, royalties, creators, a website. */
export const SolanaSettingsSchema = z.object({
  symbol: z
    .string({ error: 'Symbol must be text' })
    .trim()
    .max(METAPLEX_SYMBOL_MAX, `Symbol is at most ${METAPLEX_SYMBOL_MAX} characters (a Metaplex limit)`)
    .default(''),
  sellerFeeBasisPoints: z
    .number({ error: 'Royalties must be a number' })
    .int('Royalties are whole basis points (500 = 5 %)')
    .min(0, 'Royalties are 0 to 10,000 basis points (0 to 100 %)')
    .max(MAX_SELLER_FEE_BASIS_POINTS, 'Royalties are 0 to 10,000 basis points (0 to 100 %)')
    .default(500),
  externalUrl: z
    .string({ error: 'Website must be text' })
    .trim()
    .max(200, 'Website is at most 200 characters')
    .refine((value) => value === '' || (URL.canParse(value) && /^https?:\/\//i.test(value)), {
      message: 'Enter an https:// address, or leave it empty',
    })
    .default(''),
  creators: z.array(SolanaCreatorSchema).max(20, 'At most 20 creators').default([]),
});
export type SolanaSettings = z.output<typeof SolanaSettingsSchema>;

/**
 * A project's metadata choice. `solana` holds the Metaplex fields; they must be complete (creators whose
 * shares add up to 100) when the format writes Solana metadata, and are kept as they are when the creator
 * switches back to Ethereum only.
 */
export const MetadataFormatSettingsSchema = z
  .object({
    format: z
      .enum(METADATA_FORMATS, { error: 'Choose Ethereum (ERC-721), Solana (Metaplex) or both' })
      .default('erc721'),
    solana: SolanaSettingsSchema.nullable().default(null),
  })
  .superRefine((settings, context) => {
    if (!writesSolana(settings.format)) return;
    if (!settings.solana) {
      context.addIssue({
        code: 'custom',
        path: ['solana'],
        message: 'Solana metadata needs its settings: royalties and at least one creator',
      });
      return;
    }
    const problem = creatorsProblem(settings.solana.creators);
    if (problem)
      context.addIssue({ code: 'custom', path: ['solana', ...problem.path], message: problem.message });
  });
export type MetadataFormatSettings = z.output<typeof MetadataFormatSettingsSchema>;

/** The choice of a project that never made one: Ethereum only. */
export const DEFAULT_METADATA_FORMAT_SETTINGS: MetadataFormatSettings = { format: 'erc721', solana: null };

/** Whether the format writes Solana (Metaplex) metadata. */
export function writesSolana(format: MetadataFormat): boolean {
  return format !== 'erc721';
}

/** Whether the format exports Ethereum (ERC-721) metadata. */
export function writesErc721(format: MetadataFormat): boolean {
  return format !== 'solana';
}
