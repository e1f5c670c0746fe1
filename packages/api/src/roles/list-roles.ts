import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { RoleNameSchema } from '../users/user.ts';

/** A role (spec section 3: _id, name). */
export const RoleSchema = z.object({ _id: z.string(), name: RoleNameSchema });
export type Role = z.infer<typeof RoleSchema>;

/** `GET /api/v1/roles`: the roles (public; the spec's sign-up reads it, though sign-up always gets `user`). */
export const listRoles = {
  method: 'GET',
  path: '/api/v1/roles',
  response: successSchema(z.object({ roles: z.array(RoleSchema) })),
} as const;
export type ListRolesResponse = z.infer<typeof listRoles.response>;
