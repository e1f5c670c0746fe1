import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 2000;
/** The most members one comment may mention. */
export const COMMENT_MAX_MENTIONS = 20;

const NameSchema = (what: string) =>
  z
    .string({ message: `Name the ${what}` })
    .trim()
    .min(1, `Name the ${what}`)
    .max(100, `The ${what}'s name can be at most 100 characters`);

/** What a comment is about: one token of a collection, or one trait of a layer. */
export const CommentTargetSchema = z.union([
  z.object({
    token: z.coerce
      .number({ message: 'The token must be a number' })
      .int('The token must be a whole number')
      .min(1, 'Tokens are numbered from 1'),
  }),
  z.object({ layer: NameSchema('layer'), trait: NameSchema('trait') }),
]);
export type CommentTarget = z.infer<typeof CommentTargetSchema>;

/** One comment of a thread. */
export const ReviewCommentSchema = z.object({
  id: z.string(),
  /** The token it is about, or null for a trait. */
  token: z.number().int().nullable(),
  layer: z.string().nullable(),
  trait: z.string().nullable(),
  /** The author's name, or "A former member" once they left the workspace or deleted their account. */
  author: z.string(),
  authorId: z.string(),
  body: z.string(),
  /** The members it mentions, by name. */
  mentions: z.array(z.object({ userId: z.string(), name: z.string() })),
  createdAt: z.string(),
  /** Whether the caller may delete it (its author, or an Owner or Admin). */
  canDelete: z.boolean(),
});
export type ReviewComment = z.infer<typeof ReviewCommentSchema>;

export const AddCommentBodySchema = z.object({
  target: CommentTargetSchema,
  body: z
    .string({ message: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(COMMENT_MAX_LENGTH, `A comment can be at most ${COMMENT_MAX_LENGTH} characters`),
  /** The user ids of the workspace members it mentions (each is notified). */
  mentions: z
    .array(z.string().min(1).max(64))
    .max(COMMENT_MAX_MENTIONS, `A comment can mention at most ${COMMENT_MAX_MENTIONS} members`)
    .default([]),
});
export type AddCommentInput = z.input<typeof AddCommentBodySchema>;

/** Which thread to read: one token's, one trait's, or (neither) all of the resource's comments. */
export const CommentQuerySchema = z.object({
  token: z.coerce.number().int().min(1, 'Tokens are numbered from 1').optional(),
  layer: z.string().trim().min(1).max(100).optional(),
  trait: z.string().trim().min(1).max(100).optional(),
});
export type CommentQuery = z.infer<typeof CommentQuerySchema>;

/** A thread, oldest first, with who may be mentioned in it. */
export const CommentThreadSchema = z.object({
  comments: z.array(ReviewCommentSchema),
  /** The workspace's members (for @mentions). */
  members: z.array(z.object({ userId: z.string(), name: z.string() })),
  /** Whether the caller may comment (every member may). */
  canComment: z.boolean(),
});
export type CommentThread = z.infer<typeof CommentThreadSchema>;

const Params = z.object({ id: z.string().min(1).max(64) });
const CommentParams = z.object({ id: z.string().min(1).max(64), commentId: z.string().min(1).max(64) });

/** `GET /api/v1/collections/:id/comments`: a token's or trait's thread (every member, Viewer and up). */
export const listCollectionComments = {
  method: 'GET',
  path: '/api/v1/collections/:id/comments',
  params: Params,
  querystring: CommentQuerySchema,
  response: successSchema(CommentThreadSchema),
} as const;

/** `POST /api/v1/collections/:id/comments`: comments on a token or trait; mentioned members are notified. */
export const addCollectionComment = {
  method: 'POST',
  path: '/api/v1/collections/:id/comments',
  params: Params,
  body: AddCommentBodySchema,
  response: successSchema(z.object({ comment: ReviewCommentSchema })),
} as const;

/** `DELETE /api/v1/collections/:id/comments/:commentId`: its author, or an Owner or Admin, deletes it. */
export const deleteCollectionComment = {
  method: 'DELETE',
  path: '/api/v1/collections/:id/comments/:commentId',
  params: CommentParams,
  response: successSchema(z.object({ deleted: z.literal(true) })),
} as const;

/** `GET /api/v1/projects/:id/comments`: a trait's thread in the project editor. */
export const listProjectComments = {
  method: 'GET',
  path: '/api/v1/projects/:id/comments',
  params: Params,
  querystring: CommentQuerySchema,
  response: successSchema(CommentThreadSchema),
} as const;

/** `POST /api/v1/projects/:id/comments`: comments on a trait of the project (tokens exist only in collections). */
export const addProjectComment = {
  method: 'POST',
  path: '/api/v1/projects/:id/comments',
  params: Params,
  body: AddCommentBodySchema,
  response: successSchema(z.object({ comment: ReviewCommentSchema })),
} as const;

/** `DELETE /api/v1/projects/:id/comments/:commentId`. */
export const deleteProjectComment = {
  method: 'DELETE',
  path: '/api/v1/projects/:id/comments/:commentId',
  params: CommentParams,
  response: successSchema(z.object({ deleted: z.literal(true) })),
} as const;
