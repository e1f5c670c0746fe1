import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createTeamCollection, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { type LoggedInUser, mailsTo } from '../../../test/support/users.ts';

describe.each(databaseKinds)('comments with mentions, on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;
  let collectionId: string;
  let projectId: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const comments = () => `/api/v1/collections/${collectionId}/comments`;
  const post = (user: LoggedInUser, payload: object, url = comments()) =>
    test.app.inject({ method: 'POST', url, headers: as(user), payload });
  const stored = async () =>
    (await test.app.database.db.selectFrom('review_comments').select('id').execute()).length;
  const bell = async (user: LoggedInUser) =>
    (await test.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(user) })).json().data
      .notifications as { kind: string; title: string; body: string; link: string }[];

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app);
    ({ collectionId, projectId } = await createTeamCollection(test.app, team));
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('lets a Viewer comment on a token, and tells a mentioned member by bell and mail with a link to it', async () => {
    const added = await post(team.viewer, {
      target: { token: 2 },
      body: '@Eddie Editor the hat clips the ear here',
      mentions: [team.editor.id],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.comment).toMatchObject({
      token: 2,
      layer: null,
      author: 'Vera Viewer',
      body: '@Eddie Editor the hat clips the ear here',
      mentions: [{ userId: team.editor.id, name: 'Eddie Editor' }],
      canDelete: true,
    });
    const [notice] = await bell(team.editor);
    expect(notice).toMatchObject({
      kind: 'mention',
      title: 'Vera Viewer mentioned you on token #2 of “Fixture Cats”',
      body: '@Eddie Editor the hat clips the ear here',
      link: `/dashboard/collections/${collectionId}/tokens/2`,
    });
    const mails = await mailsTo(test.app, team.editor.email);
    expect(mails.some((mail) => mail.subject.includes('Vera Viewer mentioned you'))).toBe(true);

    const thread = await test.app.inject({
      method: 'GET',
      url: `${comments()}?token=2`,
      headers: as(team.owner),
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().data.comments.map((comment: { body: string }) => comment.body)).toEqual([
      '@Eddie Editor the hat clips the ear here',
    ]);
    expect(thread.json().data.members.map((member: { name: string }) => member.name)).toEqual([
      'Ada Admin',
      'Eddie Editor',
      'Olive Owner',
      'Vera Viewer',
    ]);
    const otherToken = await test.app.inject({
      method: 'GET',
      url: `${comments()}?token=3`,
      headers: as(team.owner),
    });
    expect(otherToken.json().data.comments).toEqual([]);
  });

  it('comments on a trait, and mails no one whose Mentions mails are off (the bell still tells them)', async () => {
    const off = await test.app.inject({
      method: 'PUT',
      url: '/api/v1/account/notifications',
      headers: as(team.admin),
      payload: { mentions: false },
    });
    expect(off.json().data.preferences.mentions).toBe(false);
    const mailsBefore = (await mailsTo(test.app, team.admin.email)).length;
    const added = await post(team.editor, {
      target: { layer: 'Hat', trait: 'Crown' },
      body: 'Is the crown too bright?',
      mentions: [team.admin.id, team.editor.id],
    });
    expect(added.statusCode).toBe(201);
    const [notice] = await bell(team.admin);
    expect(notice).toMatchObject({
      title: 'Eddie Editor mentioned you on the trait Hat / Crown of “Fixture Cats”',
      link: `/dashboard/collections/${collectionId}/rarity?layer=Hat&trait=Crown`,
    });
    expect(await mailsTo(test.app, team.admin.email)).toHaveLength(mailsBefore);
    // Mentioning yourself tells you nothing.
    expect((await bell(team.editor)).filter((item) => item.title.startsWith('Eddie Editor'))).toEqual([]);
    const thread = await test.app.inject({
      method: 'GET',
      url: `${comments()}?layer=Hat&trait=Crown`,
      headers: as(team.viewer),
    });
    expect(thread.json().data.comments).toEqual([
      expect.objectContaining({ body: 'Is the crown too bright?', canDelete: false }),
    ]);
  });

  it('refuses an empty, too long or misplaced comment and a mention of a non-member, writing nothing', async () => {
    const before = await stored();
    const cases: [object, number, RegExp][] = [
      [{ target: { token: 1 }, body: '   ' }, 400, /Write a comment/],
      [{ target: { token: 1 }, body: 'x'.repeat(2001) }, 400, /at most 2000 characters/],
      [{ target: { token: 0 }, body: 'Hi' }, 400, /numbered from 1/],
      [{ target: { token: 5 }, body: 'Hi' }, 400, /This collection has 4 tokens: there is no token #5\./],
      [{ target: { layer: '', trait: 'Crown' }, body: 'Hi' }, 400, /Name the layer/],
      [
        { target: { token: 1 }, body: 'Hi @Otto', mentions: [team.outsider.id] },
        400,
        /Someone you mentioned is not a member of this workspace\./,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const refused = await post(team.editor, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.body).toMatch(message);
    }
    expect(await stored()).toBe(before);
    expect(await bell(team.outsider)).toEqual([]);
  });

  it('shows nothing to a non-member (404) or a visitor (401)', async () => {
    const before = await stored();
    const reads = await test.app.inject({ method: 'GET', url: comments(), headers: as(team.outsider) });
    expect(reads.statusCode).toBe(404);
    expect(reads.json().error.message).toBe('Collection not found');
    expect((await post(team.outsider, { target: { token: 1 }, body: 'Hi' })).statusCode).toBe(404);
    const anonymous = await test.app.inject({ method: 'GET', url: comments() });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('lets the author or an Owner or Admin delete a comment, and no one else', async () => {
    const byViewer = (await post(team.viewer, { target: { token: 1 }, body: 'Mine' })).json().data.comment.id;
    const byEditor = (await post(team.editor, { target: { token: 1 }, body: 'Theirs' })).json().data.comment
      .id;
    const remove = (user: LoggedInUser, id: string) =>
      test.app.inject({ method: 'DELETE', url: `${comments()}/${id}`, headers: as(user) });
    const refused = await remove(team.viewer, byEditor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Only its author, an Owner or an Admin can delete this comment.',
    );
    expect((await remove(team.outsider, byViewer)).statusCode).toBe(404);
    expect((await remove(team.viewer, byViewer)).statusCode).toBe(200);
    expect((await remove(team.admin, byEditor)).statusCode).toBe(200);
    expect((await remove(team.admin, byEditor)).statusCode).toBe(404);
    const left = await test.app.inject({
      method: 'GET',
      url: `${comments()}?token=1`,
      headers: as(team.owner),
    });
    expect(left.json().data.comments).toEqual([]);
  });

  it('comments on a trait in the project editor, refusing a token or a trait the project does not have', async () => {
    const url = `/api/v1/projects/${projectId}/comments`;
    const token = await post(team.viewer, { target: { token: 1 }, body: 'Hi' }, url);
    expect(token.statusCode).toBe(400);
    expect(token.json().error.message).toBe('A project has no tokens yet: comment on a trait instead.');
    const unknown = await post(team.viewer, { target: { layer: 'Hat', trait: 'Beret' }, body: 'Hi' }, url);
    expect(unknown.json().error.message).toBe('The layer “Hat” has no trait “Beret”.');
    const added = await post(
      team.viewer,
      {
        target: { layer: 'Body', trait: 'Red' },
        body: 'Warmer red? @Eddie Editor',
        mentions: [team.editor.id],
      },
      url,
    );
    expect(added.statusCode).toBe(201);
    // The mention leads to the editor with the trait's thread open.
    const [notice] = await bell(team.editor);
    expect(notice?.link).toBe(`/dashboard/nft?project=${projectId}&layer=Body&trait=Red`);
    const thread = await test.app.inject({ method: 'GET', url, headers: as(team.editor) });
    expect(thread.json().data.comments.map((comment: { body: string }) => comment.body)).toEqual([
      'Warmer red? @Eddie Editor',
    ]);
  });

  it('keeps a comment whose author left, by "A former member"', async () => {
    await post(team.viewer, { target: { token: 4 }, body: 'Last word' });
    const left = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/workspaces/${team.workspaceId}/members/${team.viewer.id}`,
      headers: as(team.viewer),
    });
    expect(left.statusCode).toBe(200);
    const thread = await test.app.inject({
      method: 'GET',
      url: `${comments()}?token=4`,
      headers: as(team.owner),
    });
    expect(thread.json().data.comments).toEqual([
      expect.objectContaining({ author: 'A former member', body: 'Last word', canDelete: true }),
    ]);
    expect((await post(team.viewer, { target: { token: 4 }, body: 'Again' })).statusCode).toBe(404);
  });
});
