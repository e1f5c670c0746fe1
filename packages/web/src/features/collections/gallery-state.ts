/** How the gallery is sorted: by edition number or by OpenRarity rank (rarest first). */
export type GallerySort = 'edition' | 'rarity';

/** The gallery's view, kept in the URL so reloads and back/forward keep it. */
export interface GalleryState {
  page: number;
  pageSize: number;
  sort: GallerySort;
  /** `Type:Value` filters, in the order they were chosen. */
  traits: string[];
}

export const PAGE_SIZES = [24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 48;

export const defaultGalleryState: GalleryState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: 'edition',
  traits: [],
};

/** The filter key the server reads for one trait value. */
export function traitKey(type: string, value: string): string {
  return `${type}:${value}`;
}

/** Reads the gallery state from search params; anything malformed falls back to its default. */
export function readGalleryState(params: URLSearchParams): GalleryState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('size'));
  const sort = params.get('sort');
  const traits = [...new Set(params.getAll('trait').filter((trait) => trait.includes(':')))];
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: sort === 'rarity' ? 'rarity' : 'edition',
    traits,
  };
}

/** Writes the gallery state as search params, leaving defaults out so links stay short. */
export function writeGalleryState(state: GalleryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sort !== 'edition') params.set('sort', state.sort);
  for (const trait of state.traits) params.append('trait', trait);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Adds or removes one trait filter; the result starts again at page 1. */
export function toggleTrait(state: GalleryState, type: string, value: string, on: boolean): GalleryState {
  const key = traitKey(type, value);
  const without = state.traits.filter((trait) => trait !== key);
  return { ...state, page: 1, traits: on ? [...without, key] : without };
}

/**
 * Splits `Type:Value` filters into type → values. Types can hold a colon themselves
 * (`meta_trait:trait_count`), so the longest known type that prefixes the key wins.
 */
export function groupTraits(traits: readonly string[], knownTypes: readonly string[]): Map<string, string[]> {
  const byLength = [...knownTypes].sort((a, b) => b.length - a.length);
  const groups = new Map<string, string[]>();
  for (const trait of traits) {
    const type =
      byLength.find((known) => trait.startsWith(`${known}:`)) ?? trait.slice(0, trait.indexOf(':'));
    const value = trait.slice(type.length + 1);
    groups.set(type, [...(groups.get(type) ?? []), value]);
  }
  return groups;
}

/** The query of the listTokens call for this state (trait filters repeat the `trait` key). */
export function tokensQuery(state: GalleryState) {
  return { page: state.page, pageSize: state.pageSize, sort: state.sort, trait: state.traits };
}
