import type { SearchHit, SearchKind } from '@layerloom/api';

/**
 * Where a result leads: the project in Generate NFT, the collection, the token page, the user in User Requests.
 * A project, collection or token of another workspace than the current one names it in its link
 * (`workspace=`), so the header switches to it.
 */
export function hitPath(hit: SearchHit, currentWorkspaceId?: string): string {
  const other = hit.kind !== 'user' && hit.workspaceId && hit.workspaceId !== currentWorkspaceId;
  const workspace = other ? `workspace=${encodeURIComponent(hit.workspaceId ?? '')}` : null;
  switch (hit.kind) {
    case 'project':
      return `/dashboard/nft?project=${encodeURIComponent(hit.id)}${workspace ? `&${workspace}` : ''}`;
    case 'collection':
      return `/dashboard/collections/${encodeURIComponent(hit.id)}${workspace ? `?${workspace}` : ''}`;
    case 'token':
      return `/dashboard/collections/${encodeURIComponent(hit.collectionId)}/tokens/${hit.edition}${workspace ? `?${workspace}` : ''}`;
    case 'user':
      return `/dashboard/user-requests?tab=users&search=${encodeURIComponent(hit.email)}`;
  }
}

/** The workspace a project, collection or token is in ("Personal" or the team's name); null for users. */
export function hitWorkspace(hit: SearchHit): string | null {
  return hit.kind === 'user' ? null : (hit.workspaceName ?? null);
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
