import { z } from 'zod';

/** Where an account stands in the admin approval flow. */
export const AccountStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** The names of the roles; a user's `role` is the role's id, which equals its name. */
export const RoleNameSchema = z.enum(['user', 'admin']);
export type RoleName = z.infer<typeof RoleNameSchema>;

/** Whether the user has confirmed their email address. */
export const EmailStatusSchema = z.enum(['unverified', 'verified']);
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

export const PlanIdSchema = z.enum(['free', 'starter', 'pro', 'enterprise']);

/** A user as the API shows it (spec section 3: _id, name.first, name.last, email, avatar, role, status, accountAccepted). */
export const UserSchema = z.object({
  _id: z.string(),
  name: z.object({ first: z.string(), last: z.string() }),
  email: z.string(),
  avatar: z.string().nullable(),
  /** The role's id (`user` or `admin`). */
  role: RoleNameSchema,
  /** Email verification: `unverified` until the mailed link is opened. */
  status: EmailStatusSchema,
  accountAccepted: z.object({ status: AccountStatusSchema, reason: z.string().nullable() }),
  planId: PlanIdSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** A user id in a path. */
export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
