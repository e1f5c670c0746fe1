import type { WorkspaceRole } from '@layerloom/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';

const client = (test: () => TestApp) => (user: LoggedInUser | null) => {
  const headers = user ? { cookie: user.cookie } : {};
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    test().app.inject({ method, url, payload, headers, remoteAddress: freshIp() });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: object) => send('POST', url, payload),
    patch: (url: string, payload: object) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
};

/** The token of the newest invitation link mailed to the address (the outbox lists newest first). */
async function invitationToken(test: TestApp, email: string): Promise<string> {
  const mails = await mailsTo(test.app, email);
  const link = mails[0]?.text.match(/\/invitations\/([\w-]+)/)?.[1];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return link;
}

describe.each(databaseKinds)('team workspaces on %s', (kind) => {
  let test: TestApp;
  const as = client(() => test);
  let owner: LoggedInUser;
  let admin: LoggedInUser;
  let editor: LoggedInUser;
  let viewer: LoggedInUser;
  let stranger: LoggedInUser;
  let workspaceId: string;

  /** Invites the user with the role (as the owner) and accepts as them, through the mailed link. */
  async function join(user: LoggedInUser, role: WorkspaceRole) {
    const invited = await as(owner).post(`/api/v1/workspaces/${workspaceId}/invitations`, {
      email: user.email,
      role,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await invitationToken(test, user.email);
    const accepted = await as(user).post(`/api/v1/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.workspace).toMatchObject({ id: workspaceId, role });
  }

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await createUserAndLogin(test.app, { firstName: 'Ada', lastName: 'Lovelace' });
    admin = await createUserAndLogin(test.app, { firstName: 'Alan', lastName: 'Turing' });
    editor = await createUserAndLogin(test.app, { firstName: 'Grace', lastName: 'Hopper' });
    viewer = await createUserAndLogin(test.app, { firstName: 'Edsger', lastName: 'Dijkstra' });
    stranger = await createUserAndLogin(test.app, { firstName: 'Eve', lastName: 'Stranger' });
    const created = await as(owner).post('/api/v1/workspaces', { name: '  Moon Studio ' });
    expect(created.statusCode).toBe(201);
    workspaceId = created.json().data.workspace.id;
    await join(admin, 'admin');
    await join(editor, 'editor');
    await join(viewer, 'viewer');
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('makes a workspace whose maker is its owner, lists it for each member with their role', async () => {
    const listed = (await as(owner).get('/api/v1/workspaces')).json().data.workspaces;
    expect(listed).toEqual([
      expect.objectContaining({ name: 'Personal', personal: true, role: 'owner', memberCount: 1 }),
      expect.objectContaining({
        id: workspaceId,
        name: 'Moon Studio',
        personal: false,
        role: 'owner',
        memberCount: 4,
      }),
    ]);
    expect((await as(viewer).get('/api/v1/workspaces')).json().data.workspaces[1].role).toBe('viewer');
    expect((await as(stranger).get('/api/v1/workspaces')).json().data.workspaces).toEqual([
      expect.objectContaining({ name: 'Personal', personal: true, role: 'owner' }),
    ]);
    const workspace = (await as(editor).get(`/api/v1/workspaces/${workspaceId}`)).json().data.workspace;
    expect(workspace.members.map((m: { name: string; role: string }) => `${m.name} ${m.role}`)).toEqual([
      'Ada Lovelace owner',
      'Alan Turing admin',
      'Grace Hopper editor',
      'Edsger Dijkstra viewer',
    ]);
    // Who is invited is for those who manage members.
    expect(workspace.invitations).toEqual([]);
  });

  it('refuses a blank or long name with its reason, and writes nothing', async () => {
    const blank = await as(owner).post('/api/v1/workspaces', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual([{ path: 'name', message: 'Give the workspace a name' }]);
    const long = await as(owner).post('/api/v1/workspaces', { name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect((await as(owner).get('/api/v1/workspaces')).json().data.workspaces).toHaveLength(2);
  });

  it('hides a workspace from non-members (404, as for an unknown id), and answers 401 without a session', async () => {
    for (const response of [
      await as(stranger).get(`/api/v1/workspaces/${workspaceId}`),
      await as(stranger).patch(`/api/v1/workspaces/${workspaceId}`, { name: 'Mine' }),
      await as(stranger).delete(`/api/v1/workspaces/${workspaceId}`),
      await as(stranger).post(`/api/v1/workspaces/${workspaceId}/invitations`, {
        email: 'x@example.com',
        role: 'viewer',
      }),
      await as(stranger).patch(`/api/v1/workspaces/${workspaceId}/members/${viewer.id}`, { role: 'editor' }),
      await as(stranger).delete(`/api/v1/workspaces/${workspaceId}/members/${viewer.id}`),
      await as(stranger).get(`/api/v1/workspaces/${workspaceId}/activity`),
      await as(stranger).get(`/api/v1/workspaces/${workspaceId}/activity.csv`),
      await as(owner).get('/api/v1/workspaces/ws_missing'),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toBe('Workspace not found');
    }
    expect((await as(null).get('/api/v1/workspaces')).statusCode).toBe(401);
    expect((await as(null).post('/api/v1/workspaces', { name: 'x' })).statusCode).toBe(401);
  });

  it('lets each role do what it may and refuses the rest (403 with the reason, nothing written)', async () => {
    const base = `/api/v1/workspaces/${workspaceId}`;
    const refusals: [
      LoggedInUser,
      () => Promise<{ statusCode: number; json: () => { error: { message: string } } }>,
      string,
    ][] = [
      [
        viewer,
        () => as(viewer).patch(base, { name: 'V' }),
        'Only owners and admins can rename the workspace.',
      ],
      [
        editor,
        () => as(editor).patch(base, { name: 'E' }),
        'Only owners and admins can rename the workspace.',
      ],
      [admin, () => as(admin).delete(base), 'Only owners can delete the workspace.'],
      [
        editor,
        () => as(editor).post(`${base}/invitations`, { email: 'new@example.com', role: 'viewer' }),
        'Only owners and admins can invite members.',
      ],
      [
        admin,
        () => as(admin).post(`${base}/invitations`, { email: 'new@example.com', role: 'owner' }),
        'Only owners can invite another owner.',
      ],
      [
        editor,
        () => as(editor).patch(`${base}/members/${viewer.id}`, { role: 'editor' }),
        'Only owners and admins can change roles.',
      ],
      [
        admin,
        () => as(admin).patch(`${base}/members/${owner.id}`, { role: 'viewer' }),
        'Only owners can change who is an owner.',
      ],
      [
        admin,
        () => as(admin).patch(`${base}/members/${editor.id}`, { role: 'owner' }),
        'Only owners can change who is an owner.',
      ],
      [
        viewer,
        () => as(viewer).delete(`${base}/members/${editor.id}`),
        'Only owners and admins can remove members.',
      ],
      [admin, () => as(admin).delete(`${base}/members/${owner.id}`), 'Only owners can remove an owner.'],
    ];
    const before = (await as(owner).get(base)).json().data.workspace;
    const activityBefore = (await as(owner).get(`${base}/activity`)).json().data.entries.length;
    for (const [, call, message] of refusals) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(message);
    }
    expect((await as(owner).get(base)).json().data.workspace).toEqual(before);
    expect((await as(owner).get(`${base}/activity`)).json().data.entries).toHaveLength(activityBefore);
    expect(await mailsTo(test.app, 'new@example.com')).toEqual([]);

    // What they may: an admin renames and changes an editor's role; the owner deletes (below, another workspace).
    expect((await as(admin).patch(base, { name: 'Moon Studio Ltd' })).statusCode).toBe(200);
    expect((await as(admin).patch(`${base}/members/${viewer.id}`, { role: 'editor' })).statusCode).toBe(200);
    expect((await as(admin).patch(`${base}/members/${viewer.id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await as(owner).get(base)).json().data.workspace.name).toBe('Moon Studio Ltd');
  });

  it('mails an invitation with its link; the link says what it is for, and only the invited address accepts it', async () => {
    const invited = await as(admin).post(`/api/v1/workspaces/${workspaceId}/invitations`, {
      email: 'Linus@Example.com',
      role: 'editor',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data.invitation).toMatchObject({
      email: 'linus@example.com',
      role: 'editor',
      invitedBy: 'Alan Turing',
      expired: false,
    });
    const [mail] = await mailsTo(test.app, 'linus@example.com');
    expect(mail?.subject).toBe('Alan Turing invited you to Moon Studio Ltd on Layerloom');
    expect(mail?.text).toContain('as Editor: Works on projects');
    const token = await invitationToken(test, 'linus@example.com');
    const preview = await as(null).get(`/api/v1/invitations/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.invitation).toMatchObject({
      workspaceName: 'Moon Studio Ltd',
      invitedBy: 'Alan Turing',
      role: 'editor',
      email: 'l•••@example.com',
      status: 'pending',
    });
    expect((await as(null).get(`/api/v1/invitations/${'x'.repeat(43)}`)).statusCode).toBe(404);

    // Someone else signed in cannot take it.
    const wrong = await as(stranger).post(`/api/v1/invitations/${token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(
      'This invitation is for l•••@example.com. Log in with that account to accept it.',
    );
    expect((await as(null).post(`/api/v1/invitations/${token}/accept`)).statusCode).toBe(401);

    // Inviting again sends a new link; the old one stops working. Withdrawn, the new one stops too.
    await as(owner).post(`/api/v1/workspaces/${workspaceId}/invitations`, {
      email: 'linus@example.com',
      role: 'viewer',
    });
    const newer = await invitationToken(test, 'linus@example.com');
    expect(newer).not.toBe(token);
    expect((await as(null).get(`/api/v1/invitations/${token}`)).json().data.invitation.status).toBe(
      'revoked',
    );
    const pending = (await as(owner).get(`/api/v1/workspaces/${workspaceId}`)).json().data.workspace
      .invitations;
    expect(pending).toEqual([expect.objectContaining({ email: 'linus@example.com', role: 'viewer' })]);
    const withdrawn = await as(admin).delete(
      `/api/v1/workspaces/${workspaceId}/invitations/${pending[0].id}`,
    );
    expect(withdrawn.statusCode).toBe(200);
    const linus = await createUserAndLogin(test.app, { email: 'linus@example.com', firstName: 'Linus' });
    const refused = await as(linus).post(`/api/v1/invitations/${newer}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This invitation was withdrawn. Ask for a new one if you still need it.',
    );
    expect(
      (await as(linus).get('/api/v1/workspaces')).json().data.workspaces.map((w: { id: string }) => w.id),
    ).toEqual([`wsp_${linus.id}`]);
  });

  it('refuses to invite a member, and an expired link', async () => {
    const member = await as(owner).post(`/api/v1/workspaces/${workspaceId}/invitations`, {
      email: editor.email,
      role: 'viewer',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe(`${editor.email} is a member already.`);
    const late = await createUserAndLogin(test.app, { email: 'late@example.com' });
    await as(owner).post(`/api/v1/workspaces/${workspaceId}/invitations`, {
      email: late.email,
      role: 'viewer',
    });
    const token = await invitationToken(test, late.email);
    await test.app.database.db
      .updateTable('workspace_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', late.email)
      .execute();
    const expired = await as(late).post(`/api/v1/invitations/${token}/accept`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toBe('This invitation expired after 7 days. Ask for a new one.');
  });

  it('keeps an owner: the last one can neither be demoted nor leave', async () => {
    const base = `/api/v1/workspaces/${workspaceId}`;
    const demote = await as(owner).patch(`${base}/members/${owner.id}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('A workspace needs an owner: make someone else Owner first.');
    const leave = await as(owner).delete(`${base}/members/${owner.id}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error.message).toBe(
      'You are the only owner: make someone else Owner before you leave, or delete the workspace.',
    );
  });

  it('ends a removed member’s access with their next request, and logs them as a former member', async () => {
    const base = `/api/v1/workspaces/${workspaceId}`;
    expect((await as(viewer).get(base)).statusCode).toBe(200);
    expect((await as(admin).delete(`${base}/members/${viewer.id}`)).statusCode).toBe(200);
    expect((await as(viewer).get(base)).statusCode).toBe(404);
    expect((await as(viewer).get(`${base}/activity`)).statusCode).toBe(404);
    const entries = (await as(owner).get(`${base}/activity`)).json().data.entries;
    expect(entries[0]).toMatchObject({
      actor: 'Alan Turing',
      action: 'member.removed',
      subject: 'A former member (Viewer)',
    });
    // The viewer's own "Joined" entry stays, told as a former member's.
    expect(
      entries.find(
        (entry: { action: string; actor: string }) =>
          entry.action === 'member.joined' && entry.actor === 'A former member',
      ),
    ).toBeTruthy();
  });

  it('filters the activity log by action and day, and exports it as CSV', async () => {
    const base = `/api/v1/workspaces/${workspaceId}/activity`;
    const invited = (await as(editor).get(`${base}?action=member.invited`)).json().data.entries;
    expect(invited.length).toBeGreaterThanOrEqual(4);
    expect(new Set(invited.map((entry: { action: string }) => entry.action))).toEqual(
      new Set(['member.invited']),
    );
    expect(invited.at(-1)).toMatchObject({ actor: 'Ada Lovelace', subject: `${admin.email} as Admin` });
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await as(editor).get(`${base}?from=${today}&to=${today}`)).json().data.entries.length,
    ).toBeGreaterThan(10);
    expect((await as(editor).get(`${base}?to=2000-01-01`)).json().data.entries).toEqual([]);
    const backwards = await as(editor).get(`${base}?from=${today}&to=2000-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('The start of the period must not be after its end.');
    expect((await as(editor).get(`${base}?action=member.exploded`)).statusCode).toBe(400);

    const csv = await as(editor).get(`${base}.csv?action=workspace.renamed`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Who,What,Details');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z,Alan Turing,Renamed the workspace,“Moon Studio” → “Moon Studio Ltd”$/,
      ),
    ]);
  });

  it('deletes a workspace for its owner only; its members lose it at once', async () => {
    const other = (await as(editor).post('/api/v1/workspaces', { name: 'Side Project' })).json().data
      .workspace;
    await as(editor).post(`/api/v1/workspaces/${other.id}/invitations`, {
      email: admin.email,
      role: 'admin',
    });
    await as(admin).post(`/api/v1/invitations/${await invitationToken(test, admin.email)}/accept`);
    expect((await as(admin).get(`/api/v1/workspaces/${other.id}`)).statusCode).toBe(200);
    expect((await as(admin).delete(`/api/v1/workspaces/${other.id}`)).statusCode).toBe(403);
    expect((await as(editor).delete(`/api/v1/workspaces/${other.id}`)).statusCode).toBe(200);
    expect((await as(admin).get(`/api/v1/workspaces/${other.id}`)).statusCode).toBe(404);
    expect(
      (await as(admin).get('/api/v1/workspaces')).json().data.workspaces.map((w: { id: string }) => w.id),
    ).toEqual([`wsp_${admin.id}`, workspaceId]);
  });

  it('keeps a personal workspace to its account: it cannot be deleted or get members (409), only renamed', async () => {
    const personal = `wsp_${owner.id}`;
    const deleted = await as(owner).delete(`/api/v1/workspaces/${personal}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toBe(
      'Your personal workspace cannot be deleted: it goes with your account.',
    );
    const invited = await as(owner).post(`/api/v1/workspaces/${personal}/invitations`, {
      email: stranger.email,
      role: 'viewer',
    });
    expect(invited.statusCode).toBe(409);
    expect(invited.json().error.message).toBe(
      'Your personal workspace is yours alone: make a team workspace to work with others.',
    );
    expect(await mailsTo(test.app, stranger.email)).toEqual([]);
    expect((await as(owner).patch(`/api/v1/workspaces/${personal}`, { name: ' ' })).statusCode).toBe(400);
    const renamed = await as(owner).patch(`/api/v1/workspaces/${personal}`, { name: 'Ada’s desk' });
    expect(renamed.json().data.workspace).toMatchObject({
      name: 'Ada’s desk',
      personal: true,
      memberCount: 1,
    });
    expect((await as(stranger).get(`/api/v1/workspaces/${personal}`)).statusCode).toBe(404);
  });

  it('refuses to delete a team workspace that still holds projects, and says what to do', async () => {
    const team = (await as(owner).post('/api/v1/workspaces', { name: 'Busy Studio' })).json().data.workspace;
    await test.app.database.db
      .insertInto('projects')
      .values({
        id: `p-${team.id}`,
        owner_id: owner.id,
        workspace_id: team.id,
        name: 'Moons',
        description: '',
        collection_size: 10,
        width: 64,
        height: 64,
        rarity_mode: 'weighted',
        seed: 'abc',
        layers: '[]',
        rules: '[]',
        configurations: '[]',
        one_of_ones: '[]',
        animation: '{}',
        metadata: '{}',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        version: 1,
        updated_by: owner.id,
      })
      .execute();
    const refused = await as(owner).delete(`/api/v1/workspaces/${team.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This workspace still holds 1 project: move it to another workspace or delete it first.',
    );
    expect((await as(owner).get(`/api/v1/workspaces/${team.id}`)).statusCode).toBe(200);
  });

  it('takes no API key: workspace routes are for a signed-in member', async () => {
    const key = await as(owner).post('/api/v1/api-keys', { name: 'CI', scopes: ['read'] });
    const secret = key.json().data.secret as string;
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v1/workspaces',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
