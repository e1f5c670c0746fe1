import type { WorkspaceRole } from '@layerloom/api';
import type { App } from '../../src/types.ts';
import { createReadyCollection } from './project-fixture.ts';
import { createUserAndLogin, type LoggedInUser } from './users.ts';

/** A team workspace with one signed-in member of each role, and a signed-in outsider. */
export interface TestTeam {
  workspaceId: string;
  owner: LoggedInUser;
  admin: LoggedInUser;
  editor: LoggedInUser;
  viewer: LoggedInUser;
  outsider: LoggedInUser;
}

/** Makes a team through the API (its maker the owner) and seats an admin, an editor and a viewer in it. */
export async function createTeam(app: App, name = 'Studio'): Promise<TestTeam> {
  const owner = await createUserAndLogin(app, { firstName: 'Olive', lastName: 'Owner' });
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/workspaces',
    headers: { cookie: owner.cookie },
    payload: { name },
  });
  if (created.statusCode !== 201) throw new Error(`create workspace: ${created.body}`);
  const workspaceId: string = created.json().data.workspace.id;
  const seat = async (role: WorkspaceRole, firstName: string) => {
    const user = await createUserAndLogin(app, {
      firstName,
      lastName: role[0]?.toUpperCase() + role.slice(1),
    });
    await app.database.db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: user.id, role, joined_at: new Date().toISOString() })
      .execute();
    return user;
  };
  return {
    workspaceId,
    owner,
    admin: await seat('admin', 'Ada'),
    editor: await seat('editor', 'Eddie'),
    viewer: await seat('viewer', 'Vera'),
    outsider: await createUserAndLogin(app, { firstName: 'Otto', lastName: 'Outsider' }),
  };
}

/** Creates an empty project as the team's owner and puts it in the team's workspace; returns its id. */
export async function createTeamProject(app: App, team: TestTeam, name = 'Team Cats'): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: { cookie: team.owner.cookie },
    payload: { name, description: 'Made in a test', collectionSize: 4, width: 32, height: 32 },
  });
  if (created.statusCode !== 201) throw new Error(`create project: ${created.body}`);
  const id: string = created.json().data.project.id;
  await app.database.db
    .updateTable('projects')
    .set({ workspace_id: team.workspaceId })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * Generates a ready collection (the fixture layers, `size` tokens) as the team's owner and puts it, with its
 * project, in the team's workspace; returns both ids.
 */
export async function createTeamCollection(
  app: App,
  team: TestTeam,
  size = 4,
): Promise<{ collectionId: string; projectId: string }> {
  const collectionId = await createReadyCollection(app, team.owner.cookie, { collectionSize: size });
  const row = await app.database.db
    .selectFrom('collections')
    .select('project_id')
    .where('id', '=', collectionId)
    .executeTakeFirstOrThrow();
  const projectId = row.project_id ?? '';
  await app.database.db
    .updateTable('collections')
    .set({ workspace_id: team.workspaceId })
    .where('id', '=', collectionId)
    .execute();
  await app.database.db
    .updateTable('projects')
    .set({ workspace_id: team.workspaceId })
    .where('id', '=', projectId)
    .execute();
  return { collectionId, projectId };
}
