import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/**
 * A collection's approval before launch:
 * - not_required: its workspace does not ask for one;
 * - waiting: required and not given (or the collection changed since: then `lapsedAt` says when);
 * - approved: an Owner or Admin approved it as it is now.
 */
export const ApprovalStateSchema = z.enum(['not_required', 'waiting', 'approved']);
export type ApprovalState = z.infer<typeof ApprovalStateSchema>;

export const CollectionApprovalSchema = z.object({
  state: ApprovalStateSchema,
  /** Whether the workspace requires an approval before publishing or deploying. */
  required: z.boolean(),
  /** The standing approval: who gave it and when (null when none, or when it lapsed). */
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** When an earlier approval lapsed because the metadata or art changed after it (null otherwise). */
  lapsedAt: z.string().nullable(),
  /** Whether the caller may approve (Owners and Admins). */
  canApprove: z.boolean(),
});
export type CollectionApproval = z.infer<typeof CollectionApprovalSchema>;

const Params = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/v1/collections/:id/approval`: whether the collection is approved for launch. */
export const getCollectionApproval = {
  method: 'GET',
  path: '/api/v1/collections/:id/approval',
  params: Params,
  response: successSchema(z.object({ approval: CollectionApprovalSchema })),
} as const;

/** `POST /api/v1/collections/:id/approval`: an Owner or Admin approves the collection as it is now. */
export const approveCollection = {
  method: 'POST',
  path: '/api/v1/collections/:id/approval',
  params: Params,
  response: successSchema(z.object({ approval: CollectionApprovalSchema })),
} as const;

/** `DELETE /api/v1/collections/:id/approval`: an Owner or Admin withdraws the approval. */
export const withdrawCollectionApproval = {
  method: 'DELETE',
  path: '/api/v1/collections/:id/approval',
  params: Params,
  response: successSchema(z.object({ approval: CollectionApprovalSchema })),
} as const;

export const ReviewSettingsSchema = z.object({
  /** Publishing and deploying a collection of the workspace need an Owner's or Admin's approval. */
  requireApproval: z.boolean(),
  /** Whether the caller may change them (Owners and Admins). */
  canChange: z.boolean(),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

/** `GET /api/v1/workspaces/:id/review-settings`: whether launches need an approval (every member reads it). */
export const getReviewSettings = {
  method: 'GET',
  path: '/api/v1/workspaces/:id/review-settings',
  params: Params,
  response: successSchema(z.object({ settings: ReviewSettingsSchema })),
} as const;

export const ReviewSettingsBodySchema = z.object({
  requireApproval: z.boolean({ message: 'Say whether an approval is required (true or false)' }),
});

/** `PUT /api/v1/workspaces/:id/review-settings`: Owners and Admins turn the approval step on or off. */
export const saveReviewSettings = {
  method: 'PUT',
  path: '/api/v1/workspaces/:id/review-settings',
  params: Params,
  body: ReviewSettingsBodySchema,
  response: successSchema(z.object({ settings: ReviewSettingsSchema })),
} as const;
