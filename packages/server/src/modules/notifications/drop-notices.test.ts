import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DropContract, DropState } from '@layerloom/api';
import { mint } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilClients, createLiveDrop } from '../../../test/support/live-drop.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';
import { noticeDropSale } from './drop-notices.ts';

const PUBLIC_URL = 'https://layerloom.test';
// One deployer per database: anvil gives the same address to the same deployer's first contract, and the
// server keeps a chain read for a few seconds by chain and address, so the two runs must not share one.
const CREATORS: Record<string, Address> = {
  sqlite: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  postgres: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
};
const COLLECTORS: Address[] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
];
const dropKinds = ['drop_deployed', 'drop_first_mint', 'drop_sold_out'];

describe.each(databaseKinds)('drop activity on the bell on %s', (kind) => {
  const CREATOR = CREATORS[kind]!;
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let bob: LoggedInUser;
  let web: string;
  let collectionId: string;
  let slug: string;
  let contract: Address;

  const clients = (account: Address) => anvilClients(chain, account);
  const as = (user: LoggedInUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const dropNotices = async (user: LoggedInUser) =>
    (await as(user, 'GET', '/api/v1/notifications?pageSize=50'))
      .json()
      .data.notifications.filter((notice: { kind: string }) => dropKinds.includes(notice.kind));
  const subjects = async (user: LoggedInUser) =>
    (await mailsTo(test.app, user.email)).map((mail) => mail.subject);
  const readSale = () => test.app.inject({ method: 'GET', url: `/api/v1/drops/${slug}/state` });

  beforeAll(async () => {
    chain = await startAnvil();
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    test = await createTestApp(kind, { RPC_URL_31337: chain.rpcUrl, PUBLIC_URL, WEB_DIST: web });
    owner = await createUserAndLogin(test.app, { planId: 'pro', firstName: 'Olga' });
    bob = await createUserAndLogin(test.app, { planId: 'pro', firstName: 'Bob' });
    ({ collectionId, slug, contract } = await createLiveDrop(test.app, owner.cookie, chain, {
      name: 'Night Owls',
      symbol: 'OWL',
      maxSupply: 3,
      maxPerWallet: 2,
      creator: CREATOR,
      publicUrl: PUBLIC_URL,
    }));
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
    rmSync(web, { recursive: true, force: true });
  });

  it('tells the owner once each that the drop is deployed, first minted and sold out, mailing while Drop activity is on; nobody else', async () => {
    const link = `/dashboard/collections/${collectionId}`;
    expect(await dropNotices(owner)).toMatchObject([
      {
        kind: 'drop_deployed',
        title: '“Night Owls” is deployed on Local (anvil)',
        body: `Its contract ${contract.slice(0, 6)}…${contract.slice(-4)} is verified on chain, and its mint page sells from it.`,
        link,
        read: false,
      },
    ]);
    expect(await subjects(owner)).toContain('“Night Owls” is deployed on Local (anvil)');

    // Drop activity off: the bell still hears of the first mint, no mail is sent.
    expect(
      (await as(owner, 'PUT', '/api/v1/account/notifications', { drops: false })).json().data.preferences,
    ).toMatchObject({ drops: false, generation: true });
    await mint({ ...clients(COLLECTORS[0]!), address: contract, quantity: 1 });
    expect((await readSale()).json().data.state.minted).toBe(1);
    expect((await readSale()).statusCode).toBe(200);
    expect((await dropNotices(owner)).map((notice: { kind: string }) => notice.kind)).toEqual([
      'drop_first_mint',
      'drop_deployed',
    ]);
    expect((await dropNotices(owner))[0]).toMatchObject({
      title: 'First mint of “Night Owls”',
      body: 'A collector minted the first token of “Night Owls” on Local (anvil).',
      link,
    });
    expect(await subjects(owner)).not.toContain('First mint of “Night Owls”');

    // Back on: the sell-out is mailed. The sale is read again until the chain's cached figures catch up.
    await as(owner, 'PUT', '/api/v1/account/notifications', { drops: true });
    await mint({ ...clients(COLLECTORS[0]!), address: contract, quantity: 1 });
    await mint({ ...clients(COLLECTORS[1]!), address: contract, quantity: 1 });
    await expect
      .poll(async () => (await readSale()).json().data.state.minted, { interval: 500, timeout: 15_000 })
      .toBe(3);
    await readSale();
    const notices = await dropNotices(owner);
    expect(notices.map((notice: { kind: string }) => notice.kind)).toEqual([
      'drop_sold_out',
      'drop_first_mint',
      'drop_deployed',
    ]);
    expect(notices[0]).toMatchObject({
      title: '“Night Owls” sold out',
      body: 'All 3 tokens of “Night Owls” are minted on Local (anvil).',
    });
    expect(await subjects(owner)).toContain('“Night Owls” sold out');

    // Another web node (its own memory of what was sent) reading the same sale sends nothing again.
    const otherNode = { ...test.app, database: { ...test.app.database } };
    const drop = (await test.app.inject({ method: 'GET', url: `/api/v1/drops/${slug}` })).json().data.drop;
    const state = (await readSale()).json().data.state as DropState;
    await noticeDropSale(otherNode, drop.contract as DropContract, state);
    expect(await dropNotices(owner)).toHaveLength(3);

    expect(await dropNotices(bob)).toEqual([]);
    expect((await subjects(bob)).filter((subject) => subject.includes('Night Owls'))).toEqual([]);
  }, 60_000);
});
