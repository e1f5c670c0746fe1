import type { SearchHit, SearchKind } from '@layerloom/api';

/** Where a result leads: the project in Generate NFT, the collection, the token page, the user in User Requests. */
export function hitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'project':
      return `/dashboard/nft?project=${encodeURIComponent(hit.id)}`;
    case 'collection':
      return `/dashboard/collections/${encodeURIComponent(hit.id)}`;
    case 'token':
      return `/dashboard/collections/${encodeURIComponent(hit.collectionId)}/tokens/${hit.edition}`;
    case 'user':
      return `/dashboard/user-requests?tab=users&search=${encodeURIComponent(hit.email)}`;
  }
}

/** The results page of a search text. */
export function searchPagePath(text: string): string {
  return `/dashboard/search?q=${encodeURIComponent(text.trim())}`;
}

/** A stable key of a result, unique within its kind. */
export function hitKey(hit: SearchHit): string {
  return hit.kind === 'token' ? `token:${hit.collectionId}#${hit.edition}` : `${hit.kind}:${hit.id}`;
}

/** The heading of a kind's group. */
export const kindLabels: Record<SearchKind, string> = {
  project: 'Projects',
  collection: 'Collections',
  token: 'Tokens',
  user: 'Users',
};

/** A result's main line. */
export function hitTitle(hit: SearchHit): string {
  switch (hit.kind) {
    case 'token':
      return `${hit.collectionName} #${hit.edition}`;
    default:
      return hit.name;
  }
}

/** A result's second line: what it is beside its name. */
export function hitDetail(hit: SearchHit): string {
  switch (hit.kind) {
    case 'project':
      return 'Project';
    case 'collection':
      return `Collection · ${hit.size.toLocaleString('en-US')} ${hit.size === 1 ? 'token' : 'tokens'}`;
    case 'token':
      return hit.traits.length > 0 ? hit.traits.map((trait) => trait.value).join(' · ') : 'No traits';
    case 'user':
      return hit.email;
  }
}
