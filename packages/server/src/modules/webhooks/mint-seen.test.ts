import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DropContract, DropState } from '@layerloom/api';
import { mint } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilClients, createLiveDrop } from '../../../test/support/live-drop.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import type { App } from '../../types.ts';
import { emitMintSeen } from './mint-seen.ts';

const PUBLIC_URL = 'https://layerloom.test';
// One deployer per database: anvil gives a deployer's first contract the same address, and the server keeps
// a chain read for a few seconds by chain and address, so the two runs must not share one.
const CREATORS: Record<string, Address> = {
  sqlite: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  postgres: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
};
const COLLECTOR: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A receiver's check written from /api/docs alone: HMAC-SHA256 of `${id}.${timestamp}.${body}`. */
function verifyFromDocs(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = Number(headers['webhook-timestamp']);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

describe.each(databaseKinds)('the mint.seen webhook event on %s', (kind) => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let web: string;
  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let collectionId: string;
  let slug: string;
  let contract: Address;

  const clients = (account: Address) => anvilClients(chain, account);
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    test.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });
  const readSale = async () =>
    (await test.app.inject({ method: 'GET', url: `/api/v1/drops/${slug}/state` })).json().data
      .state as DropState;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    chain = await startAnvil();
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    test = await createTestApp(kind, { RPC_URL_31337: chain.rpcUrl, PUBLIC_URL, WEB_DIST: web });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    ({ collectionId, slug, contract } = await createLiveDrop(test.app, owner.cookie, chain, {
      name: 'Moths',
      symbol: 'MTH',
      maxSupply: 4,
      maxPerWallet: 4,
      creator: CREATORS[kind]!,
      publicUrl: PUBLIC_URL,
    }));
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
    rmSync(web, { recursive: true, force: true });
  });

  it('sends one signed delivery per increase of the minted count, however many nodes read the sale', async () => {
    const created = await as('POST', '/api/v1/webhooks', { url: receiverUrl, events: ['mint.seen'] });
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json().data as { endpoint: { id: string }; secret: string };
    const deliveries = async () =>
      (await as('GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)).json().data.deliveries as {
        eventType: string;
        status: string;
      }[];

    // Nothing minted yet: the sale is read, nothing is sent.
    expect((await readSale()).minted).toBe(0);
    expect(await deliveries()).toEqual([]);

    await mint({ ...clients(COLLECTOR), address: contract, quantity: 2 });
    // The chain read is kept a few seconds: read until it shows the mint, then again.
    await expect.poll(async () => (await readSale()).minted, { interval: 500, timeout: 15_000 }).toBe(2);
    await readSale();
    expect(await deliveries()).toHaveLength(1);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const first = received[0]!;
    expect(verifyFromDocs(secret, first.headers, first.body)).toBe(true);
    const payload = JSON.parse(first.body);
    expect(payload).toMatchObject({
      id: first.headers['webhook-id'],
      type: 'mint.seen',
      data: { collectionId, contract, chainId: 31337, minted: 2, previousMinted: 0 },
    });

    // Two more web nodes (each with its own memory) see the next mint at the same moment: one sends it.
    await mint({ ...clients(COLLECTOR), address: contract, quantity: 1 });
    const drop = (await test.app.inject({ method: 'GET', url: `/api/v1/drops/${slug}` })).json().data.drop;
    const state = { ...(await readSale()), minted: 3 };
    const node = () => ({ ...test.app, database: { ...test.app.database } }) as App;
    await Promise.all([
      emitMintSeen(node(), drop.contract as DropContract, state),
      emitMintSeen(node(), drop.contract as DropContract, state),
    ]);
    await expect.poll(async () => (await readSale()).minted, { interval: 500, timeout: 15_000 }).toBe(3);
    const log = await deliveries();
    expect(log.map((delivery) => delivery.eventType)).toEqual(['mint.seen', 'mint.seen']);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    const second = received[1]!;
    expect(verifyFromDocs(secret, second.headers, second.body)).toBe(true);
    expect(JSON.parse(second.body).data).toEqual({
      collectionId,
      contract,
      chainId: 31337,
      minted: 3,
      previousMinted: 2,
    });
  }, 90_000);
});
