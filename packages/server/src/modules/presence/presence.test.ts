import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/support/sse.ts';
import { createTeam, createTeamProject, type TestTeam } from '../../../test/support/team.ts';
import {
  createTestApp,
  createWebNodes,
  databaseKinds,
  type TestApp,
} from '../../../test/support/test-app.ts';
import type { LoggedInUser } from '../../../test/support/users.ts';
import type { App } from '../../types.ts';
import { eventsAfter } from '../events/user-events.repository.ts';

type Presence = { projectId: string; viewers: { name: string; role: string; you: boolean }[] };

const tab = (name: string) => `tab-${name}-0001`;

async function announce(app: App, user: LoggedInUser, projectId: string, tabId: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/projects/${projectId}/presence`,
    headers: { cookie: user.cookie },
    payload: { tabId },
  });
}

const names = (presence: Presence) => presence.viewers.map((viewer) => viewer.name);

async function presenceEvents(app: App, user: LoggedInUser): Promise<Presence[]> {
  return (await eventsAfter(app.database.db, user.id, 0))
    .filter((event) => event.type === 'presence')
    .map((event) => event.data as Presence);
}

describe.each(databaseKinds)('who has a project open, on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;
  let projectId: string;

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app);
    projectId = await createTeamProject(test.app, team);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('lists the members with the project open and tells those already there when someone arrives', async () => {
    const first = await announce(test.app, team.owner, projectId, tab('owner'));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      projectId,
      viewers: [expect.objectContaining({ name: 'Olive Owner', role: 'owner', you: true })],
    });
    const second = await announce(test.app, team.viewer, projectId, tab('viewer'));
    expect(second.statusCode).toBe(200);
    expect(names(second.json().data)).toEqual(['Olive Owner', 'Vera Viewer']);
    expect(second.json().data.viewers.map((viewer: { you: boolean }) => viewer.you)).toEqual([false, true]);

    // The owner, there first, was told live that Vera arrived; Vera was told nothing about herself.
    const told = await presenceEvents(test.app, team.owner);
    expect(told.map(names)).toEqual([['Olive Owner', 'Vera Viewer']]);
    expect(told[0]?.viewers.find((viewer) => viewer.name === 'Olive Owner')?.you).toBe(true);
    expect(await presenceEvents(test.app, team.viewer)).toEqual([]);

    // A heartbeat that changes nobody's presence tells nobody anything.
    await announce(test.app, team.viewer, projectId, tab('viewer'));
    expect(await presenceEvents(test.app, team.owner)).toHaveLength(1);

    const read = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/presence`,
      headers: { cookie: team.editor.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(names(read.json().data)).toEqual(['Olive Owner', 'Vera Viewer']);
  });

  it('drops a tab that stopped beating, and one that closed, telling the others', async () => {
    await announce(test.app, team.admin, projectId, tab('admin'));
    // The owner's tab stops beating (closed without a word): its time runs out.
    await test.app.database.db
      .updateTable('project_presence')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', team.owner.id)
      .execute();
    const beat = await announce(test.app, team.viewer, projectId, tab('viewer'));
    expect(names(beat.json().data)).toEqual(['Vera Viewer', 'Ada Admin']);
    const toAdmin = await presenceEvents(test.app, team.admin);
    expect(toAdmin.at(-1) && names(toAdmin.at(-1) as Presence)).toEqual(['Vera Viewer', 'Ada Admin']);

    const left = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/presence?tabId=${tab('viewer')}`,
      headers: { cookie: team.viewer.cookie },
    });
    expect(left.statusCode).toBe(200);
    expect(names(left.json().data)).toEqual(['Ada Admin']);
    const afterLeave = await presenceEvents(test.app, team.admin);
    expect(names(afterLeave.at(-1) as Presence)).toEqual(['Ada Admin']);
  });

  it('keeps a member with two tabs present until both have closed', async () => {
    await announce(test.app, team.editor, projectId, tab('editor-a'));
    await announce(test.app, team.editor, projectId, tab('editor-b'));
    const oneClosed = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/presence?tabId=${tab('editor-a')}`,
      headers: { cookie: team.editor.cookie },
    });
    expect(names(oneClosed.json().data)).toContain('Eddie Editor');
    const bothClosed = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${projectId}/presence?tabId=${tab('editor-b')}`,
      headers: { cookie: team.editor.cookie },
    });
    expect(names(bothClosed.json().data)).not.toContain('Eddie Editor');
  });

  it('shows nothing to non-members (404 as for an unknown project) and refuses bad input, writing nothing', async () => {
    const before = await test.app.database.db.selectFrom('project_presence').selectAll().execute();
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/projects/${projectId}/presence` },
      {
        method: 'PUT' as const,
        url: `/api/v1/projects/${projectId}/presence`,
        payload: { tabId: tab('otto') },
      },
      { method: 'DELETE' as const, url: `/api/v1/projects/${projectId}/presence?tabId=${tab('otto')}` },
    ]) {
      const refused = await test.app.inject({ ...request, headers: { cookie: team.outsider.cookie } });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Project not found' });
    }
    expect(await presenceEvents(test.app, team.outsider)).toEqual([]);

    const anonymous = await test.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/presence` });
    expect(anonymous.statusCode).toBe(401);
    const badTab = await announce(test.app, team.editor, projectId, 'x');
    expect(badTab.statusCode).toBe(400);
    expect(badTab.body).toContain('The tab id must be 8 to 64 letters');
    expect(await test.app.database.db.selectFrom('project_presence').selectAll().execute()).toEqual(before);
  });

  it('drops a removed member at once, even with their tab still open', async () => {
    await announce(test.app, team.editor, projectId, tab('editor-c'));
    await test.app.database.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', team.workspaceId)
      .where('user_id', '=', team.editor.id)
      .execute();
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/presence`,
      headers: { cookie: team.admin.cookie },
    });
    expect(names(read.json().data)).not.toContain('Eddie Editor');
    const theirs = await announce(test.app, team.editor, projectId, tab('editor-c'));
    expect(theirs.statusCode).toBe(404);
  });
});

describe('who has a project open, across web nodes (PostgreSQL + Redis)', () => {
  let first: TestApp;
  let second: App;

  beforeAll(async () => {
    ({ first, second } = await createWebNodes());
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a member connected to one node is told live when another opens the project through the other', async () => {
    const team = await createTeam(first.app);
    const projectId = await createTeamProject(first.app, team);
    const base = await second.listen({ port: 0, host: '127.0.0.1' });
    await announce(second, team.owner, projectId, tab('owner'));
    const stream = await openEventStream(`${base}/api/v1/events`, { cookie: team.owner.cookie });
    try {
      await stream.waitFor((event) => event.type === 'ready');
      const arrived = await announce(first.app, team.editor, projectId, tab('editor'));
      expect(names(arrived.json().data)).toEqual(['Olive Owner', 'Eddie Editor']);
      const told = await stream.waitFor((event) => event.type === 'presence');
      expect(names(told.data as Presence)).toEqual(['Olive Owner', 'Eddie Editor']);
    } finally {
      stream.close();
      second.server.closeAllConnections();
    }
  });
});
