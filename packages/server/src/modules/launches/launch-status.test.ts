import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployCollection, mint, setPhase } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import { type Address, getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilClients } from '../../../test/support/live-drop.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

const PUBLIC_URL = 'https://layerloom.test';
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const COLLECTOR: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

// The launch status reads the chain the way the mint page does; the database plays no part of its own, so
// one database kind is enough here (the stages' records are each tested on both elsewhere).
describe('launch status of a collection, from draft to sold out', () => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let web: string;
  let collectionId: string;

  const get = (url: string, user?: LoggedInUser) =>
    test.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  const post = (url: string, payload: object) =>
    test.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie }, payload });
  const status = async () => {
    const response = await get(`/api/v1/collections/${collectionId}/launch-status`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.status;
  };

  beforeAll(async () => {
    chain = await startAnvil();
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    test = await createTestApp('sqlite', { RPC_URL_31337: chain.rpcUrl, PUBLIC_URL, WEB_DIST: web });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 2,
      name: 'Tide Cats',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
    rmSync(web, { recursive: true, force: true });
  });

  it('is the owner’s alone: a visitor gets 401, another user 404, and their list leaves it out', async () => {
    expect((await get(`/api/v1/collections/${collectionId}/launch-status`)).statusCode).toBe(401);
    expect((await get('/api/v1/launch-status')).statusCode).toBe(401);
    const outsider = await get(`/api/v1/collections/${collectionId}/launch-status`, other);
    expect(outsider.statusCode).toBe(404);
    expect((await get('/api/v1/launch-status', other)).json().data.statuses).toEqual([]);
  });

  it('follows the launch: draft, published with its mint page, deployed, live with minted / supply and proceeds, sold out', async () => {
    expect(await status()).toEqual({
      collectionId,
      stage: 'draft',
      phase: null,
      minted: null,
      supply: 2,
      proceeds: null,
      mintPath: null,
      chainName: null,
      notice: null,
    });

    const slug: string = (await post(`/api/v1/collections/${collectionId}/publication`, {})).json().data
      .publication.slug;
    expect(await status()).toMatchObject({ stage: 'published', mintPath: `/mint/${slug}`, minted: null });

    const deployed = await deployCollection({
      ...anvilClients(chain, CREATOR),
      collection: {
        name: 'Tide Cats',
        symbol: 'TIDE',
        maxSupply: 2,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${PUBLIC_URL}/hidden.json`,
      },
    });
    const contract = getAddress(deployed.address);
    const recorded = await post(`/api/v1/collections/${collectionId}/deployments`, {
      chainId: 31337,
      address: deployed.address,
      deployer: CREATOR,
      transactionHash: deployed.hash,
      name: 'Tide Cats',
      symbol: 'TIDE',
      maxSupply: 2,
    });
    expect(recorded.json().data.deployment.status).toBe('verified');
    expect(await status()).toMatchObject({
      stage: 'deployed',
      phase: null,
      minted: 0,
      supply: 2,
      proceeds: { wei: '0', currency: 'ETH' },
      chainName: 'Local (anvil)',
      notice: null,
    });

    // The chain's figures are reused for a few seconds: the status follows once they are read again.
    await setPhase({ ...anvilClients(chain, CREATOR), address: contract, phase: 'public' });
    await mint({ ...anvilClients(chain, COLLECTOR), address: contract, quantity: 1 });
    await expect.poll(async () => (await status()).minted, { interval: 500, timeout: 15_000 }).toBe(1);
    expect(await status()).toMatchObject({
      stage: 'live',
      phase: 'public',
      minted: 1,
      supply: 2,
      proceeds: { wei: parseEther('0.01').toString(), currency: 'ETH' },
    });

    await mint({ ...anvilClients(chain, COLLECTOR), address: contract, quantity: 1 });
    await expect
      .poll(async () => (await status()).stage, { interval: 500, timeout: 15_000 })
      .toBe('sold-out');
    expect(await status()).toMatchObject({ minted: 2, supply: 2, phase: null });

    const listed = (await get('/api/v1/launch-status', owner)).json().data.statuses;
    expect(listed).toEqual([expect.objectContaining({ collectionId, stage: 'sold-out', minted: 2 })]);
  }, 90_000);
});
