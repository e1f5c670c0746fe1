import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployCollection, mint, setSaleSchedule } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import { type Address, createPublicClient, createWalletClient, getAddress, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const COLLECTOR: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PUBLIC_URL = 'https://drops.example.com';

/**
 * A JSON-RPC relay in front of anvil that keeps what each HTTP request carried (one call, or a batch of
 * calls), so a test sees how many round trips the server makes to read a drop's state.
 */
async function countingRelay(target: string): Promise<{ url: string; requests: unknown[]; server: Server }> {
  const requests: unknown[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    requests.push(JSON.parse(body));
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

describe('public drop pages', () => {
  let chain: Anvil;
  let relay: Awaited<ReturnType<typeof countingRelay>>;
  let test: TestApp;
  let owner: LoggedInUser;
  let web: string;
  let slug: string;
  let contract: Address;

  const clients = (account: Address) => ({
    publicClient: createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }),
    walletClient: createWalletClient({ account, chain: anvilChain, transport: http(chain.rpcUrl) }),
  });
  const get = (url: string) => test.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    chain = await startAnvil();
    relay = await countingRelay(chain.rpcUrl);
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Layerloom" /><title>Layerloom</title></head><body><div id="root"></div></body></html>',
    );
    test = await createTestApp('sqlite', { RPC_URL_31337: relay.url, PUBLIC_URL, WEB_DIST: web });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    const collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Night <Cats> & "Friends"',
    });
    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    slug = published.json().data.publication.slug;

    // Before a contract, the page exists but nothing is on sale.
    const before = await get(`/api/v1/drops/${slug}/state`);
    expect(before.json().data).toEqual({
      state: null,
      notice: 'This collection is not on sale yet: its contract is not deployed.',
    });

    const deployed = await deployCollection({
      ...clients(CREATOR),
      collection: {
        name: 'Night Cats',
        symbol: 'NCAT',
        maxSupply: 3,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${PUBLIC_URL}/hidden.json`,
      },
    });
    contract = deployed.address;
    const recorded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/deployments`,
      headers: { cookie: owner.cookie },
      payload: {
        chainId: 31337,
        address: deployed.address,
        deployer: CREATOR,
        transactionHash: deployed.hash,
        name: 'Night Cats',
        symbol: 'NCAT',
        maxSupply: 3,
      },
    });
    expect(recorded.json().data.deployment.status).toBe('verified');
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    relay?.server.close();
    await chain?.stop();
    rmSync(web, { recursive: true, force: true });
  });

  it('shows a published collection to anyone, with the contract it sells from', async () => {
    const response = await get(`/api/v1/drops/${slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.drop).toEqual({
      slug,
      name: 'Night <Cats> & "Friends"',
      description: 'Made in a test',
      size: 3,
      width: 32,
      height: 32,
      images: [1, 2, 3].map((id) => `${PUBLIC_URL}/hosted/${slug}/images/${id}.png`),
      imageTokenIds: [1, 2, 3],
      // Before the creator edits the page: the collection's name, its collage, no links or colour.
      page: {
        title: 'Night <Cats> & "Friends"',
        bannerUrl: `${PUBLIC_URL}/api/v1/drops/${slug}/images/collage.webp`,
        logoUrl: null,
        accentColor: null,
        links: { website: null, x: null, discord: null },
      },
      metadataBaseUri: `${PUBLIC_URL}/hosted/${slug}/metadata/`,
      contract: {
        chainId: 31337,
        chainName: 'Local (anvil)',
        currency: 'ETH',
        address: getAddress(contract),
        explorerUrl: null,
      },
      // No WALLETCONNECT_PROJECT_ID here: collectors are not offered WalletConnect.
      walletConnectProjectId: null,
    });
    expect((await get('/api/v1/drops/no-such-drop')).statusCode).toBe(404);
  });

  it('reads the sale from the chain in one request, with the schedule it follows', async () => {
    const { publicClient, walletClient } = clients(CREATOR);
    // A schedule whose public start has passed: the sale is public by itself.
    const now = Number((await publicClient.getBlock()).timestamp);
    const allowlistStart = new Date((now - 120) * 1000);
    const publicStart = new Date((now - 60) * 1000);
    await setSaleSchedule({ publicClient, walletClient, address: contract, allowlistStart, publicStart });
    await mint({ ...clients(COLLECTOR), address: contract, quantity: 2 });
    relay.requests.length = 0;
    const response = await get(`/api/v1/drops/${slug}/state`);
    expect(response.json().data).toMatchObject({
      notice: null,
      state: {
        minted: 2,
        maxSupply: 3,
        phase: 'public',
        publicPrice: parseEther('0.01').toString(),
        maxPerWallet: 2,
        revealed: false,
        allowlistStart: allowlistStart.toISOString(),
        publicStart: publicStart.toISOString(),
      },
    });
    // Sixteen reads, one HTTP request: a JSON-RPC batch of the multicall's eth_call and the balance.
    expect(relay.requests).toHaveLength(1);
    const batch = relay.requests[0] as { method: string }[];
    expect(batch.map((call) => call.method).sort()).toEqual(['eth_call', 'eth_getBalance']);
  });

  it('serves /mint/{slug} with the drop as title, description and share card, escaped', async () => {
    const page = await get(`/mint/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(
      '<title>Night &#60;Cats&#62; &#38; &#34;Friends&#34; · Mint · Layerloom</title>',
    );
    expect(page.body).toContain(
      '<meta property="og:title" content="Night &#60;Cats&#62; &#38; &#34;Friends&#34;" />',
    );
    // Its contract is not revealed: the collage would show the art, so the share card is drawn instead.
    expect(page.body).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/api/v1/drops/${slug}/share-card.png" />`,
    );
    expect(page.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/mint/${slug}" />`);
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(page.body).toContain('<meta name="description" content="Made in a test" />');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The compact widget may be framed by the creator's site.
    const embed = await get(`/mint/${slug}?embed=1`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    // Without the built web app (an API-only server) there are no mint pages, not an error.
    const apiOnly = await createTestApp('sqlite', { WEB_DIST: join(web, 'missing') });
    try {
      const page = await apiOnly.app.inject({ method: 'GET', url: `/mint/${slug}` });
      expect(page.statusCode).toBe(404);
      expect(page.json().error.message).toBe('The web app is not served here');
    } finally {
      await apiOnly.close();
    }
    const unknown = await get('/mint/no-such-drop');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
  });
});
