import type { WorkspaceRole } from '@layerloom/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KuboStandIn, startKuboStandIn } from '../../../test/support/kubo-stand-in.ts';
import { createTeam, createTeamCollection, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser } from '../../../test/support/users.ts';
import { open, seal, secretKey } from './ipfs-secret-box.ts';
import { pinningCredentials } from './pinning-provider.service.ts';

const members: WorkspaceRole[] = ['owner', 'admin', 'editor', 'viewer'];

describe.each(databaseKinds)("a workspace's pinning provider, on %s", (kind) => {
  let test: TestApp;
  let kubo: KuboStandIn;
  let team: TestTeam;
  let collectionId: string;

  const send = (
    user: LoggedInUser | undefined,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    payload?: object,
  ) =>
    test.app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      remoteAddress: freshIp(),
      ...(payload ? { payload } : {}),
    });
  const teamUrl = () => `/api/v1/pinning-provider?workspace=${team.workspaceId}`;
  const rows = () => test.app.database.db.selectFrom('workspace_pinning_providers').selectAll().execute();

  /** Publishes the team's collection to IPFS as `user` and waits for the upload to end; answers its state. */
  async function publishAs(user: LoggedInUser) {
    const url = `/api/v1/collections/${collectionId}/publication/ipfs`;
    const started = await send(user, 'POST', url);
    expect(started.statusCode, started.body).toBe(202);
    for (let attempt = 0; attempt < 300; attempt++) {
      const { upload } = (await send(user, 'GET', url)).json().data;
      if (['succeeded', 'failed', 'cancelled'].includes(upload.status)) return upload;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the upload did not finish');
  }

  beforeAll(async () => {
    kubo = await startKuboStandIn();
    test = await createTestApp(kind, { IPFS_TIMEOUT_MS: '2000' });
    team = await createTeam(test.app, 'Pin Studio');
    ({ collectionId } = await createTeamCollection(test.app, team, 2));
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await kubo?.close();
  });

  it('is read by every member, and is not found for anyone else or without a session', async () => {
    for (const role of members) {
      const read = await send(team[role], 'GET', teamUrl());
      expect(read.statusCode, `${role}: ${read.body}`).toBe(200);
      expect(read.json().data).toEqual({ provider: null });
    }
    const outsider = await send(team.outsider, 'GET', teamUrl());
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error.message).toBe('Workspace not found');
    expect((await send(team.owner, 'GET', '/api/v1/pinning-provider?workspace=ws_nowhere')).statusCode).toBe(
      404,
    );
    expect((await send(undefined, 'GET', teamUrl())).statusCode).toBe(401);
  });

  it('is saved and removed by Owners and Admins only; Editors and Viewers get 403, outsiders 404, and nothing is written', async () => {
    const body = { endpoint: kubo.url, token: kubo.token };
    for (const role of ['editor', 'viewer'] as const) {
      const refused = await send(team[role], 'PUT', teamUrl(), body);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.message).toBe(
        `Your role in this workspace (${role === 'editor' ? 'Editor' : 'Viewer'}) cannot change the workspace's pinning provider.`,
      );
    }
    expect((await send(team.outsider, 'PUT', teamUrl(), body)).statusCode).toBe(404);
    expect(await rows()).toEqual([]);

    const byOwner = await send(team.owner, 'PUT', teamUrl(), { endpoint: kubo.url, token: 'owner-token-1' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const byAdmin = await send(team.admin, 'PUT', teamUrl(), body);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.body).not.toContain(kubo.token);
    for (const role of members) {
      const read = await send(team[role], 'GET', teamUrl());
      expect(read.body).not.toContain(kubo.token);
      expect(read.json().data.provider).toEqual({
        endpoint: kubo.url,
        tokenLast4: kubo.token.slice(-4),
        updatedAt: expect.any(String),
      });
    }
    // One row, the team's, its token sealed for the team (no one's personal provider was touched).
    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ workspace_id: team.workspaceId, updated_by: team.admin.id });
    expect(open(secretKey(test.app.config), row?.token_sealed ?? '', team.workspaceId)).toBe(kubo.token);
    expect((await send(team.admin, 'GET', '/api/v1/pinning-provider')).json().data.provider).toBeNull();

    for (const role of ['editor', 'viewer'] as const) {
      expect((await send(team[role], 'DELETE', teamUrl())).statusCode).toBe(403);
    }
    expect((await send(team.outsider, 'DELETE', teamUrl())).statusCode).toBe(404);
    expect(await rows()).toHaveLength(1);
  });

  it("uploads a team collection to the team's provider, not the publisher's own", async () => {
    // The Admin's personal provider is the same address with a token the provider refuses.
    const personal = await send(team.admin, 'PUT', '/api/v1/pinning-provider', {
      endpoint: kubo.url,
      token: 'admins-own-token',
    });
    expect(personal.statusCode).toBe(200);
    const received = kubo.received.length;
    const upload = await publishAs(team.admin);
    expect(upload.status, upload.error ?? '').toBe('succeeded');
    const sent = kubo.received.slice(received);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((car) => car.authorization))).toEqual(new Set([`Bearer ${kubo.token}`]));
  }, 60_000);

  it('refuses a team collection whose workspace has no provider, naming the team, even when the publisher has one', async () => {
    const removed = await send(team.owner, 'DELETE', teamUrl());
    expect(removed.statusCode).toBe(200);
    expect((await send(team.viewer, 'GET', teamUrl())).json().data.provider).toBeNull();
    const other = await createTeamCollection(test.app, team, 1);
    const refused = await send(
      team.admin,
      'POST',
      `/api/v1/collections/${other.collectionId}/publication/ipfs`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Pin Studio has no pinning provider yet: an Owner or Admin of the workspace saves one (its API address and access token) first.',
    );
    expect(
      (await send(team.admin, 'GET', `/api/v1/collections/${other.collectionId}/publication/ipfs`)).json()
        .data.upload,
    ).toBeNull();
  }, 60_000);

  it('keeps working for a personal provider sealed for its user before the move to workspaces', async () => {
    const user = await createUserAndLogin(test.app);
    const workspaceId = `wsp_${user.id}`;
    await test.app.database.db
      .insertInto('workspace_pinning_providers')
      .values({
        workspace_id: workspaceId,
        endpoint: kubo.url,
        token_sealed: seal(secretKey(test.app.config), 'legacy-token-1234', user.id),
        token_last4: '1234',
        updated_by: user.id,
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect(await pinningCredentials(test.app, workspaceId)).toEqual({
      endpoint: kubo.url,
      token: 'legacy-token-1234',
    });
    // The same sealed value under a team's row is not opened: it is bound to the user, not to the team.
    await test.app.database.db
      .updateTable('workspace_pinning_providers')
      .set({ workspace_id: team.workspaceId })
      .where('workspace_id', '=', workspaceId)
      .execute();
    await expect(pinningCredentials(test.app, team.workspaceId)).rejects.toThrow(
      'The saved access token can no longer be read by this server',
    );
  });

  it('is no longer read or changed by a member who was removed from the team', async () => {
    const removed = await send(
      team.owner,
      'DELETE',
      `/api/v1/workspaces/${team.workspaceId}/members/${team.editor.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await send(team.editor, 'GET', teamUrl())).statusCode).toBe(404);
    expect(
      (await send(team.editor, 'PUT', teamUrl(), { endpoint: kubo.url, token: kubo.token })).statusCode,
    ).toBe(404);
  });
});
