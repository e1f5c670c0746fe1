import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject, createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTeam, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser } from '../../../test/support/users.ts';

/** Deleting an account takes its personal work with it; what it made in a team stays with the team. */
describe.each(databaseKinds)('deleting an account that works in teams on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;

  const call = (method: 'GET' | 'POST', url: string, user: LoggedInUser, payload?: object) =>
    test.app.inject({ method, url, payload, remoteAddress: freshIp(), headers: { cookie: user.cookie } });
  const remove = (user: LoggedInUser) =>
    call('POST', '/api/v1/account/delete', user, { password: user.password, confirmation: 'DELETE' });

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it("hands a leaving member's team projects and collections to the team's owner, and removes only their personal work", async () => {
    const db = test.app.database.db;
    const teamProject = await createFixtureProject(test.app, team.editor.cookie, {
      collectionSize: 4,
      name: 'Team Cats',
    });
    await db
      .updateTable('projects')
      .set({ workspace_id: team.workspaceId })
      .where('id', '=', teamProject)
      .execute();
    const generated = await call('POST', `/api/v1/projects/${teamProject}/generate`, team.editor);
    expect(generated.statusCode, generated.body).toBe(202);
    const teamCollection: string = generated.json().data.collection.id;
    for (let attempt = 0; attempt < 300; attempt++) {
      const read = await call('GET', `/api/v1/collections/${teamCollection}`, team.owner);
      if (read.json().data.collection.progress.status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const personalCollection = await createReadyCollection(test.app, team.editor.cookie, {
      collectionSize: 2,
    });

    const removed = await remove(team.editor);
    expect(removed.statusCode, removed.body).toBe(200);

    for (const url of [`/api/v1/projects/${teamProject}`, `/api/v1/collections/${teamCollection}`]) {
      expect((await call('GET', url, team.owner)).statusCode, url).toBe(200);
    }
    const kept = await db
      .selectFrom('collections')
      .select('owner_id')
      .where('id', '=', teamCollection)
      .executeTakeFirst();
    expect(kept?.owner_id).toBe(team.owner.id);
    const ownerOfProject = await db
      .selectFrom('projects')
      .select('owner_id')
      .where('id', '=', teamProject)
      .executeTakeFirst();
    expect(ownerOfProject?.owner_id).toBe(team.owner.id);
    // The collection's files are still there for the team.
    const image = await call('GET', `/api/v1/collections/${teamCollection}/images/1.png`, team.owner);
    expect(image.statusCode).toBe(200);
    expect(
      await db.selectFrom('collections').select('id').where('id', '=', personalCollection).executeTakeFirst(),
    ).toBeUndefined();
  }, 120_000);

  it("refuses the team's only owner while the team has members, naming it, and removes nothing", async () => {
    const before = await test.app.database.db.selectFrom('workspace_members').selectAll().execute();
    const refused = await remove(team.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'You are the only owner of Studio. Make another member an owner, or delete the team, before deleting your account: its work stays with the team.',
    );
    expect(await test.app.database.db.selectFrom('workspace_members').selectAll().execute()).toEqual(before);
    expect((await call('GET', '/api/v1/workspaces', team.owner)).statusCode).toBe(200);
  });

  it('deletes a team its owner made and left empty along with the account', async () => {
    const loner = await createUserAndLogin(test.app, { firstName: 'Lone' });
    const made = await call('POST', '/api/v1/workspaces', loner, { name: 'Empty Studio' });
    expect(made.statusCode).toBe(201);
    expect((await remove(loner)).statusCode).toBe(200);
    const left = await test.app.database.db
      .selectFrom('workspaces')
      .select('id')
      .where('id', '=', made.json().data.workspace.id)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });
});
