import { createHash } from 'node:crypto';
import { ANIMATION_MIME_TYPES } from '../render/animation-encoder.ts';
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

/** The value written for an absent layer whose `showNone` is on. */
export const NONE_VALUE = 'None';

/** Whether a trait value stands for "nothing on this layer" (a trait named None, any case). */
export function isNoneValue(value: string | number): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === 'none';
}

/**
 * The attributes a planned token shows, in layer order. An absent layer and a trait named "None"
 * add none, unless the layer's `showNone` asks for them (then an absent layer of the token's
 * configuration reads `None`).
 */
export function tokenAttributes(collection: ResolvedCollection, token: PlannedToken): Attribute[] {
  if (token.kind === 'one-of-one') return collection.oneOfOnes[token.oneOfOne]!.attributes;
  const inConfiguration = collection.configurations[token.configuration]?.layers;
  const attributes: Attribute[] = [];
  token.traits.forEach((trait, layerIndex) => {
    const layer = collection.layers[layerIndex]!;
    if (trait < 0) {
      if (layer.showNone && inConfiguration?.includes(layerIndex)) {
        attributes.push({ trait_type: layer.traitType, value: NONE_VALUE });
      }
      return;
    }
    const value = layer.traits[trait]!.value;
    if (!layer.showNone && isNoneValue(value)) return;
    attributes.push({ trait_type: layer.traitType, value });
  });
  return attributes;
}

/** A stable fingerprint of what a token shows (SHA-1 of its layer/trait pairs, or of the 1-of-1's place). */
export function tokenDna(collection: ResolvedCollection, token: PlannedToken): string {
  // Every drawn trait, whatever metadata shows of "None": the fingerprint follows the picture.
  const text =
    token.kind === 'one-of-one'
      ? `one-of-one:${token.oneOfOne}:${collection.oneOfOnes[token.oneOfOne]!.name ?? ''}`
      : Array.from(token.traits)
          .flatMap((trait, layerIndex) => {
            if (trait < 0) return [];
            const layer = collection.layers[layerIndex]!;
            return [`${layer.traitType}=${layer.traits[trait]!.value}`];
          })
          .map((pair, index) => `${index}:${pair}`)
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
    ...animationUrl(collection, base, token.edition),
    ...spec.output.extraMetadata,
  };
}

/** `animation_url` of an animated collection's token (its animation beside the poster), else nothing. */
function animationUrl(
  collection: ResolvedCollection,
  base: string,
  edition: number,
): { animation_url?: string } {
  const animation = collection.spec.output.animation;
  return animation ? { animation_url: `${base}/${edition}.${animation.format}` } : {};
}

/** Solana (Metaplex) token metadata, or undefined when the spec asks for none. */
export function buildSolanaMetadata(
  collection: ResolvedCollection,
  token: PlannedToken,
): Record<string, unknown> | undefined {
  const solana = collection.spec.output.solana;
  if (!solana) return undefined;
  const opensea = buildTokenMetadata(collection, token);
  const animation = collection.spec.output.animation;
  const movie = animation && `${token.edition}.${animation.format}`;
  return {
    name: opensea.name,
    symbol: solana.symbol ?? collection.spec.symbol,
    description: opensea.description,
    seller_fee_basis_points: solana.sellerFeeBasisPoints,
    image: `${token.edition}.png`,
    external_url: solana.externalUrl,
    edition: token.edition,
    attributes: opensea.attributes,
    ...(movie ? { animation_url: movie } : {}),
    properties: {
      files: [
        { uri: `${token.edition}.png`, type: 'image/png' },
        ...(animation && movie ? [{ uri: movie, type: ANIMATION_MIME_TYPES[animation.format] }] : []),
      ],
      category: animation?.format === 'mp4' ? 'video' : 'image',
      creators: solana.creators,
    },
  };
}

/** JSON text as the engine writes it (2-space indent, trailing newline). */
export function toJsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}
