import { type CollectionSource, readTokenMetadata } from '../exports/collection-files.ts';
import type { TokenMetadata } from '../metadata/token-metadata.ts';
import { readAhead } from '../output/read-ahead.ts';
import { groupLookAlikes, LOOK_ALIKE_DISTANCE } from './group-look-alikes.ts';
import { lookFromImage, readCollectionLooks } from './looks-files.ts';
import type { TokenLook } from './token-look.ts';

/** A token of a look-alike group, with the attributes in which it differs from the others of its group. */
export interface LookAlikeToken {
  edition: number;
  name: string;
  /** Per differing trait type, this token's value (null: the token has no such attribute). */
  differences: { traitType: string; value: string | number | boolean | null }[];
}

/** Tokens that look the same although their metadata differs (or not, for 1-of-1s drawn alike). */
export interface LookAlikeTokenGroup {
  /** `identical`: exactly the same pixels; `look-alike`: closer than the threshold. */
  kind: 'identical' | 'look-alike';
  /** Largest perceptual distance (bits of 752) from the group's first token; 0 when identical. */
  distance: number;
  /** The trait types whose values differ within the group: what the metadata claims and collectors cannot see. */
  differingTraits: string[];
  tokens: LookAlikeToken[];
}

/** What `listLookAlikes` found. */
export interface LookAlikesReport {
  /** False when the collection has no looks kept (generated before they were) and `computeMissing` was off. */
  available: boolean;
  tokenCount: number;
  /** Perceptual distance (bits of 752) at or below which two tokens count as alike. */
  threshold: number;
  groups: LookAlikeTokenGroup[];
}

/** Parameters of `listLookAlikes`. */
export interface ListLookAlikesParameters extends CollectionSource {
  /** Default `LOOK_ALIKE_DISTANCE`. */
  threshold?: number;
  /** Compute looks from the images when the collection has none kept (default false: report it unavailable). */
  computeMissing?: boolean;
}

/**
 * The groups of tokens of a generated collection that look the same, from the looks kept with it
 * (`.layerloom/looks.json`; no image is decoded), each with its tokens and the attributes in which
 * they differ. Only the grouped tokens' metadata is read.
 */
export async function listLookAlikes(parameters: ListLookAlikesParameters): Promise<LookAlikesReport> {
  const { files, size } = parameters;
  const threshold = parameters.threshold ?? LOOK_ALIKE_DISTANCE;
  let looks = await readCollectionLooks(files, size);
  if (!looks && parameters.computeMissing) looks = await computeLooks(parameters);
  if (!looks) return { available: false, tokenCount: size, threshold, groups: [] };
  const groups: LookAlikeTokenGroup[] = [];
  for (const group of groupLookAlikes({ looks, threshold })) {
    const metadata: TokenMetadata[] = [];
    for await (const token of readAhead(group.editions.length, 16, (index) =>
      readTokenMetadata(files, group.editions[index]!),
    )) {
      metadata.push(token);
    }
    const values = metadata.map(
      (token) => new Map(token.attributes.map((attribute) => [attribute.trait_type, attribute.value])),
    );
    const types = [...new Set(metadata.flatMap((token) => token.attributes.map((a) => a.trait_type)))];
    const differingTraits = types.filter((type) => {
      const first = values[0]!.get(type) ?? null;
      return values.some((tokenValues) => (tokenValues.get(type) ?? null) !== first);
    });
    groups.push({
      kind: group.identical ? 'identical' : 'look-alike',
      distance: group.distance,
      differingTraits,
      tokens: group.editions.map((edition, index) => ({
        edition,
        name: metadata[index]!.name,
        differences: differingTraits.map((traitType) => ({
          traitType,
          value: values[index]!.get(traitType) ?? null,
        })),
      })),
    });
  }
  return { available: true, tokenCount: size, threshold, groups };
}

async function computeLooks({ files, size }: CollectionSource): Promise<TokenLook[]> {
  const looks: TokenLook[] = [];
  for await (const look of readAhead(size, 4, (index) => lookFromImage(files, index + 1))) looks.push(look);
  return looks;
}
