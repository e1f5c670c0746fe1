import { type WorkspaceRole, workspaceRoleRank, workspaceRoles } from '@layerloom/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTeam,
  createTeamCollection,
  createTeamProject,
  type TestTeam,
} from '../../../test/support/team.ts';
import {
  createTestApp,
  createWebNodes,
  databaseKinds,
  type TestApp,
} from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser } from '../../../test/support/users.ts';
import type { App } from '../../types.ts';
import { routeRoles } from './route-roles.ts';

const send = (app: App, user: LoggedInUser, method: string, url: string, payload?: object) =>
  app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: { cookie: user.cookie },
    remoteAddress: freshIp(),
  });

/** A route pattern with its ids filled in (unknown sub-ids: the role is checked before they are looked up). */
const urlOf = (pattern: string, ids: { project: string; collection: string }) =>
  pattern
    .replace(/^\/api\/v1\/projects\/:id/, `/api/v1/projects/${ids.project}`)
    .replace(/^\/api\/v1\/collections\/:id/, `/api/v1/collections/${ids.collection}`)
    .replaceAll(/:(\w+)/g, 'x1');

const roles: WorkspaceRole[] = ['owner', 'admin', 'editor', 'viewer'];

describe.each(databaseKinds)('resources in workspaces on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;
  let projectId: string;
  let collectionId: string;
  const as = (role: WorkspaceRole | 'outsider') => team[role];
  const db = () => test.app.database.db;

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app, 'Moon Studio');
    ({ collectionId } = await createTeamCollection(test.app, team));
    projectId = await createTeamProject(test.app, team, 'Team Moons');
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('lists a workspace’s projects and collections for each member (?workspace=), each carrying its workspaceId', async () => {
    for (const role of roles) {
      const projects = await send(
        test.app,
        as(role),
        'GET',
        `/api/v1/projects?workspace=${team.workspaceId}`,
      );
      expect(projects.statusCode).toBe(200);
      expect(
        projects
          .json()
          .data.projects.map((p: { name: string }) => p.name)
          .sort(),
      ).toEqual(['Fixture Cats', 'Team Moons']);
      expect(projects.json().data.projects[0].workspaceId).toBe(team.workspaceId);
      const collections = await send(
        test.app,
        as(role),
        'GET',
        `/api/v1/collections?workspace=${team.workspaceId}`,
      );
      expect(collections.json().data.collections).toEqual([
        expect.objectContaining({ id: collectionId, workspaceId: team.workspaceId }),
      ]);
      const launches = await send(
        test.app,
        as(role),
        'GET',
        `/api/v1/launch-status?workspace=${team.workspaceId}`,
      );
      expect(launches.json().data.statuses).toHaveLength(1);
    }
    // Left out: the caller's personal workspace, where the team's work is not.
    const personal = await send(test.app, team.editor, 'GET', '/api/v1/projects');
    expect(personal.json().data.projects).toEqual([]);
    const viewed = await send(test.app, team.viewer, 'GET', `/api/v1/projects/${projectId}`);
    expect(viewed.json().data.project).toMatchObject({ name: 'Team Moons', workspaceId: team.workspaceId });
  });

  it('lists every route on one project or collection in the role table (a new route must say its role)', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'head' && method !== 'parameters')
        .map((method) => `${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`),
    );
    const onResources = documented.filter((route) =>
      /^\w+ \/api\/v1\/(projects|collections)\/:id(\/|$)/.test(route),
    );
    expect(onResources.length).toBeGreaterThan(60);
    expect(onResources.filter((route) => !(route in routeRoles))).toEqual([]);
  });

  it('answers 404 to a non-member, for a workspace’s lists and for each of its projects and collections', async () => {
    for (const url of [
      `/api/v1/projects?workspace=${team.workspaceId}`,
      `/api/v1/collections?workspace=${team.workspaceId}`,
      `/api/v1/launch-status?workspace=${team.workspaceId}`,
    ]) {
      const response = await send(test.app, team.outsider, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Workspace not found');
    }
    for (const [route] of Object.entries(routeRoles)) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      const response = await send(
        test.app,
        team.outsider,
        method,
        urlOf(pattern, { project: projectId, collection: collectionId }),
        {},
      );
      expect(response.statusCode, route).toBe(404);
      expect(response.json().error.message, route).toMatch(/^(Project|Collection) not found$/);
    }
  });

  it('refuses each route to the roles below the one it takes (403 naming the role), writing nothing', async () => {
    const before = {
      project: await db()
        .selectFrom('projects')
        .selectAll()
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow(),
      collection: await db()
        .selectFrom('collections')
        .selectAll()
        .where('id', '=', collectionId)
        .executeTakeFirstOrThrow(),
      publications: await db().selectFrom('publications').selectAll().execute(),
    };
    for (const [route, rule] of Object.entries(routeRoles)) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      for (const role of roles.filter(
        (candidate) => workspaceRoleRank[candidate] < workspaceRoleRank[rule.need],
      )) {
        const response = await send(
          test.app,
          as(role),
          method,
          urlOf(pattern, { project: projectId, collection: collectionId }),
          {},
        );
        expect(response.statusCode, `${route} as ${role}`).toBe(403);
        expect(response.json().error).toMatchObject({
          code: 'FORBIDDEN',
          message: `Your role in this workspace (${workspaceRoles[role].label}) cannot ${rule.action}.`,
        });
      }
    }
    expect(
      await db().selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow(),
    ).toEqual(before.project);
    expect(
      await db()
        .selectFrom('collections')
        .selectAll()
        .where('id', '=', collectionId)
        .executeTakeFirstOrThrow(),
    ).toEqual(before.collection);
    expect(await db().selectFrom('publications').selectAll().execute()).toEqual(before.publications);
  });

  it('lets a viewer read, an editor edit and generate, an admin publish, and only an owner delete', async () => {
    expect(
      (await send(test.app, team.viewer, 'GET', `/api/v1/collections/${collectionId}/tokens`)).statusCode,
    ).toBe(200);
    expect(
      (await send(test.app, team.viewer, 'GET', `/api/v1/projects/${projectId}/feasibility`)).statusCode,
    ).toBe(200);
    const edited = await send(test.app, team.editor, 'PATCH', `/api/v1/projects/${projectId}`, {
      name: 'Team Moons II',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.project).toMatchObject({ name: 'Team Moons II', updatedBy: 'Eddie Editor' });
    const mintPage = await send(
      test.app,
      team.editor,
      'PUT',
      `/api/v1/collections/${collectionId}/mint-page`,
      {
        title: 'Moons',
        description: 'Team drop',
      },
    );
    expect([200, 400]).toContain(mintPage.statusCode);
    expect(mintPage.statusCode === 400 ? mintPage.json().error.code : 'ok').not.toBe('FORBIDDEN');
    const published = await send(
      test.app,
      team.admin,
      'POST',
      `/api/v1/collections/${collectionId}/publication`,
      {
        kind: 'hosted',
      },
    );
    expect(published.statusCode, published.body).toBeLessThan(300);
    expect(await db().selectFrom('publications').select('collection_id').execute()).toEqual([
      { collection_id: collectionId },
    ]);
    const extra = await createTeamProject(test.app, team, 'Scratch');
    expect((await send(test.app, team.admin, 'DELETE', `/api/v1/projects/${extra}`)).statusCode).toBe(403);
    expect((await send(test.app, team.owner, 'DELETE', `/api/v1/projects/${extra}`)).statusCode).toBe(200);
  });

  it('creates a project in a named workspace for an Editor or above, refuses a viewer and a non-member', async () => {
    const body = { name: 'Suns', description: '', collectionSize: 10, width: 64, height: 64 };
    const made = await send(test.app, team.editor, 'POST', '/api/v1/projects', {
      ...body,
      workspaceId: team.workspaceId,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.project.workspaceId).toBe(team.workspaceId);
    const count = async () => (await db().selectFrom('projects').select('id').execute()).length;
    const total = await count();
    const viewer = await send(test.app, team.viewer, 'POST', '/api/v1/projects', {
      ...body,
      workspaceId: team.workspaceId,
    });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error.message).toBe(
      'Your role in this workspace (Viewer) cannot create projects in it.',
    );
    const outsider = await send(test.app, team.outsider, 'POST', '/api/v1/projects', {
      ...body,
      workspaceId: team.workspaceId,
    });
    expect(outsider.statusCode).toBe(404);
    expect(await count()).toBe(total);
    const mine = await send(test.app, team.viewer, 'POST', '/api/v1/projects', body);
    expect(mine.json().data.project.workspaceId).toBe(`wsp_${team.viewer.id}`);
  });

  it('counts the workspace owner’s plan, not the member’s: a Pro editor is held to the Free owner’s limits there', async () => {
    const pro = await createUserAndLogin(test.app, { planId: 'pro' });
    await db()
      .insertInto('workspace_members')
      .values({
        workspace_id: team.workspaceId,
        user_id: pro.id,
        role: 'editor',
        joined_at: new Date().toISOString(),
      })
      .execute();
    // The team's generated project: its layers render, so only the plan stands in the way.
    const fixture = (
      await db()
        .selectFrom('collections')
        .select('project_id')
        .where('id', '=', collectionId)
        .executeTakeFirstOrThrow()
    ).project_id as string;
    await db().updateTable('projects').set({ collection_size: 500 }).where('id', '=', fixture).execute();
    const refused = await send(test.app, pro, 'POST', `/api/v1/projects/${fixture}/generate`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/^This workspace’s Free plan generates up to 100 assets/);
    // Once the owner's plan is Pro, the workspace's limit is Pro's for every member.
    await db().updateTable('users').set({ plan_id: 'pro' }).where('id', '=', team.owner.id).execute();
    const planned = await send(test.app, team.editor, 'POST', `/api/v1/projects/${fixture}/generate`, {});
    expect(planned.json().error?.message ?? '').not.toMatch(/plan generates/);
    await db().updateTable('users').set({ plan_id: 'free' }).where('id', '=', team.owner.id).execute();
    await db().updateTable('projects').set({ collection_size: 4 }).where('id', '=', fixture).execute();
  });

  it('moves a project with its collections between workspaces its caller owns, logged in both', async () => {
    const target = (
      await send(test.app, team.owner, 'POST', '/api/v1/workspaces', { name: 'Sun Studio' })
    ).json().data.workspace.id as string;
    const fixture =
      (
        await db()
          .selectFrom('collections')
          .select('project_id')
          .where('id', '=', collectionId)
          .executeTakeFirstOrThrow()
      ).project_id ?? '';
    const adminMove = await send(test.app, team.admin, 'POST', `/api/v1/projects/${fixture}/move`, {
      workspaceId: target,
    });
    expect(adminMove.statusCode).toBe(403);
    // An owner of the source who is only an editor of the target.
    await db()
      .insertInto('workspace_members')
      .values({
        workspace_id: target,
        user_id: team.admin.id,
        role: 'editor',
        joined_at: new Date().toISOString(),
      })
      .execute();
    await db()
      .updateTable('workspace_members')
      .set({ role: 'owner' })
      .where('workspace_id', '=', team.workspaceId)
      .where('user_id', '=', team.admin.id)
      .execute();
    const notOwner = await send(test.app, team.admin, 'POST', `/api/v1/projects/${fixture}/move`, {
      workspaceId: target,
    });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().error.message).toBe(
      'Only an owner of both workspaces can move a project: your role in Sun Studio is Editor.',
    );
    await db()
      .updateTable('workspace_members')
      .set({ role: 'admin' })
      .where('workspace_id', '=', team.workspaceId)
      .where('user_id', '=', team.admin.id)
      .execute();
    const unknown = await send(test.app, team.owner, 'POST', `/api/v1/projects/${fixture}/move`, {
      workspaceId: `wsp_${team.outsider.id}`,
    });
    expect(unknown.statusCode).toBe(404);
    const same = await send(test.app, team.owner, 'POST', `/api/v1/projects/${fixture}/move`, {
      workspaceId: team.workspaceId,
    });
    expect(same.statusCode).toBe(409);

    const moved = await send(test.app, team.owner, 'POST', `/api/v1/projects/${fixture}/move`, {
      workspaceId: target,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ project: { workspaceId: target }, movedCollections: 1 });
    expect(
      (await send(test.app, team.owner, 'GET', `/api/v1/collections/${collectionId}`)).json().data.collection
        .workspaceId,
    ).toBe(target);
    // The team's viewer is not in the new workspace: the collection is gone for them.
    expect((await send(test.app, team.viewer, 'GET', `/api/v1/collections/${collectionId}`)).statusCode).toBe(
      404,
    );
    for (const workspace of [team.workspaceId, target]) {
      const log = (
        await send(
          test.app,
          team.owner,
          'GET',
          `/api/v1/workspaces/${workspace}/activity?action=project.moved`,
        )
      ).json().data.entries;
      expect(log).toEqual([
        expect.objectContaining({
          actor: 'Olive Owner',
          action: 'project.moved',
          subject: 'Fixture Cats: Moon Studio → Sun Studio',
        }),
      ]);
    }
    // Back, then refused once a contract is deployed.
    expect(
      (
        await send(test.app, team.owner, 'POST', `/api/v1/projects/${fixture}/move`, {
          workspaceId: team.workspaceId,
        })
      ).statusCode,
    ).toBe(200);
    await db()
      .insertInto('deployments')
      .values({
        id: 'dep-move',
        collection_id: collectionId,
        owner_id: team.owner.id,
        chain_id: 31337,
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        transaction_hash: `0x${'1'.repeat(64)}`,
        block_number: '1',
        name: 'Moons',
        symbol: 'MOON',
        max_supply: 4,
        status: 'verified',
        status_reason: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const deployed = await send(test.app, team.owner, 'POST', `/api/v1/projects/${fixture}/move`, {
      workspaceId: target,
    });
    expect(deployed.statusCode).toBe(409);
    expect(deployed.json().error.message).toMatch(/has a contract deployed/);
    expect(
      (
        await db()
          .selectFrom('projects')
          .select('workspace_id')
          .where('id', '=', fixture)
          .executeTakeFirstOrThrow()
      ).workspace_id,
    ).toBe(team.workspaceId);
  });

  it('ends a removed member’s access with their next request', async () => {
    const extra = await createUserAndLogin(test.app);
    await db()
      .insertInto('workspace_members')
      .values({
        workspace_id: team.workspaceId,
        user_id: extra.id,
        role: 'editor',
        joined_at: new Date().toISOString(),
      })
      .execute();
    expect((await send(test.app, extra, 'GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(200);
    const removed = await send(
      test.app,
      team.owner,
      'DELETE',
      `/api/v1/workspaces/${team.workspaceId}/members/${extra.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await send(test.app, extra, 'GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(404);
    expect(
      (await send(test.app, extra, 'PATCH', `/api/v1/projects/${projectId}`, { name: 'Mine now' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a removed member on two web nodes sharing PostgreSQL', () => {
  it('loses access on the other node at once', async () => {
    const { first, second } = await createWebNodes();
    try {
      const team = await createTeam(first.app, 'Node Studio');
      const projectId = await createTeamProject(first.app, team);
      expect((await send(second, team.editor, 'GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(200);
      const removed = await send(
        first.app,
        team.owner,
        'DELETE',
        `/api/v1/workspaces/${team.workspaceId}/members/${team.editor.id}`,
      );
      expect(removed.statusCode).toBe(200);
      const after = await send(second, team.editor, 'PATCH', `/api/v1/projects/${projectId}`, {
        name: 'Taken',
      });
      expect(after.statusCode).toBe(404);
      expect(
        (await send(second, team.editor, 'GET', `/api/v1/projects?workspace=${team.workspaceId}`)).statusCode,
      ).toBe(404);
    } finally {
      await second.close();
      await first.close();
    }
  }, 120_000);
});
