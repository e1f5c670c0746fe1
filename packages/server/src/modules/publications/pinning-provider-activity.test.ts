import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { freshIp, type LoggedInUser } from '../../../test/support/users.ts';

describe.each(databaseKinds)("a team's pinning provider in its activity log, on %s", (kind) => {
  let test: TestApp;
  let team: TestTeam;

  const send = (user: LoggedInUser, method: 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      remoteAddress: freshIp(),
      ...(payload ? { payload } : {}),
    });
  const teamUrl = () => `/api/v1/pinning-provider?workspace=${team.workspaceId}`;
  const pinningEntries = async () => {
    const read = await send(team.owner, 'GET', `/api/v1/workspaces/${team.workspaceId}/activity`);
    expect(read.statusCode).toBe(200);
    return (read.json().data.entries as { actor: string; action: string; subject: string }[])
      .filter((entry) => entry.action.startsWith('pinning.'))
      .map(({ actor, action, subject }) => `${actor}: ${action} ${subject}`);
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app, 'Pin Studio');
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('logs who saved the provider (with the end of its token) and who removed it, newest first', async () => {
    const saved = await send(team.admin, 'PUT', teamUrl(), {
      endpoint: 'https://pin.example.com/',
      token: 'secret-token-9f3a',
    });
    expect(saved.statusCode).toBe(200);
    const removed = await send(team.owner, 'DELETE', teamUrl());
    expect(removed.statusCode).toBe(200);
    expect(await pinningEntries()).toEqual([
      'Olive Owner: pinning.removed https://pin.example.com',
      'Ada Admin: pinning.saved https://pin.example.com (token ending in 9f3a)',
    ]);
    // Removing again finds nothing to remove, and logs nothing.
    expect((await send(team.owner, 'DELETE', teamUrl())).statusCode).toBe(200);
    expect(await pinningEntries()).toHaveLength(2);
  });

  it('logs nothing for a refused save, nor for a personal workspace (which keeps no activity log)', async () => {
    const before = await test.app.database.db.selectFrom('workspace_activity').select('id').execute();
    const refused = await send(team.editor, 'PUT', teamUrl(), {
      endpoint: 'https://pin.example.com',
      token: 'editor-token',
    });
    expect(refused.statusCode).toBe(403);
    const personal = await send(team.owner, 'PUT', '/api/v1/pinning-provider', {
      endpoint: 'https://pin.example.com',
      token: 'own-token-1234',
    });
    expect(personal.statusCode).toBe(200);
    expect((await send(team.owner, 'DELETE', '/api/v1/pinning-provider')).statusCode).toBe(200);
    const after = await test.app.database.db.selectFrom('workspace_activity').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
