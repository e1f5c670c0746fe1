import { airdrop, deployCollection, reveal } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import sharp from 'sharp';
import { type Address, createPublicClient, createWalletClient, getAddress, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { collectionPrefix } from '../collections/collection-view.ts';

const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PUBLIC_URL = 'https://reveal.example.com';

/** A multipart body with optional `image` file and text fields. */
function placeholderForm(parts: {
  image?: { filename: string; bytes: Buffer };
  name?: string;
  description?: string;
}) {
  const boundary = `----layerloom${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const field of ['name', 'description'] as const) {
    const value = parts[field];
    if (value !== undefined) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
      );
    }
  }
  if (parts.image) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${parts.image.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      parts.image.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const solid = (format: 'png' | 'webp' | 'jpeg', color: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();

describe.each(databaseKinds)('a pre-reveal placeholder, on %s', (kind) => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;
  let slug: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const placeholderUrl = (id = collectionId) => `/api/v1/collections/${id}/publication/placeholder`;
  const revealUrl = (id = collectionId) => `/api/v1/collections/${id}/publication/reveal`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers });
  const put = (user: LoggedInUser | null, form: ReturnType<typeof placeholderForm>, id = collectionId) =>
    test.app.inject({
      method: 'PUT',
      url: placeholderUrl(id),
      payload: form.payload,
      headers: { ...form.headers, ...(user ? as(user) : {}) },
    });
  const local = (url: string) => url.replace(PUBLIC_URL, '');
  const remove = (user: LoggedInUser | null, id = collectionId) =>
    test.app.inject({ method: 'DELETE', url: placeholderUrl(id), headers: user ? as(user) : {} });
  const clients = () => ({
    publicClient: createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }),
    walletClient: createWalletClient({ account: CREATOR, chain: anvilChain, transport: http(chain.rpcUrl) }),
  });

  async function publishNew(name: string) {
    const id = await createReadyCollection(test.app, owner.cookie, { collectionSize: 3, name });
    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${id}/publication`,
      headers: as(owner),
      payload: {},
    });
    return { id, slug: published.json().data.publication.slug as string };
  }

  /** Deploys pre-reveal from the creator's account, records it, and airdrops token 1. */
  async function deployPreReveal(id: string, preRevealURI: string) {
    const deployed = await deployCollection({
      ...clients(),
      collection: {
        name: 'Veiled',
        symbol: 'VEIL',
        maxSupply: 3,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI,
      },
    });
    const recorded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${id}/deployments`,
      headers: as(owner),
      payload: {
        chainId: 31337,
        address: deployed.address,
        deployer: CREATOR,
        transactionHash: deployed.hash,
        name: 'Veiled',
        symbol: 'VEIL',
        maxSupply: 3,
      },
    });
    expect(recorded.json().data.deployment.status).toBe('verified');
    await airdrop({ ...clients(), address: deployed.address, recipients: [{ to: CREATOR, quantity: 1 }] });
    return deployed.address;
  }

  const tokenUri = (address: Address) =>
    clients().publicClient.readContract({
      address,
      abi: [
        {
          type: 'function',
          name: 'tokenURI',
          stateMutability: 'view',
          inputs: [{ name: 'tokenId', type: 'uint256' }],
          outputs: [{ type: 'string' }],
        },
      ] as const,
      functionName: 'tokenURI',
      args: [1n],
    });

  beforeAll(async () => {
    chain = await startAnvil();
    test = await createTestApp(kind, { PUBLIC_URL, RPC_URL_31337: chain.rpcUrl });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    ({ id: collectionId, slug } = await publishNew('Veiled Cats'));
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
  });

  it('is set and read only by the collection owner, and only once the collection is published', async () => {
    const image = { filename: 'veil.png', bytes: await solid('png', '#334455') };
    expect((await get(placeholderUrl())).statusCode).toBe(401);
    expect((await put(null, placeholderForm({ image }))).statusCode).toBe(401);
    expect((await test.app.inject({ method: 'POST', url: revealUrl() })).statusCode).toBe(401);
    expect((await get(placeholderUrl(), as(other))).statusCode).toBe(404);
    expect((await put(other, placeholderForm({ image }))).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'POST', url: revealUrl(), headers: as(other) })).statusCode).toBe(
      404,
    );

    const unpublished = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 2,
      name: 'Draft',
    });
    const early = await put(owner, placeholderForm({ image }), unpublished);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Publish the collection first: the placeholder is served beside its files.',
    );

    expect((await get(placeholderUrl(), as(owner))).json().data).toEqual({ placeholder: null });
  }, 60_000);

  it('refuses an image that is not one, too big or corrupt, and writes nothing', async () => {
    const png = await solid('png', '#000000');
    const bad = [
      {
        filename: 'notes.png',
        bytes: Buffer.from('just some text, not an image at all'),
        status: 400,
        message: 'notes.png is not a PNG, JPEG, WebP or GIF image',
      },
      {
        filename: 'vector.svg',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        status: 400,
        message: 'vector.svg is not a PNG, JPEG, WebP or GIF image',
      },
      {
        filename: 'photo.jpg',
        bytes: png,
        status: 400,
        message: 'photo.jpg is not really a JPEG image (its content is PNG)',
      },
      {
        filename: 'cut.png',
        bytes: png.subarray(0, png.length - 30),
        status: 400,
        message: 'cut.png is corrupt or truncated and cannot be read',
      },
      {
        filename: 'huge.png',
        bytes: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]),
        status: 413,
        message: 'The image is over 5 MB: use a smaller placeholder image',
      },
    ];
    for (const { filename, bytes, status, message } of bad) {
      const response = await put(owner, placeholderForm({ image: { filename, bytes } }));
      expect(response.statusCode, filename).toBe(status);
      expect(response.json().error.message, filename).toBe(message);
    }
    const noImage = await put(owner, placeholderForm({ name: 'Soon' }));
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().error.message).toBe('Choose a placeholder image (PNG, JPEG, WebP or GIF).');
    const emptyName = await put(
      owner,
      placeholderForm({ image: { filename: 'ok.png', bytes: png }, name: '   ' }),
    );
    expect(emptyName.statusCode).toBe(400);
    expect(emptyName.json().error).toMatchObject({
      message: 'Enter the name tokens show before the reveal.',
      fields: [{ path: 'name' }],
    });
    const json = await test.app.inject({
      method: 'PUT',
      url: placeholderUrl(),
      headers: as(owner),
      payload: { name: 'x' },
    });
    expect(json.statusCode).toBe(415);

    expect((await get(placeholderUrl(), as(owner))).json().data).toEqual({ placeholder: null });
    const stored: string[] = [];
    for await (const key of test.app.blobs.list(collectionPrefix(collectionId))) stored.push(key);
    expect(stored).toContain(`${collectionPrefix(collectionId)}/images/1.png`);
    expect(stored.filter((key) => key.includes('/placeholder/'))).toEqual([]);
    // Nothing became pre-reveal: the token files are still public.
    expect(JSON.parse((await get(`/hosted/${slug}/metadata/1`)).body).image).toBe(
      `${PUBLIC_URL}/hosted/${slug}/images/1.png`,
    );
    expect((await get(`/hosted/${slug}/placeholder.json`)).statusCode).toBe(404);
  }, 60_000);

  it('is served publicly as ERC-721 metadata whose image has a content-addressed, immutable URL', async () => {
    const first = await solid('png', '#112233');
    const set = await put(owner, placeholderForm({ image: { filename: 'veil.png', bytes: first } }));
    expect(set.statusCode).toBe(200);
    const { placeholder } = set.json().data;
    expect(placeholder).toMatchObject({
      name: 'Veiled Cats #?',
      description: 'Revealed soon',
      metadataUrl: `${PUBLIC_URL}/hosted/${slug}/placeholder.json`,
      imageType: 'png',
      revealedAt: null,
    });
    expect(placeholder.imageUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/hosted/${slug}/placeholder/[0-9a-f]{32}\\.png$`),
    );
    expect((await get(placeholderUrl(), as(owner))).json().data).toEqual({ placeholder });

    const json = await get(`/hosted/${slug}/placeholder.json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.body)).toEqual({
      name: 'Veiled Cats #?',
      description: 'Revealed soon',
      image: placeholder.imageUrl,
    });
    const etag = String(json.headers.etag);
    expect((await get(`/hosted/${slug}/placeholder.json`, { 'if-none-match': etag })).statusCode).toBe(304);

    const image = await get(local(placeholder.imageUrl));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(first)).toBe(true);

    // A new image and texts: a new image URL, the old one gone, the JSON's ETag changed.
    const second = await solid('webp', '#445566');
    const changed = (
      await put(
        owner,
        placeholderForm({
          image: { filename: 'veil.webp', bytes: second },
          name: 'Veiled #?',
          description: 'Soon.',
        }),
      )
    ).json().data.placeholder;
    expect(changed).toMatchObject({ name: 'Veiled #?', description: 'Soon.', imageType: 'webp' });
    expect(changed.imageUrl).not.toBe(placeholder.imageUrl);
    expect((await get(local(placeholder.imageUrl))).statusCode).toBe(404);
    const webp = await get(local(changed.imageUrl));
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.equals(second)).toBe(true);
    const after = await get(`/hosted/${slug}/placeholder.json`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(after.body)).toEqual({
      name: 'Veiled #?',
      description: 'Soon.',
      image: changed.imageUrl,
    });

    // Texts alone keep the image.
    const renamed = (await put(owner, placeholderForm({ name: 'Veiled Cats #?' }))).json().data.placeholder;
    expect(renamed).toMatchObject({
      name: 'Veiled Cats #?',
      description: 'Soon.',
      imageUrl: changed.imageUrl,
    });
  }, 60_000);

  it("withholds the collection's own metadata and images until the reveal is read on chain", async () => {
    const placeholder = (await get(placeholderUrl(), as(owner))).json().data.placeholder;
    const placeholderImage = (await get(local(placeholder.imageUrl))).rawPayload;
    // Someone guessing the token URLs gets the placeholder, never the art, and nothing caches it.
    for (const url of [`/hosted/${slug}/metadata/2`, `/hosted/${slug}/metadata/2.json`]) {
      const metadata = await get(url);
      expect(metadata.statusCode).toBe(200);
      expect(metadata.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(metadata.body)).toEqual({
        name: 'Veiled Cats #?',
        description: 'Soon.',
        image: placeholder.imageUrl,
      });
    }
    const image = await get(`/hosted/${slug}/images/2.png`);
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.equals(placeholderImage)).toBe(true);

    // No contract yet: nothing to check.
    const tooEarly = await test.app.inject({ method: 'POST', url: revealUrl(), headers: as(owner) });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.message).toBe(
      'This collection has no verified contract yet, so there is no reveal to check.',
    );

    const address = await deployPreReveal(collectionId, placeholder.metadataUrl);
    expect(await tokenUri(address)).toBe(placeholder.metadataUrl);
    // The contract's tokens point at the placeholder now: it stays until the reveal.
    const kept = await remove(owner);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.message).toBe(
      `Your contract on Local (anvil) (${getAddress(address)}) shows this placeholder until you reveal it, so it cannot be removed: minted tokens would lose their metadata and the art would show before the reveal. Reveal the collection from the drop panel instead.`,
    );
    expect((await get(local(placeholder.metadataUrl))).statusCode).toBe(200);
    const notYet = await test.app.inject({ method: 'POST', url: revealUrl(), headers: as(owner) });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.message).toBe(
      'The contract is not revealed on chain yet: reveal it from your wallet first.',
    );
    expect((await get(`/hosted/${slug}/images/2.png`)).headers['cache-control']).toBe('no-store');

    await reveal({ ...clients(), address, baseURI: `${PUBLIC_URL}/hosted/${slug}/metadata/` });
    expect(await tokenUri(address)).toBe(`${PUBLIC_URL}/hosted/${slug}/metadata/1.json`);
    const recorded = await test.app.inject({ method: 'POST', url: revealUrl(), headers: as(owner) });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().data.placeholder.revealedAt).toEqual(expect.any(String));

    const metadata = await get(`/hosted/${slug}/metadata/1.json`);
    expect(metadata.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(JSON.parse(metadata.body)).toMatchObject({ image: `${PUBLIC_URL}/hosted/${slug}/images/1.png` });
    expect(JSON.parse(metadata.body).name).not.toBe('Veiled Cats #?');
    const art = await get(`/hosted/${slug}/images/2.png`);
    expect(art.headers['content-type']).toBe('image/png');
    expect(art.rawPayload.equals(placeholderImage)).toBe(false);

    const late = await put(owner, placeholderForm({ name: 'Again' }));
    expect(late.statusCode).toBe(409);
    const revealed = await remove(owner);
    expect(revealed.statusCode).toBe(409);
    expect(revealed.json().error.message).toBe(
      'This collection is revealed: its placeholder is part of its history and cannot be removed.',
    );
    expect(late.json().error.message).toBe(
      'This collection is revealed: its placeholder is no longer shown and cannot change.',
    );
  }, 90_000);

  it('can be removed by its owner before any contract is deployed, and the art is then served', async () => {
    const shy = await publishNew('Shy Foxes');
    const image = { filename: 'fox.png', bytes: await solid('png', '#aa5500') };
    const placeholder = (await put(owner, placeholderForm({ image }), shy.id)).json().data.placeholder;
    const withheld = await get(`/hosted/${shy.slug}/images/1.png`);
    expect(withheld.headers['cache-control']).toBe('no-store');

    expect((await remove(null, shy.id)).statusCode).toBe(401);
    expect((await remove(other, shy.id)).statusCode).toBe(404);
    expect((await get(placeholderUrl(shy.id), as(owner))).json().data.placeholder).not.toBeNull();

    const removed = await remove(owner, shy.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ placeholder: null });
    expect((await get(placeholderUrl(shy.id), as(owner))).json().data).toEqual({ placeholder: null });
    expect((await get(local(placeholder.metadataUrl))).statusCode).toBe(404);
    expect((await get(local(placeholder.imageUrl))).statusCode).toBe(404);
    const art = await get(`/hosted/${shy.slug}/images/1.png`);
    expect(art.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(art.rawPayload.equals(withheld.rawPayload)).toBe(false);
    const metadata = await get(`/hosted/${shy.slug}/metadata/1.json`);
    expect(JSON.parse(metadata.body).name).not.toBe('Shy Foxes #?');

    const again = await remove(owner, shy.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('This collection has no placeholder to remove.');
  }, 60_000);

  it('serves the art once the contract is revealed, even if the owner never reported the reveal', async () => {
    const other = await publishNew('Quiet Owls');
    const image = { filename: 'owl.jpg', bytes: await solid('jpeg', '#220033') };
    const placeholder = (await put(owner, placeholderForm({ image }), other.id)).json().data.placeholder;
    expect(placeholder.imageType).toBe('jpeg');
    const address = await deployPreReveal(other.id, placeholder.metadataUrl);
    await reveal({ ...clients(), address, baseURI: `${PUBLIC_URL}/hosted/${other.slug}/metadata/` });
    const metadata = await get(`/hosted/${other.slug}/metadata/1.json`);
    expect(metadata.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(JSON.parse(metadata.body).image).toBe(`${PUBLIC_URL}/hosted/${other.slug}/images/1.png`);
    expect((await get(placeholderUrl(other.id), as(owner))).json().data.placeholder.revealedAt).toEqual(
      expect.any(String),
    );
  }, 90_000);
});
