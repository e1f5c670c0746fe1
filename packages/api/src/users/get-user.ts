import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { UserIdParamsSchema, UserSchema } from './user.ts';

/** `GET /api/v1/users/{id}`: one user; the user themself or an admin only. */
export const getUser = {
  method: 'GET',
  path: '/api/v1/users/:id',
  params: UserIdParamsSchema,
  response: successSchema(z.object({ user: UserSchema })),
} as const;
export type GetUserResponse = z.infer<typeof getUser.response>;
