import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createTeam, createTeamProject, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import type { LoggedInUser } from '../../../test/support/users.ts';

type Entry = { actor: string; action: string; subject: string };

describe.each(databaseKinds)('the activity log of resource actions, on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;
  let projectId: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const activity = async (user: LoggedInUser, query = '') =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/workspaces/${team.workspaceId}/activity${query}`,
        headers: as(user),
      })
    ).json().data.entries as Entry[];

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app);
    projectId = await createTeamProject(test.app, team, 'Studio Cats');
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('records uploads, rule changes, generations and approvals with who did them (publications: approval.test)', async () => {
    const withLayer = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}`,
      headers: as(team.editor),
      payload: { collectionSize: 2, layers: [{ name: 'Hat' }], rules: [] },
    });
    expect(withLayer.statusCode, withLayer.body).toBe(200);
    const layerId: string = withLayer.json().data.project.layers[0].id;
    const png = (color: string) =>
      sharp({ create: { width: 16, height: 16, channels: 4, background: color } })
        .png()
        .toBuffer();
    const body = multipartFiles([
      { filename: 'Cap.png', bytes: await png('#000000') },
      { filename: 'Crown.png', bytes: await png('#ffd700') },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/layers/${layerId}/traits`,
      headers: { ...as(team.editor), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const generated = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: as(team.editor),
    });
    expect(generated.statusCode, generated.body).toBe(202);
    const collectionId: string = generated.json().data.collection.id;
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: `/api/v1/collections/${collectionId}/approval`,
          headers: as(team.admin),
        })
      ).statusCode,
    ).toBe(200);

    const log = await activity(team.viewer);
    expect(log.slice(0, 4).map(({ actor, action, subject }) => [actor, action, subject])).toEqual([
      ['Ada Admin', 'collection.approved', 'Studio Cats'],
      ['Eddie Editor', 'collection.generated', 'Studio Cats (2 tokens)'],
      ['Eddie Editor', 'traits.uploaded', 'Studio Cats: 2 traits in Hat'],
      ['Eddie Editor', 'rules.changed', 'Studio Cats: 0 rules'],
    ]);
  });

  it('filters by member and by action, exports the same as CSV, and refuses non-members', async () => {
    const byEditor = await activity(team.owner, `?member=${team.editor.id}`);
    expect(new Set(byEditor.map((entry) => entry.actor))).toEqual(new Set(['Eddie Editor']));
    expect(byEditor.map((entry) => entry.action)).toEqual([
      'collection.generated',
      'traits.uploaded',
      'rules.changed',
    ]);
    const uploads = await activity(team.owner, '?action=traits.uploaded');
    expect(uploads).toHaveLength(1);
    const csv = await test.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${team.workspaceId}/activity.csv?member=${team.editor.id}`,
      headers: as(team.viewer),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toEqual([
      'Time (UTC),Who,What,Details',
      expect.stringMatching(/,Eddie Editor,Generated a collection,Studio Cats \(2 tokens\)$/),
      expect.stringMatching(/,Eddie Editor,Uploaded traits,Studio Cats: 2 traits in Hat$/),
      expect.stringMatching(/,Eddie Editor,Changed the rules,Studio Cats: 0 rules$/),
    ]);
    const outsider = await test.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${team.workspaceId}/activity?member=${team.editor.id}`,
      headers: as(team.outsider),
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('tells a member who left as "A former member"', async () => {
    await test.app.database.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', team.workspaceId)
      .where('user_id', '=', team.editor.id)
      .execute();
    const byEditor = await activity(team.owner, `?member=${team.editor.id}`);
    expect(new Set(byEditor.map((entry) => entry.actor))).toEqual(new Set(['A former member']));
  });
});
