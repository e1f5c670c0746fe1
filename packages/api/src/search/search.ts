import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/**
 * What the header search finds: the projects, collections and tokens of every workspace the user is a member
 * of, and (admins only) users.
 */
export const SearchKindSchema = z.enum(['project', 'collection', 'token', 'user']);
export type SearchKind = z.infer<typeof SearchKindSchema>;

/** The longest search text accepted. */
export const SEARCH_QUERY_MAX = 200;

export const SearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for')
    .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters`),
  /** One kind, paged; without it the first page of every kind the user may search. */
  kind: SearchKindSchema.optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1').max(1000, 'At most page 1000').default(1),
  pageSize: z.coerce.number().int().min(1).max(50, 'At most 50 per page').default(5),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * The workspace a hit belongs to (the search reads every workspace the caller is a member of). Always sent by
 * this server; optional so an older server's answer still reads.
 */
const HitWorkspaceShape = {
  workspaceId: z.string().optional(),
  /** "Personal" for the caller's personal workspace, else the team's name. */
  workspaceName: z.string().optional(),
};

export const SearchProjectHitSchema = z.object({
  kind: z.literal('project'),
  id: z.string(),
  name: z.string(),
  updatedAt: z.string(),
  ...HitWorkspaceShape,
});

export const SearchCollectionHitSchema = z.object({
  kind: z.literal('collection'),
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  ...HitWorkspaceShape,
});

export const SearchTokenHitSchema = z.object({
  kind: z.literal('token'),
  collectionId: z.string(),
  collectionName: z.string(),
  edition: z.number().int(),
  /** The token's trait values, in layer order. */
  traits: z.array(z.object({ type: z.string(), value: z.string() })),
  ...HitWorkspaceShape,
});

export const SearchUserHitSchema = z.object({
  kind: z.literal('user'),
  id: z.string(),
  name: z.string(),
  email: z.string(),
});

export const SearchHitSchema = z.discriminatedUnion('kind', [
  SearchProjectHitSchema,
  SearchCollectionHitSchema,
  SearchTokenHitSchema,
  SearchUserHitSchema,
]);
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** One kind's page of results and how many there are in all. */
export const SearchGroupSchema = z.object({
  kind: SearchKindSchema,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hits: z.array(SearchHitSchema),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

export const search = {
  method: 'GET',
  path: '/api/v1/search',
  querystring: SearchQuerySchema,
  response: successSchema(z.object({ query: z.string(), groups: z.array(SearchGroupSchema) })),
} as const;
