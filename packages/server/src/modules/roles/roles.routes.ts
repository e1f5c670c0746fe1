import { listRoles, RoleNameSchema } from '@layerloom/api';
import type { App } from '../../types.ts';

/** `GET /api/v1/roles`: the roles, public. */
export async function rolesRoutes(app: App): Promise<void> {
  app.get(
    listRoles.path,
    { schema: { tags: ['users'], summary: 'The roles', response: { 200: listRoles.response } } },
    async () => {
      const rows = await app.database.db
        .selectFrom('roles')
        .select(['id', 'name'])
        .orderBy('id', 'desc')
        .execute();
      return {
        status: 'success' as const,
        data: { roles: rows.map((row) => ({ _id: row.id, name: RoleNameSchema.parse(row.name) })) },
      };
    },
  );
}
