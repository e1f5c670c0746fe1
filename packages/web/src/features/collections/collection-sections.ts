/** The collection page's sections, in page order, as its section menu names them. */
export const collectionSections = [
  { key: 'overview', label: 'Overview' },
  { key: 'launch', label: 'Launch' },
  { key: 'metadata', label: 'Metadata' },
  { key: 'gallery', label: 'Gallery' },
  { key: 'rarity', label: 'Rarity' },
] as const;

export type CollectionSection = (typeof collectionSections)[number]['key'];

/** The URL's search param that names the section the page is at (`?section=gallery`). */
export const SECTION_PARAM = 'section';

/** The id of a section's element, the target of its menu link. */
export function sectionElementId(section: CollectionSection): string {
  return `llc-section-${section}`;
}

/** The section the URL names; null when it names none (or one that does not exist). */
export function readSection(params: URLSearchParams): CollectionSection | null {
  const value = params.get(SECTION_PARAM);
  return collectionSections.find((section) => section.key === value)?.key ?? null;
}

/**
 * The search params with `section` set, every other param (the gallery's page, sort and filters) kept.
 * Overview, the top of the page, leaves the param out so the plain URL stays the page's own.
 */
export function withSection(params: URLSearchParams, section: CollectionSection): URLSearchParams {
  const next = new URLSearchParams(params);
  if (section === 'overview') next.delete(SECTION_PARAM);
  else next.set(SECTION_PARAM, section);
  return next;
}
