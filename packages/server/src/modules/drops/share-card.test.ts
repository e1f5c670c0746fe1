import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployCollection } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import sharp from 'sharp';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PUBLIC_URL = 'https://share.example.com';
const SIZE = 4;

/** The content of a `<meta>` tag of the served page (property or name), or undefined when it has none. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1]?.replace(/&#38;/g, '&');
}

describe('share cards of a mint page before the reveal', () => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let web: string;
  let collectionId: string;
  let slug: string;

  const get = (url: string) => test.app.inject({ method: 'GET', url });
  /** The bytes a preview reader would fetch for an absolute URL of this server. */
  const fetchImage = async (url: string) => {
    expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    const response = await get(url.slice(PUBLIC_URL.length));
    expect(response.statusCode, url).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    chain = await startAnvil();
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Layerloom" /><title>Layerloom</title></head><body><div id="root"></div></body></html>',
    );
    test = await createTestApp('sqlite', { RPC_URL_31337: chain.rpcUrl, PUBLIC_URL, WEB_DIST: web });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: SIZE,
      name: 'Hidden Foxes',
    });
    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    slug = published.json().data.publication.slug;
    // A pre-reveal contract (not revealed on chain), with no placeholder on Layerloom and no banner uploaded.
    const publicClient = createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) });
    const walletClient = createWalletClient({
      account: CREATOR,
      chain: anvilChain,
      transport: http(chain.rpcUrl),
    });
    const deployed = await deployCollection({
      publicClient,
      walletClient,
      collection: {
        name: 'Hidden Foxes',
        symbol: 'HFOX',
        maxSupply: SIZE,
        mintPrice: parseEther('0.02'),
        maxPerWallet: 2,
        preRevealURI: `${PUBLIC_URL}/hidden.json`,
      },
    });
    const recorded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/deployments`,
      headers: { cookie: owner.cookie },
      payload: {
        chainId: 31337,
        address: deployed.address,
        deployer: CREATOR,
        transactionHash: deployed.hash,
        name: 'Hidden Foxes',
        symbol: 'HFOX',
        maxSupply: SIZE,
      },
    });
    expect(recorded.json().data.deployment.status).toBe('verified');
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
    rmSync(web, { recursive: true, force: true });
  });

  it('previews with a generated card (name, supply, price), never a token or the collage', async () => {
    const page = await get(`/mint/${slug}`);
    expect(page.statusCode).toBe(200);
    const image = meta(page.body, 'og:image');
    expect(image).toBe(`${PUBLIC_URL}/api/v1/drops/${slug}/share-card.png`);
    expect(meta(page.body, 'twitter:image')).toBe(image);
    expect(meta(page.body, 'twitter:card')).toBe('summary_large_image');

    const card = await fetchImage(image as string);
    const info = await sharp(card).metadata();
    expect(info).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // Not any token's art: neither the bytes of a token's image nor of the collage.
    const collage = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/mint-page/images/collage.webp`,
      headers: { cookie: owner.cookie },
    });
    expect(collage.statusCode).toBe(200);
    const art = [collage.rawPayload];
    for (let id = 1; id <= SIZE; id += 1) {
      const token = await get(`/hosted/${slug}/images/${id}.png`);
      expect(token.statusCode).toBe(200);
      art.push(token.rawPayload);
    }
    for (const bytes of art) expect(Buffer.compare(bytes, card)).not.toBe(0);
    const response = await get(`/api/v1/drops/${slug}/share-card.png`);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('says the name, the supply and the price on the card', async () => {
    const { shareCardSvg } = await import('./share-card.ts');
    const drop = (await get(`/api/v1/drops/${slug}`)).json().data.drop;
    const state = (await get(`/api/v1/drops/${slug}/state`)).json().data.state;
    const svg = shareCardSvg(drop, state);
    expect(svg).toContain('>Hidden Foxes</text>');
    expect(svg).toContain('4 unique NFTs  ·  0.02 ETH each');
    // Text from the creator is escaped, so it cannot break out of the SVG.
    expect(shareCardSvg({ ...drop, page: { ...drop.page, title: '<b>&"x"' } }, state)).toContain(
      '&#60;b&#62;&#38;&#34;x&#34;',
    );
  });

  it('previews with the placeholder once the creator sets one, and with an uploaded banner over both', async () => {
    const placeholder = multipartFiles([
      {
        filename: 'hidden.png',
        bytes: await sharp({
          create: { width: 64, height: 64, channels: 3, background: '#334455' },
        })
          .png()
          .toBuffer(),
        field: 'image',
      },
    ]);
    const hidden = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/collections/${collectionId}/publication/placeholder`,
      payload: placeholder.payload,
      headers: { ...placeholder.headers, cookie: owner.cookie },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const placeholderUrl = hidden.json().data.placeholder.imageUrl;
    const withPlaceholder = (await get(`/mint/${slug}`)).body;
    expect(meta(withPlaceholder, 'og:image')).toBe(placeholderUrl);
    expect(meta(withPlaceholder, 'twitter:image')).toBe(placeholderUrl);

    const banner = multipartFiles([
      {
        filename: 'banner.png',
        bytes: await sharp({ create: { width: 900, height: 300, channels: 3, background: '#aa3355' } })
          .png()
          .toBuffer(),
        field: 'file',
      },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/mint-page/banner`,
      payload: banner.payload,
      headers: { ...banner.headers, cookie: owner.cookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const name = uploaded.json().data.image.name;
    const settings = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collectionId}/mint-page`,
        headers: { cookie: owner.cookie },
      })
    ).json().data.page.settings;
    const saved = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/collections/${collectionId}/mint-page`,
      headers: { cookie: owner.cookie },
      payload: { ...settings, banner: name },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const withBanner = (await get(`/mint/${slug}`)).body;
    expect(meta(withBanner, 'og:image')).toBe(`${PUBLIC_URL}/api/v1/drops/${slug}/images/${name}`);
  });

  it('answers 404 for the card of a page that does not exist', async () => {
    const response = await get('/api/v1/drops/no-such-drop/share-card.png');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
