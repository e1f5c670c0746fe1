import { createHash } from 'node:crypto';
import type { PlannedToken } from '../sample/plan-collection.ts';
import type { Attribute } from '../spec/collection-spec.ts';
import type { ResolvedCollection } from '../spec/resolve-collection.ts';

/** OpenSea ERC-721 metadata of one token (plus the collection's extra fields). */
export interface TokenMetadata {
  name: string;
  description: string;
  image: string;
  edition: number;
  dna: string;
  attributes: Attribute[];
  [extra: string]: unknown;
}

/** The attributes a planned token shows, in layer order (absent layers add none). */
export function tokenAttributes(collection: ResolvedCollection, token: PlannedToken): Attribute[] {
  if (token.kind === 'one-of-one') return collection.oneOfOnes[token.oneOfOne]!.attributes;
  const attributes: Attribute[] = [];
  token.traits.forEach((trait, layerIndex) => {
    if (trait < 0) return;
    const layer = collection.layers[layerIndex]!;
    attributes.push({ trait_type: layer.traitType, value: layer.traits[trait]!.value });
  });
  return attributes;
}

/** A stable fingerprint of what a token shows (SHA-1 of its layer/trait pairs, or of the 1-of-1's place). */
export function tokenDna(collection: ResolvedCollection, token: PlannedToken): string {
  const text =
    token.kind === 'one-of-one'
      ? `one-of-one:${token.oneOfOne}:${collection.oneOfOnes[token.oneOfOne]!.name ?? ''}`
      : tokenAttributes(collection, token)
          .map((attribute, index) => `${index}:${attribute.trait_type}=${attribute.value}`)
          .join('|');
  return createHash('sha1').update(text).digest('hex');
}

/** The name prefix of tokens: the output option, else the collection name. */
export function namePrefix(collection: ResolvedCollection): string {
  return collection.spec.output.namePrefix ?? collection.spec.name;
}

/** Builds `metadata/N.json` of a token in the OpenSea format; `imageBase` overrides the spec's base URI (e.g. `ipfs://<cid>`). */
export function buildTokenMetadata(
  collection: ResolvedCollection,
  token: PlannedToken,
  imageBase?: string,
): TokenMetadata {
  const { spec } = collection;
  const oneOfOne = token.kind === 'one-of-one' ? collection.oneOfOnes[token.oneOfOne] : undefined;
  const base = (imageBase ?? spec.output.baseUri).replace(/\/+$/, '');
  return {
    name: oneOfOne?.name ?? `${namePrefix(collection)} #${token.edition}`,
    description: spec.description,
    image: `${base}/${token.edition}.png`,
    edition: token.edition,
    dna: tokenDna(collection, token),
    attributes: tokenAttributes(collection, token),
    ...spec.output.extraMetadata,
  };
}

/** Solana (Metaplex) token metadata, or undefined when the spec asks for none. */
export function buildSolanaMetadata(
  collection: ResolvedCollection,
  token: PlannedToken,
): Record<string, unknown> | undefined {
  const solana = collection.spec.output.solana;
  if (!solana) return undefined;
  const opensea = buildTokenMetadata(collection, token);
  return {
    name: opensea.name,
    symbol: solana.symbol ?? collection.spec.symbol,
    description: opensea.description,
    seller_fee_basis_points: solana.sellerFeeBasisPoints,
    image: `${token.edition}.png`,
    external_url: solana.externalUrl,
    edition: token.edition,
    attributes: opensea.attributes,
    properties: {
      files: [{ uri: `${token.edition}.png`, type: 'image/png' }],
      category: 'image',
      creators: solana.creators,
    },
  };
}

/** JSON text as the engine writes it (2-space indent, trailing newline). */
export function toJsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}
