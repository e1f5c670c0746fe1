import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { UserIdParamsSchema, UserSchema } from './user.ts';

/** What an admin did to a user's account. */
export const AdminActionKindSchema = z.enum(['approve', 'reject', 'plan', 'deactivate', 'reactivate']);
export type AdminActionKind = z.infer<typeof AdminActionKindSchema>;

/** One entry of a user's admin log: who did what, and when. */
export const AdminActionSchema = z.object({
  id: z.string(),
  action: AdminActionKindSchema,
  /** The admin's name and email, or null once that admin's account is gone. */
  admin: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** What changed, in words (e.g. "free → pro", the rejection reason). */
  detail: z.string(),
  createdAt: z.string(),
});
export type AdminAction = z.infer<typeof AdminActionSchema>;

/**
 * `PATCH /api/v1/users/{id}/active` (admin): deactivates (`active: false`: the user cannot sign in and
 * their sessions end) or reactivates a user. An admin cannot deactivate themselves.
 */
export const setUserActive = {
  method: 'PATCH',
  path: '/api/v1/users/:id/active',
  params: UserIdParamsSchema,
  body: z.object({ active: z.boolean({ message: 'Active must be true or false' }) }),
  response: successSchema(z.object({ user: UserSchema, deactivatedAt: z.string().nullable() })),
} as const;
export type SetUserActiveResponse = z.infer<typeof setUserActive.response>;

/** `GET /api/v1/users/{id}/admin-actions` (admin): the user's most recent admin actions, newest first. */
export const listAdminActions = {
  method: 'GET',
  path: '/api/v1/users/:id/admin-actions',
  params: UserIdParamsSchema,
  response: successSchema(z.object({ actions: z.array(AdminActionSchema) })),
} as const;
export type ListAdminActionsResponse = z.infer<typeof listAdminActions.response>;
