import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { AccountStatusSchema, PlanIdSchema, UserIdParamsSchema, UserSchema } from './user.ts';

/**
 * `GET /api/v1/users` (admin): users, newest first, optionally only one account status and a search
 * by name or email, paginated. Each user says whether an admin or its owner has deactivated it.
 */
export const listUsers = {
  method: 'GET',
  path: '/api/v1/users',
  querystring: z.object({
    status: AccountStatusSchema.optional(),
    search: z.string().trim().max(100, 'The search is at most 100 characters').optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  }),
  response: successSchema(
    z.object({
      users: z.array(UserSchema.extend({ deactivatedAt: z.string().nullable().optional() })),
      page: z.number(),
      pageSize: z.number(),
      total: z.number(),
    }),
  ),
} as const;
export type ListUsersResponse = z.infer<typeof listUsers.response>;

/**
 * `PATCH /api/v1/users/update-account-status/{id}` (admin): approves (reason defaults to "OK") or
 * rejects (reason required) an account and mails the user.
 */
export const updateAccountStatus = {
  method: 'PATCH',
  path: '/api/v1/users/update-account-status/:id',
  params: UserIdParamsSchema,
  body: z.object({
    accountAccepted: z
      .object({
        status: z.enum(['approved', 'rejected'], { message: 'Status must be approved or rejected' }),
        reason: z.string().trim().max(500, 'The reason is at most 500 characters').optional(),
      })
      .refine((value) => value.status === 'approved' || (value.reason ?? '') !== '', {
        path: ['reason'],
        message: 'Please give a reason for the rejection',
      }),
  }),
  response: successSchema(z.object({ user: UserSchema })),
} as const;
export type UpdateAccountStatusResponse = z.infer<typeof updateAccountStatus.response>;

/** `PATCH /api/v1/users/{id}/plan` (admin): sets the user's plan. */
export const updateUserPlan = {
  method: 'PATCH',
  path: '/api/v1/users/:id/plan',
  params: UserIdParamsSchema,
  body: z.object({ planId: PlanIdSchema }),
  response: successSchema(z.object({ user: UserSchema })),
} as const;
export type UpdateUserPlanResponse = z.infer<typeof updateUserPlan.response>;
