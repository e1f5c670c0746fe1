import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTeam, createTeamProject, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { freshIp, type LoggedInUser } from '../../../test/support/users.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';

/** API keys and webhook endpoints belong to a workspace: its Owners and Admins manage them, a key works only there. */
describe.each(databaseKinds)('API keys and webhook endpoints of a workspace on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;

  const as = (user: LoggedInUser) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    test.app.inject({ method, url, payload, headers: { cookie: user.cookie }, remoteAddress: freshIp() });
  const withKey = (secret: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${secret}` },
      remoteAddress: freshIp(),
    });
  const personalOf = (user: LoggedInUser) => `wsp_${user.id}`;

  async function teamKey(user: LoggedInUser, scopes: string[]) {
    const created = await as(user)('POST', '/api/v1/api-keys', {
      name: `${user.email} key`,
      scopes,
      workspaceId: team.workspaceId,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data as { key: { id: string; workspaceId: string }; secret: string };
  }

  beforeAll(async () => {
    test = await createTestApp(kind, { ALLOW_PRIVATE_URLS: 'true' });
    team = await createTeam(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it("lets the team's Owners and Admins make and list its keys, naming who made each; others are refused and nothing is written", async () => {
    const made = await teamKey(team.owner, ['read']);
    expect(made.key.workspaceId).toBe(team.workspaceId);
    await teamKey(team.admin, ['read', 'webhooks']);

    const byEditor = await as(team.editor)('POST', '/api/v1/api-keys', {
      name: 'Mine',
      scopes: ['read'],
      workspaceId: team.workspaceId,
    });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().error.message).toBe(
      'Your role in this workspace (Editor) cannot create API keys for it.',
    );
    const byOutsider = await as(team.outsider)('POST', '/api/v1/api-keys', {
      name: 'Mine',
      scopes: ['read'],
      workspaceId: team.workspaceId,
    });
    expect(byOutsider.statusCode).toBe(404);

    const listed = await as(team.admin)('GET', `/api/v1/api-keys?workspace=${team.workspaceId}`);
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .data.keys.map((key: { createdBy: { name: string } }) => key.createdBy.name)
        .sort(),
    ).toEqual(['Ada Admin', 'Olive Owner']);
    const byViewer = await as(team.viewer)('GET', `/api/v1/api-keys?workspace=${team.workspaceId}`);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.message).toBe(
      "Your role in this workspace (Viewer) cannot manage this workspace's API keys.",
    );
    expect(
      (await as(team.outsider)('GET', `/api/v1/api-keys?workspace=${team.workspaceId}`)).statusCode,
    ).toBe(404);
    // The personal list (the default) holds none of the team's keys.
    expect((await as(team.owner)('GET', '/api/v1/api-keys')).json().data.keys).toEqual([]);
  });

  it("lets an Admin revoke any of the team's keys, and nobody outside revoke or read them", async () => {
    const { key, secret } = await teamKey(team.owner, ['read']);
    expect((await as(team.outsider)('DELETE', `/api/v1/api-keys/${key.id}`)).statusCode).toBe(404);
    expect((await as(team.editor)('GET', `/api/v1/api-keys/${key.id}/uses`)).statusCode).toBe(404);
    expect((await withKey(secret)('GET', '/api/v1/projects')).statusCode).toBe(200);

    const revoked = await as(team.admin)('DELETE', `/api/v1/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.key).toMatchObject({ status: 'revoked', createdBy: { name: 'Olive Owner' } });
    expect((await withKey(secret)('GET', '/api/v1/projects')).statusCode).toBe(401);
  });

  it('keeps a key to its workspace: lists and new endpoints default to it, another workspace is refused or not found', async () => {
    const { secret } = await teamKey(team.owner, ['read', 'webhooks']);
    const key = withKey(secret);
    const personalProject = await as(team.owner)('POST', '/api/v1/projects', {
      name: 'Only mine',
      collectionSize: 2,
      width: 32,
      height: 32,
    });
    expect(personalProject.statusCode, personalProject.body).toBe(201);
    const teamProject = await createTeamProject(test.app, team, 'Shared cats');

    // The owner's personal project is out of the team key's reach, as for someone outside.
    const mine = await key('GET', `/api/v1/projects/${personalProject.json().data.project.id}`);
    expect(mine.statusCode).toBe(404);
    expect(mine.json().error.message).toBe('Project not found');
    expect((await key('GET', `/api/v1/projects/${teamProject}`)).statusCode).toBe(200);

    const elsewhere = await key('GET', `/api/v1/webhooks?workspace=${personalOf(team.owner)}`);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toMatch(/works in one workspace only/);

    const endpoint = await key('POST', '/api/v1/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['generation.finished'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    expect(endpoint.json().data.endpoint.workspaceId).toBe(team.workspaceId);
    const refused = await key('POST', '/api/v1/webhooks', {
      url: 'http://127.0.0.1:9/other',
      events: ['generation.finished'],
      workspaceId: personalOf(team.owner),
    });
    expect(refused.statusCode).toBe(403);
    const listed = await key('GET', '/api/v1/webhooks');
    expect(listed.json().data.endpoints.map((row: { url: string }) => row.url)).toEqual([
      'http://127.0.0.1:9/hooks',
    ]);
    expect((await as(team.owner)('GET', '/api/v1/webhooks')).json().data.endpoints).toEqual([]);
  });

  it('stops a key at once when its maker leaves the workspace, saying why', async () => {
    const { secret } = await teamKey(team.admin, ['read']);
    expect((await withKey(secret)('GET', '/api/v1/projects')).statusCode).toBe(200);
    const removed = await as(team.owner)(
      'DELETE',
      `/api/v1/workspaces/${team.workspaceId}/members/${team.admin.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await withKey(secret)('GET', '/api/v1/projects');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toMatch(/no longer a member of its workspace/);
    // Its managers still see it, made by "A former member".
    const listed = (await as(team.owner)('GET', `/api/v1/api-keys?workspace=${team.workspaceId}`)).json().data
      .keys;
    expect(
      listed.some(
        (key: { createdBy: { id: string | null; name: string } }) =>
          key.createdBy.name === 'A former member' && key.createdBy.id === null,
      ),
    ).toBe(true);
  });

  it("sends a collection's events to the endpoints of the workspace the collection belongs to", async () => {
    const db = test.app.database.db;
    const hook = async (url: string, workspaceId?: string) => {
      const created = await as(team.owner)('POST', '/api/v1/webhooks', {
        url,
        events: ['collection.published'],
        ...(workspaceId ? { workspaceId } : {}),
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().data.endpoint.id as string;
    };
    const teamHook = await hook('http://127.0.0.1:9/team-events', team.workspaceId);
    const personalHook = await hook('http://127.0.0.1:9/personal-events');
    const collectionId = await createReadyCollection(test.app, team.owner.cookie, { collectionSize: 2 });
    const deliveriesTo = async (id: string) =>
      (await db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id).execute()).length;

    await emitWebhookEvent(test.app, team.owner.id, 'collection.published', { collectionId });
    expect([await deliveriesTo(personalHook), await deliveriesTo(teamHook)]).toEqual([1, 0]);

    // The same collection once it belongs to the team: the team's endpoint gets the event, the personal one not.
    await db
      .updateTable('collections')
      .set({ workspace_id: team.workspaceId })
      .where('id', '=', collectionId)
      .execute();
    await emitWebhookEvent(test.app, team.owner.id, 'collection.published', { collectionId });
    expect([await deliveriesTo(personalHook), await deliveriesTo(teamHook)]).toEqual([1, 1]);
  });
});
