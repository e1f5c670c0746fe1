import { randomBytes } from 'node:crypto';
import type { AddCommentBodySchema, CommentQuery, CommentThread, ReviewComment } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type NotifyDeps, notify } from '../notifications/bell.service.ts';
import { roleAllows } from '../workspaces/resource-access.ts';
import { membersOf, type ReviewResource, requireResourceRole } from './review-access.ts';

type Db = Kysely<Database>;
type AddComment = z.output<typeof AddCommentBodySchema>;
type CommentRow = Database['review_comments'];

/** How much of a comment a mention's notification quotes. */
const QUOTE_LENGTH = 200;

const newId = () => `cmt_${randomBytes(12).toString('hex')}`;

/** What a comment is about, in words: "token #5", "the trait Hat / Crown". */
function targetWords(row: Pick<CommentRow, 'token' | 'layer' | 'trait'>): string {
  return row.token !== null ? `token #${row.token}` : `the trait ${row.layer} / ${row.trait}`;
}

/**
 * Where a mention's notification leads: the token's page, the trait in the rarity view, or the trait's
 * thread in the project editor (which opens it from `?layer=&trait=`).
 */
function linkOf(resource: ReviewResource, row: Pick<CommentRow, 'token' | 'layer' | 'trait'>): string {
  if (row.token !== null) return `/dashboard/collections/${resource.id}/tokens/${row.token}`;
  const trait = new URLSearchParams({ layer: row.layer ?? '', trait: row.trait ?? '' });
  if (resource.kind === 'project')
    return `/dashboard/nft?${new URLSearchParams({ project: resource.id })}&${trait}`;
  return `/dashboard/collections/${resource.id}/rarity?${trait}`;
}

/** The resource's name and what its comments may point at (a collection's size; a project's traits). */
async function subjectOf(db: Db, resource: ReviewResource) {
  if (resource.kind === 'collection') {
    const row = await db
      .selectFrom('collections')
      .select(['name', 'size'])
      .where('id', '=', resource.id)
      .executeTakeFirstOrThrow();
    return { name: row.name, size: Number(row.size), traits: undefined };
  }
  const row = await db
    .selectFrom('projects')
    .select(['name', 'layers'])
    .where('id', '=', resource.id)
    .executeTakeFirstOrThrow();
  const layers = JSON.parse(row.layers) as { name: string; traits: { name: string }[] }[];
  return {
    name: row.name,
    size: undefined,
    traits: new Map(layers.map((layer) => [layer.name, new Set(layer.traits.map((trait) => trait.name))])),
  };
}

/** A thread: the token's, the trait's, or (neither asked) every comment of the resource, oldest first. */
export async function listComments(
  db: Db,
  userId: string,
  resource: ReviewResource,
  query: CommentQuery,
): Promise<CommentThread> {
  const access = await requireResourceRole(db, resource, userId, 'viewer', 'read comments');
  if ((query.layer === undefined) !== (query.trait === undefined))
    throw new AppError('BAD_REQUEST', 'Name both the layer and the trait to read a trait’s comments.', {
      fields: [{ path: query.layer === undefined ? 'layer' : 'trait', message: 'Needed with the other' }],
    });
  let rows = db
    .selectFrom('review_comments')
    .selectAll()
    .where('resource_kind', '=', resource.kind)
    .where('resource_id', '=', resource.id)
    .orderBy('created_at')
    .orderBy('id');
  if (query.token !== undefined) rows = rows.where('token', '=', query.token);
  if (query.layer !== undefined && query.trait !== undefined)
    rows = rows.where('layer', '=', query.layer).where('trait', '=', query.trait);
  const members = await membersOf(db, access.workspaceId);
  const names = new Map(members.map((member) => [member.userId, member.name]));
  const canModerate = roleAllows(access.role, 'admin');
  return {
    comments: (await rows.execute()).map((row) => view(row, names, userId, canModerate)),
    members: members.map(({ userId: id, name }) => ({ userId: id, name })),
    canComment: true,
  };
}

function view(
  row: CommentRow,
  names: Map<string, string>,
  userId: string,
  canModerate: boolean,
): ReviewComment {
  const mentioned = JSON.parse(row.mentions) as string[];
  return {
    id: row.id,
    token: row.token === null ? null : Number(row.token),
    layer: row.layer,
    trait: row.trait,
    // Names are told only for who is a member now; someone who left, or deleted their account, is "A former member".
    author: names.get(row.author_id) ?? 'A former member',
    authorId: row.author_id,
    body: row.body,
    mentions: mentioned.map((id) => ({ userId: id, name: names.get(id) ?? 'A former member' })),
    createdAt: row.created_at,
    canDelete: row.author_id === userId || canModerate,
  };
}

