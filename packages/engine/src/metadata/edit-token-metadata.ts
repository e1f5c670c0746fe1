import type { Attribute } from '../spec/collection-spec.ts';
import type { TokenMetadata } from './token-metadata.ts';

/**
 * Edits of a generated collection's metadata, as a whole (the current state, not a change): applied to
 * the metadata the engine builds, they give the edited files, so applying them again changes nothing.
 * Null leaves the engine's value.
 */
export interface MetadataEdits {
  /** Token names, e.g. `{collection} #{edition}`; 1-of-1s keep their own names. */
  namePattern: string | null;
  description: string | null;
  /** OpenSea `external_url` (and Solana `external_url`). */
  externalUrl: string | null;
  /** OpenSea `background_color`: six hex digits without `#`. */
  backgroundColor: string | null;
  /** Attributes added to every token, after its traits. */
  attributes: Attribute[];
  /** Attributes added to one token each (by edition), after the collection-wide ones. */
  tokenAttributes?: (Attribute & { edition: number })[];
  /** Trait values renamed across the collection. */
  renames: { traitType: string; from: string; to: string }[];
}

/** The placeholders a name pattern may use. */
export const NAME_PLACEHOLDERS = ['collection', 'edition'] as const;

/**
 * Why a name pattern cannot be used, or undefined when it can: it must hold `{edition}` (names stay
 * distinct) and no other placeholder than `{collection}` and `{edition}`.
 */
export function namePatternProblem(pattern: string): string | undefined {
  const unknown = [...pattern.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1]!)
    .find((name) => !(NAME_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown !== undefined) return `Unknown placeholder {${unknown}}: use {collection} and {edition}`;
  if (/[{}]/.test(pattern.replace(/\{(collection|edition)\}/g, ''))) {
    return 'Braces are only for {collection} and {edition}';
  }
  if (!pattern.includes('{edition}'))
    return 'The name pattern needs {edition}, so every token has its own name';
  if (pattern.replace(/\{(collection|edition)\}/g, '').length > 200) return 'The name pattern is too long';
  return undefined;
}

/** A token's name from a pattern. */
export function renderTokenName(pattern: string, collection: string, edition: number): string {
  return pattern.replaceAll('{collection}', collection).replaceAll('{edition}', String(edition));
}

function editAttributes(
  attributes: readonly Attribute[],
  edits: MetadataEdits,
  edition: number,
): Attribute[] {
  const renamed = attributes.map((attribute) => {
    const rename = edits.renames.find(
      (entry) => entry.traitType === attribute.trait_type && entry.from === String(attribute.value),
    );
    return rename ? { ...attribute, value: rename.to } : attribute;
  });
  const own = (edits.tokenAttributes ?? [])
    .filter((entry) => entry.edition === edition)
    .map(({ trait_type, value }) => ({ trait_type, value }));
  return [...renamed, ...edits.attributes, ...own];
}

/** OpenSea metadata with the edits applied (`oneOfOne`: keep the token's own name). */
export function editTokenMetadata(
  metadata: TokenMetadata,
  edits: MetadataEdits,
  context: { collection: string; oneOfOne: boolean },
): TokenMetadata {
  const edited: TokenMetadata = {
    ...metadata,
    attributes: editAttributes(metadata.attributes, edits, metadata.edition),
  };
  if (edits.namePattern !== null && !context.oneOfOne) {
    edited.name = renderTokenName(edits.namePattern, context.collection, metadata.edition);
  }
  if (edits.description !== null) edited.description = edits.description;
  if (edits.externalUrl !== null) edited.external_url = edits.externalUrl;
  if (edits.backgroundColor !== null) edited.background_color = edits.backgroundColor;
  return edited;
}

/** Solana (Metaplex) metadata with the same edits (its name and attributes follow the OpenSea file's). */
export function editSolanaMetadata(
  metadata: Record<string, unknown>,
  edited: TokenMetadata,
  edits: MetadataEdits,
): Record<string, unknown> {
  return {
    ...metadata,
    name: edited.name,
    description: edited.description,
    attributes: edited.attributes,
    ...(edits.externalUrl !== null ? { external_url: edits.externalUrl } : {}),
  };
}
