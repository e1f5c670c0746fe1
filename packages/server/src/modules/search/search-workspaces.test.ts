import type { SearchGroup, WorkspaceRole } from '@layerloom/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTeam,
  createTeamCollection,
  createTeamProject,
  type TestTeam,
} from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { freshIp, type LoggedInUser } from '../../../test/support/users.ts';

const members: WorkspaceRole[] = ['owner', 'admin', 'editor', 'viewer'];

describe.each(databaseKinds)("the header search across a member's workspaces, on %s", (kind) => {
  let test: TestApp;
  let team: TestTeam;
  let teamCollection: string;
  let teamProject: string;

  const send = (user: LoggedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      remoteAddress: freshIp(),
      ...(payload ? { payload } : {}),
    });
  const search = async (user: LoggedInUser, q: string, searchKind: string) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v1/search',
      query: { q, kind: searchKind, pageSize: '50' },
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [group] = response.json().data.groups as SearchGroup[];
    if (!group) throw new Error('no group');
    return group;
  };
  /** Makes a project in the user's personal workspace. */
  const personalProject = async (user: LoggedInUser, name: string) => {
    const created = await send(user, 'POST', '/api/v1/projects', {
      name,
      description: '',
      collectionSize: 4,
      width: 32,
      height: 32,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.project.id as string;
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app, 'Nebula Studio');
    ({ collectionId: teamCollection } = await createTeamCollection(test.app, team, 3));
    teamProject = await createTeamProject(test.app, team, 'Nebula Moons');
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it("finds the team's projects, collections and tokens for every role, each labeled with the workspace", async () => {
    const teamLabel = { workspaceId: team.workspaceId, workspaceName: 'Nebula Studio' };
    for (const role of members) {
      const user = team[role];
      expect((await search(user, 'nebula moons', 'project')).hits, role).toEqual([
        expect.objectContaining({ id: teamProject, name: 'Nebula Moons', ...teamLabel }),
      ]);
      const collections = await search(user, 'fixture', 'collection');
      expect(collections.hits, role).toEqual([expect.objectContaining({ id: teamCollection, ...teamLabel })]);
      const tokens = await search(user, '#2', 'token');
      expect(tokens.hits, role).toEqual([
        expect.objectContaining({ collectionId: teamCollection, edition: 2, ...teamLabel }),
      ]);
    }
  });

  it("finds a member's personal work beside the team's, labeled Personal, and nothing of another member's", async () => {
    const own = await personalProject(team.viewer, 'Nebula Sketches');
    const theirs = await personalProject(team.editor, 'Nebula Secrets');
    const hits = (await search(team.viewer, 'nebula', 'project')).hits;
    expect(hits).toHaveLength(2);
    expect(hits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: teamProject, workspaceName: 'Nebula Studio' }),
        expect.objectContaining({
          id: own,
          workspaceId: `wsp_${team.viewer.id}`,
          workspaceName: 'Personal',
        }),
      ]),
    );
    expect(hits.map((hit) => (hit.kind === 'project' ? hit.id : ''))).not.toContain(theirs);
  });

  it('finds nothing of the team for someone who is not a member', async () => {
    for (const [q, searchKind] of [
      ['nebula', 'project'],
      ['fixture', 'collection'],
      ['#2', 'token'],
    ] as const) {
      const group = await search(team.outsider, q, searchKind);
      expect(group, `${searchKind} ${q}`).toMatchObject({ total: 0, hits: [] });
    }
  });

  it('follows a project moved out of the team: its members no longer find it, its new workspace does', async () => {
    const moved = await send(team.owner, 'POST', `/api/v1/projects/${teamProject}/move`, {
      workspaceId: `wsp_${team.owner.id}`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await search(team.admin, 'nebula moons', 'project')).total).toBe(0);
    expect((await search(team.owner, 'nebula moons', 'project')).hits).toEqual([
      expect.objectContaining({ id: teamProject, workspaceName: 'Personal' }),
    ]);
  });

  it('finds nothing of the team for a former member, from their next search on', async () => {
    expect((await search(team.admin, 'fixture', 'collection')).total).toBe(1);
    const removed = await send(
      team.owner,
      'DELETE',
      `/api/v1/workspaces/${team.workspaceId}/members/${team.admin.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    for (const [q, searchKind] of [
      ['fixture', 'collection'],
      ['#2', 'token'],
    ] as const) {
      expect(await search(team.admin, q, searchKind), `${searchKind} ${q}`).toMatchObject({
        total: 0,
        hits: [],
      });
    }
    expect((await search(team.viewer, 'fixture', 'collection')).total).toBe(1);
  });
});