/**
 * Adds a comment to a token's or trait's thread (every member may, Viewers included) and notifies the
 * members it mentions (bell, live, and mail as their settings allow). Nothing is written on a refusal.
 */
export async function addComment(
  deps: NotifyDeps,
  userId: string,
  resource: ReviewResource,
  input: AddComment,
): Promise<ReviewComment> {
  const db = deps.database.db;
  const access = await requireResourceRole(db, resource, userId, 'viewer', 'comment');
  const subject = await subjectOf(db, resource);
  const target = input.target;
  if ('token' in target) {
    if (resource.kind === 'project')
      throw new AppError('BAD_REQUEST', 'A project has no tokens yet: comment on a trait instead.', {
        fields: [{ path: 'target.token', message: 'Only collections have tokens' }],
      });
    if (subject.size !== undefined && target.token > subject.size)
      throw new AppError(
        'BAD_REQUEST',
        `This collection has ${subject.size} ${subject.size === 1 ? 'token' : 'tokens'}: there is no token #${target.token}.`,
        { fields: [{ path: 'target.token', message: `At most ${subject.size}` }] },
      );
  } else if (subject.traits) {
    const traits = subject.traits.get(target.layer);
    if (!traits)
      throw new AppError('BAD_REQUEST', `The project has no layer “${target.layer}”.`, {
        fields: [{ path: 'target.layer', message: 'No such layer' }],
      });
    if (!traits.has(target.trait))
      throw new AppError('BAD_REQUEST', `The layer “${target.layer}” has no trait “${target.trait}”.`, {
        fields: [{ path: 'target.trait', message: 'No such trait' }],
      });
  }
  const members = await membersOf(db, access.workspaceId);
  const names = new Map(members.map((member) => [member.userId, member.name]));
  const mentions = [...new Set(input.mentions)];
  const strangers = mentions.filter((id) => !names.has(id));
  if (strangers.length > 0)
    throw new AppError(
      'BAD_REQUEST',
      strangers.length === 1
        ? 'Someone you mentioned is not a member of this workspace.'
        : `${strangers.length} people you mentioned are not members of this workspace.`,
      { fields: [{ path: 'mentions', message: 'Only members can be mentioned' }] },
    );
  const row: CommentRow = {
    id: newId(),
    resource_kind: resource.kind,
    resource_id: resource.id,
    token: 'token' in target ? target.token : null,
    layer: 'token' in target ? null : target.layer,
    trait: 'token' in target ? null : target.trait,
    author_id: userId,
    body: input.body,
    mentions: JSON.stringify(mentions),
    created_at: new Date().toISOString(),
  };
  await db.insertInto('review_comments').values(row).execute();
  const author = names.get(userId) ?? 'A member';
  const quote = row.body.length > QUOTE_LENGTH ? `${row.body.slice(0, QUOTE_LENGTH - 1)}…` : row.body;
  for (const mentioned of mentions) {
    if (mentioned === userId) continue;
    await notify(deps, mentioned, {
      kind: 'mention',
      title: `${author} mentioned you on ${targetWords(row)} of “${subject.name}”`,
      body: quote,
      link: linkOf(resource, row),
    });
  }
  return view(row, names, userId, roleAllows(access.role, 'admin'));
}

/** Deletes a comment: its author may, and an Owner or Admin may delete anyone's. */
export async function deleteComment(
  db: Db,
  userId: string,
  resource: ReviewResource,
  commentId: string,
): Promise<void> {
  const access = await requireResourceRole(db, resource, userId, 'viewer', 'delete comments');
  const row = await db
    .selectFrom('review_comments')
    .select(['author_id'])
    .where('id', '=', commentId)
    .where('resource_kind', '=', resource.kind)
    .where('resource_id', '=', resource.id)
    .executeTakeFirst();
  if (!row) throw notFound('Comment');
  if (row.author_id !== userId && !roleAllows(access.role, 'admin'))
    throw new AppError('FORBIDDEN', 'Only its author, an Owner or an Admin can delete this comment.');
  await db.deleteFrom('review_comments').where('id', '=', commentId).execute();
}
