import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import {
  collectionAccess,
  personalWorkspaceId,
  projectAccess,
  requireCollectionRole,
  requireProjectRole,
  resolveWorkspaceForCreate,
  roleAllows,
} from './resource-access.ts';

describe('roleAllows', () => {
  it('ranks owner over admin over editor over viewer', () => {
    expect(roleAllows('owner', 'admin')).toBe(true);
    expect(roleAllows('admin', 'admin')).toBe(true);
    expect(roleAllows('editor', 'admin')).toBe(false);
    expect(roleAllows('viewer', 'viewer')).toBe(true);
    expect(roleAllows('viewer', 'editor')).toBe(false);
  });
});

describe.each(databaseKinds)('resource access on %s', (kind) => {
  let test: TestApp;
  let ada: LoggedInUser;
  let grace: LoggedInUser;
  let eve: LoggedInUser;
  let team: string;
  let projectId: string;
  const db = () => test.app.database.db;

  beforeAll(async () => {
    test = await createTestApp(kind);
    ada = await createUserAndLogin(test.app);
    grace = await createUserAndLogin(test.app);
    eve = await createUserAndLogin(test.app);
    const made = await test.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: { cookie: ada.cookie },
      payload: { name: 'Studio' },
    });
    team = made.json().data.workspace.id;
    await db()
      .insertInto('workspace_members')
      .values({ workspace_id: team, user_id: grace.id, role: 'viewer', joined_at: new Date().toISOString() })
      .execute();
    const project = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: ada.cookie },
      payload: { name: 'Moons', description: '', collectionSize: 10, width: 64, height: 64 },
    });
    projectId = project.json().data.project.id;
    await db().updateTable('projects').set({ workspace_id: team }).where('id', '=', projectId).execute();
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('gives every new account its personal workspace, and puts a new project there', async () => {
    const personal = await personalWorkspaceId(db(), eve.id);
    expect(personal).toBe(`wsp_${eve.id}`);
    const row = await db().selectFrom('workspaces').selectAll().where('id', '=', personal).executeTakeFirst();
    expect(row).toMatchObject({ name: 'Personal', created_by: eve.id });
    expect(Number(row?.personal)).toBe(1);
  });

  it('reads the role in the resource’s workspace, and nothing for a non-member', async () => {
    expect(await projectAccess(db(), projectId, grace.id)).toEqual({ workspaceId: team, role: 'viewer' });
    expect(await projectAccess(db(), projectId, ada.id)).toEqual({ workspaceId: team, role: 'owner' });
    expect(await projectAccess(db(), projectId, eve.id)).toBeUndefined();
    expect(await projectAccess(db(), 'missing', ada.id)).toBeUndefined();
    expect(await collectionAccess(db(), 'missing', ada.id)).toBeUndefined();
  });

  it('answers 404 to a non-member and 403 with the role to a member below the need', async () => {
    await expect(requireProjectRole(db(), projectId, eve.id, 'viewer', 'see it')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Project not found',
    });
    await expect(
      requireProjectRole(db(), projectId, grace.id, 'editor', 'edit the project'),
    ).rejects.toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Your role in this workspace (Viewer) cannot edit the project.',
    });
    expect(await requireProjectRole(db(), projectId, grace.id, 'viewer', 'see it')).toEqual({
      workspaceId: team,
      role: 'viewer',
    });
    await expect(requireCollectionRole(db(), 'missing', ada.id, 'viewer', 'see it')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Collection not found',
    });
  });

  it('creates in the personal workspace by default, in a named one for a role high enough', async () => {
    expect(await resolveWorkspaceForCreate(db(), grace.id, undefined, 'editor')).toBe(`wsp_${grace.id}`);
    expect(await resolveWorkspaceForCreate(db(), ada.id, team, 'editor')).toBe(team);
    await expect(resolveWorkspaceForCreate(db(), grace.id, team, 'editor')).rejects.toMatchObject({
      statusCode: 403,
      message: 'Your role in this workspace (Viewer) cannot create projects in it.',
    });
    await expect(resolveWorkspaceForCreate(db(), eve.id, team, 'editor')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Workspace not found',
    });
  });
});
