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

const open = (app: App, user: LoggedInUser, projectId: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/projects/${projectId}/presence`,
    headers: { cookie: user.cookie },
    payload: { tabId: `tab-${user.id.slice(-8)}-0001` },
  });
const save = (app: App, user: LoggedInUser, projectId: string, payload: object, ifMatch?: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/projects/${projectId}`,
    headers: { cookie: user.cookie, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload,
  });
const savedEvents = async (app: App, user: LoggedInUser) =>
  (await eventsAfter(app.database.db, user.id, 0))
    .filter((event) => event.type === 'project.saved')
    .map((event) => event.data);

describe.each(databaseKinds)('a save reaches the members with the project open, on %s', (kind) => {
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

  it('tells the others who have it open (not the saver, not members without it open) the new version and who saved', async () => {
    expect((await open(test.app, team.owner, projectId)).statusCode).toBe(200);
    expect((await open(test.app, team.editor, projectId)).statusCode).toBe(200);
    const saved = await save(test.app, team.editor, projectId, { description: 'Warmer colours' });
    expect(saved.statusCode).toBe(200);
    const version = saved.json().data.project.version;
    expect(await savedEvents(test.app, team.owner)).toEqual([{ projectId, version, by: 'Eddie Editor' }]);
    expect(await savedEvents(test.app, team.editor)).toEqual([]);
    expect(await savedEvents(test.app, team.admin)).toEqual([]);
    expect(await savedEvents(test.app, team.outsider)).toEqual([]);
  });

  it('tells no one of a refused save (a stale If-Match, a Viewer)', async () => {
    await open(test.app, team.viewer, projectId);
    const stale = await save(test.app, team.editor, projectId, { description: 'Old' }, '"1"');
    expect(stale.statusCode).toBe(412);
    const byViewer = await save(test.app, team.viewer, projectId, { description: 'Mine' });
    expect(byViewer.statusCode).toBe(403);
    expect(await savedEvents(test.app, team.owner)).toHaveLength(1);
    expect(await savedEvents(test.app, team.viewer)).toEqual([]);
  });
});

describe('a save reaches the members with the project open, across web nodes (PostgreSQL + Redis)', () => {
  let first: TestApp;
  let second: App;

  beforeAll(async () => {
    ({ first, second } = await createWebNodes());
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a member connected to one node is told live of a save made through the other', async () => {
    const team = await createTeam(first.app);
    const projectId = await createTeamProject(first.app, team);
    const base = await second.listen({ port: 0, host: '127.0.0.1' });
    await open(second, team.owner, projectId);
    const stream = await openEventStream(`${base}/api/v1/events`, { cookie: team.owner.cookie });
    try {
      await stream.waitFor((event) => event.type === 'ready');
      const saved = await save(first.app, team.editor, projectId, { name: 'Team Cats 2' });
      expect(saved.statusCode).toBe(200);
      const told = await stream.waitFor((event) => event.type === 'project.saved');
      expect(told.data).toEqual({
        projectId,
        version: saved.json().data.project.version,
        by: 'Eddie Editor',
      });
    } finally {
      stream.close();
      second.server.closeAllConnections();
    }
  });
});
