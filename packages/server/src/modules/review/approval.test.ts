import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createTeamCollection, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import type { LoggedInUser } from '../../../test/support/users.ts';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const HASH = `0x${'ab'.repeat(32)}`;

describe.each(databaseKinds)('approval before launch, on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;
  let collectionId: string;
  let other: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const settingsUrl = () => `/api/v1/workspaces/${team.workspaceId}/review-settings`;
  const approvalUrl = (id = collectionId) => `/api/v1/collections/${id}/approval`;
  const approval = async (user: LoggedInUser, id = collectionId) =>
    (await test.app.inject({ method: 'GET', url: approvalUrl(id), headers: as(user) })).json().data.approval;
  const publish = (user: LoggedInUser, id = collectionId) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${id}/publication`,
      headers: as(user),
      payload: {},
    });
  const publication = async (id = collectionId) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${id}/publication`,
        headers: as(team.owner),
      })
    ).json().data.publication;

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app);
    ({ collectionId } = await createTeamCollection(test.app, team));
    ({ collectionId: other } = await createTeamCollection(test.app, team, 3));
  }, 180_000);
  afterAll(async () => {
    await test?.close();
  });

  it('is off until an Owner or Admin turns it on; others are refused with their role, nothing changed', async () => {
    const read = await test.app.inject({ method: 'GET', url: settingsUrl(), headers: as(team.viewer) });
    expect(read.json().data.settings).toEqual({ requireApproval: false, canChange: false });
    expect(await approval(team.viewer)).toMatchObject({
      state: 'not_required',
      required: false,
      canApprove: false,
    });

    const byEditor = await test.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: as(team.editor),
      payload: { requireApproval: true },
    });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().error.message).toBe(
      'Your role in this workspace (Editor) cannot change whether launches need an approval.',
    );
    const byOutsider = await test.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: as(team.outsider),
      payload: { requireApproval: true },
    });
    expect(byOutsider.statusCode).toBe(404);
    const malformed = await test.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: as(team.admin),
      payload: { requireApproval: 'yes' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      (await test.app.inject({ method: 'GET', url: settingsUrl(), headers: as(team.owner) })).json().data
        .settings,
    ).toEqual({ requireApproval: false, canChange: true });

    const on = await test.app.inject({
      method: 'PUT',
      url: settingsUrl(),
      headers: as(team.admin),
      payload: { requireApproval: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.settings).toEqual({ requireApproval: true, canChange: true });
  });

  it('refuses publishing (hosted and IPFS) and recording a deployment until approved, writing nothing', async () => {
    expect(await approval(team.editor)).toMatchObject({
      state: 'waiting',
      required: true,
      canApprove: false,
    });
    expect(await approval(team.admin)).toMatchObject({
      state: 'waiting',
      canApprove: true,
      approvedBy: null,
    });
    const refused = await publish(team.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "This collection needs an Owner's or Admin's approval before it is published.",
    );
    const ipfs = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication/ipfs`,
      headers: as(team.owner),
    });
    expect(ipfs.statusCode).toBe(409);
    expect(await publication()).toBeNull();
    const deploy = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/deployments`,
      headers: as(team.owner),
      payload: {
        chainId: 31337,
        address: ADDRESS,
        deployer: ADDRESS,
        transactionHash: HASH,
        name: 'Fixture Cats',
        symbol: 'CATS',
        maxSupply: 4,
      },
    });
    expect(deploy.statusCode).toBe(409);
    expect(deploy.json().error.message).toBe(
      "This collection needs an Owner's or Admin's approval before it is deployed.",
    );
    const deployments = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/deployments`,
      headers: as(team.owner),
    });
    expect(deployments.json().data.deployments).toEqual([]);
  });

  it('takes an Owner or Admin to approve; an approval unlocks publishing', async () => {
    const byEditor = await test.app.inject({ method: 'POST', url: approvalUrl(), headers: as(team.editor) });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().error.message).toMatch(/^Your role in this workspace \(Editor\) cannot approve/);
    expect(
      (await test.app.inject({ method: 'POST', url: approvalUrl(), headers: as(team.outsider) })).statusCode,
    ).toBe(404);
    expect(await approval(team.owner)).toMatchObject({ state: 'waiting' });

    const approved = await test.app.inject({ method: 'POST', url: approvalUrl(), headers: as(team.admin) });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.approval).toMatchObject({
      state: 'approved',
      approvedBy: 'Ada Admin',
      approvedAt: expect.any(String),
      lapsedAt: null,
    });
    expect(await approval(team.viewer)).toMatchObject({
      state: 'approved',
      approvedBy: 'Ada Admin',
      canApprove: false,
    });
    const published = await publish(team.admin);
    expect(published.statusCode).toBe(201);
    const log = await test.app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${team.workspaceId}/activity`,
      headers: as(team.viewer),
    });
    expect(
      log
        .json()
        .data.entries.slice(0, 2)
        .map((entry: { actor: string; action: string; subject: string }) => [
          entry.actor,
          entry.action,
          entry.subject,
        ]),
    ).toEqual([
      ['Ada Admin', 'collection.published', 'Fixture Cats (hosted by Layerloom)'],
      ['Ada Admin', 'collection.approved', 'Fixture Cats'],
    ]);
  });

  it('lapses when the metadata changes after the approval, until approved again', async () => {
    // The other collection: approved, then its metadata edited by an Editor.
    expect(
      (await test.app.inject({ method: 'POST', url: approvalUrl(other), headers: as(team.owner) }))
        .statusCode,
    ).toBe(200);
    const edited = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/collections/${other}/metadata-settings`,
      headers: as(team.editor),
      payload: {
        namePattern: '{collection} #{edition}',
        description: 'Edited after the approval',
        externalUrl: 'https://cats.example/collection',
        backgroundColor: '#1D3557',
        attributes: [],
        renames: [],
      },
    });
    expect(edited.statusCode, edited.body).toBeLessThan(300);
    const lapsed = await approval(team.admin, other);
    expect(lapsed).toMatchObject({ state: 'waiting', approvedBy: null, lapsedAt: expect.any(String) });
    const refused = await publish(team.admin, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "This collection needs an Owner's or Admin's approval before it is published: its metadata or art changed after the last approval.",
    );
    expect(await publication(other)).toBeNull();

    // Withdrawn by an Admin, then given again by the Owner.
    const withdrawn = await test.app.inject({
      method: 'DELETE',
      url: approvalUrl(other),
      headers: as(team.admin),
    });
    expect(withdrawn.json().data.approval).toMatchObject({ state: 'waiting', lapsedAt: null });
    await test.app.inject({ method: 'POST', url: approvalUrl(other), headers: as(team.owner) });
    expect(await approval(team.admin, other)).toMatchObject({ state: 'approved', approvedBy: 'Olive Owner' });
  });
});
