import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKuboStandIn } from '../../../test/support/kubo-stand-in.ts';
import { createFixtureProject, createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { readZip } from '../../../test/support/zip.ts';

const creators = [
  { address: '7nE1GmnMmDKiycFkpHF7mKtxt356FQzVonZqBWsTWZNf', share: 60 },
  { address: 'PanbgtcTiZ2PveV96t2FHSffiLHXXjMuhvoabUUKKm8', share: 40 },
];
const solana = { symbol: 'CATS', sellerFeeBasisPoints: 500, externalUrl: 'https://cats.example', creators };

/**
 * The fields Metaplex token metadata must have, as Sugar's `validate` checks them: name ≤ 32 bytes, symbol
 * ≤ 10 characters, royalties 0–10,000 basis points, an image and its entry in properties.files, creators
 * whose shares add up to 100.
 */
function expectMetaplexToken(json: Record<string, unknown>, image: string) {
  expect(typeof json.name).toBe('string');
  expect(Buffer.byteLength(json.name as string)).toBeLessThanOrEqual(32);
  expect((json.symbol as string).length).toBeLessThanOrEqual(10);
  expect(json.seller_fee_basis_points).toBeGreaterThanOrEqual(0);
  expect(json.seller_fee_basis_points).toBeLessThanOrEqual(10_000);
  expect(json.image).toBe(image);
  expect(Array.isArray(json.attributes)).toBe(true);
  const properties = json.properties as {
    files: { uri: string; type: string }[];
    category: string;
    creators: { address: string; share: number }[];
  };
  expect(properties.files).toContainEqual({ uri: image, type: 'image/png' });
  expect(properties.category).toBe('image');
  expect(properties.creators.reduce((sum, creator) => sum + creator.share, 0)).toBe(100);
}

describe.each(databaseKinds)('Solana (Metaplex) metadata on %s', (kind) => {
  let test: TestApp;
  let user: LoggedInUser;
  let other: LoggedInUser;
  /** The collection generated with both formats (by the generation test). */
  let solanaCollection = '';

  beforeAll(async () => {
    test = await createTestApp(kind);
    user = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  const patch = (id: string, payload: Record<string, unknown>, cookie = user.cookie) =>
    test.app.inject({ method: 'PATCH', url: `/api/v1/projects/${id}`, headers: { cookie }, payload });
  const get = (url: string, cookie = user.cookie) =>
    test.app.inject({ method: 'GET', url, headers: { cookie } });

  it('keeps the metadata format with the project, and refuses incomplete Solana settings with a 400 naming the field', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: user.cookie },
      payload: { name: 'Format', collectionSize: 4, width: 32, height: 32 },
    });
    const id: string = created.json().data.project.id;
    expect(created.json().data.project.metadata).toEqual({ format: 'erc721', solana: null });

    const saved = await patch(id, { metadata: { format: 'both', solana } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.project.metadata).toEqual({ format: 'both', solana });
    expect((await get(`/api/v1/projects/${id}`)).json().data.project.metadata).toEqual({
      format: 'both',
      solana,
    });

    const refusals: [unknown, { path: string; message: string }][] = [
      [
        { format: 'solana', solana: { ...solana, creators: [{ ...creators[0], share: 90 }] } },
        {
          path: 'metadata.solana.creators',
          message: 'Creator shares must add up to 100 %; they add up to 90 %',
        },
      ],
      [
        { format: 'solana', solana: { ...solana, creators: [] } },
        {
          path: 'metadata.solana.creators',
          message: 'Add at least one creator: the wallet that receives royalties',
        },
      ],
      [
        { format: 'solana', solana: { ...solana, creators: [{ address: '0xabc', share: 100 }] } },
        {
          path: 'metadata.solana.creators.0.address',
          message: 'This is not a Solana address: 32 to 44 letters and digits, without 0, O, I or l',
        },
      ],
      [
        { format: 'both', solana: { ...solana, symbol: 'ELEVENCHARS' } },
        { path: 'metadata.solana.symbol', message: 'Symbol is at most 10 characters (a Metaplex limit)' },
      ],
      [
        { format: 'both', solana: { ...solana, sellerFeeBasisPoints: 10_001 } },
        {
          path: 'metadata.solana.sellerFeeBasisPoints',
          message: 'Royalties are 0 to 10,000 basis points (0 to 100 %)',
        },
      ],
      [
        { format: 'solana', solana: null },
        {
          path: 'metadata.solana',
          message: 'Solana metadata needs its settings: royalties and at least one creator',
        },
      ],
      [
        { format: 'tezos', solana },
        { path: 'metadata.format', message: 'Choose Ethereum (ERC-721), Solana (Metaplex) or both' },
      ],
    ];
    for (const [metadata, field] of refusals) {
      const refused = await patch(id, { metadata });
      expect(refused.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(refused.json().error.fields).toContainEqual(field);
    }
    // Nothing of a refused change is written.
    expect((await get(`/api/v1/projects/${id}`)).json().data.project.metadata).toEqual({
      format: 'both',
      solana,
    });
    // Back to Ethereum only: the Solana fields are kept for later.
    const back = await patch(id, { metadata: { format: 'erc721', solana } });
    expect(back.json().data.project.metadata).toEqual({ format: 'erc721', solana });
    expect((await patch(id, { metadata: { format: 'both', solana } }, other.cookie)).statusCode).toBe(404);
  });

  it('generates Solana metadata and downloads it as Sugar’s assets folder and as an IPFS folder', async () => {
    const projectId = await createFixtureProject(test.app, user.cookie, { collectionSize: 3 });
    expect((await patch(projectId, { metadata: { format: 'both', solana } })).statusCode).toBe(200);
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: user.cookie },
    });
    expect(started.statusCode).toBe(202);
    const id: string = started.json().data.collection.id;
    solanaCollection = id;
    expect(started.json().data.collection.metadataFormat).toBe('both');
    for (let attempt = 0; attempt < 300; attempt++) {
      if ((await get(`/api/v1/collections/${id}`)).json().data.collection.progress.status === 'ready') break;
      await setTimeout(100);
    }
    expect((await get(`/api/v1/collections/${id}`)).json().data.collection).toMatchObject({
      progress: { status: 'ready' },
      metadataFormat: 'both',
    });

    const zip = await get(`/api/v1/collections/${id}/download/solana-zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toBe('attachment; filename="Fixture-Cats-solana-assets.zip"');
    const entries = await readZip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        'assets/0.json',
        'assets/0.png',
        'assets/1.json',
        'assets/1.png',
        'assets/2.json',
        'assets/2.png',
        'assets/collection.json',
        'assets/collection.png',
      ].sort(),
    );
    const tokens = (await get(`/api/v1/collections/${id}/tokens?pageSize=10`)).json().data.tokens;
    for (let index = 0; index < 3; index++) {
      const json = JSON.parse(entries.get(`assets/${index}.json`)!.toString());
      expectMetaplexToken(json, `${index}.png`);
      // Asset N − 1 is token N: same name, traits and image.
      expect(json).toMatchObject({
        name: `Fixture Cats #${index + 1}`,
        symbol: 'CATS',
        description: 'Made in a test',
        seller_fee_basis_points: 500,
        external_url: 'https://cats.example',
        attributes: tokens[index].attributes,
        properties: { creators },
      });
      const image = await get(`/api/v1/collections/${id}/images/${index + 1}.png`);
      expect(entries.get(`assets/${index}.png`)).toEqual(image.rawPayload);
    }
    const collection = JSON.parse(entries.get('assets/collection.json')!.toString());
    expectMetaplexToken(collection, 'collection.png');
    expect(collection).toMatchObject({ name: 'Fixture Cats', symbol: 'CATS', seller_fee_basis_points: 500 });

    const cids = (await get(`/api/v1/collections/${id}/ipfs`)).json().data;
    expect(cids.solanaMetadataCid).toMatch(/^bafy/);
    expect(cids.solanaMetadataCid).not.toBe(cids.metadataCid);
    const car = await get(`/api/v1/collections/${id}/download/solana-metadata-car`);
    expect(car.statusCode).toBe(200);
    expect(car.headers['content-type']).toBe('application/vnd.ipld.car');
    const text = car.rawPayload.toString('latin1');
    expect(text).toContain(`"image": "ipfs://${cids.imagesCid}/1.png"`);
    expect(text).toContain(`"uri": "ipfs://${cids.imagesCid}/3.png"`);
    expect(text).toContain('"seller_fee_basis_points": 500');

    expect((await get(`/api/v1/collections/${id}/download/solana-zip`, other.cookie)).statusCode).toBe(404);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/v1/collections/${id}/download/solana-zip` }))
        .statusCode,
    ).toBe(401);
  }, 120_000);

  it('publishes the Solana metadata folder to IPFS with the images and metadata, so its ipfs:// addresses resolve', async () => {
    expect(solanaCollection).not.toBe('');
    const kubo = await startKuboStandIn();
    try {
      const saved = await test.app.inject({
        method: 'PUT',
        url: '/api/v1/pinning-provider',
        headers: { cookie: user.cookie },
        payload: { endpoint: kubo.url, token: kubo.token },
      });
      expect(saved.statusCode).toBe(200);
      const url = `/api/v1/collections/${solanaCollection}/publication/ipfs`;
      const started = await test.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } });
      expect(started.statusCode, started.body).toBe(202);
      let upload = started.json().data.upload;
      for (let attempt = 0; attempt < 300 && !['succeeded', 'failed'].includes(upload.status); attempt++) {
        await setTimeout(50);
        upload = (await get(url)).json().data.upload;
      }
      expect(upload).toMatchObject({ status: 'succeeded', error: null });
      const cids = (await get(`/api/v1/collections/${solanaCollection}/ipfs`)).json().data;
      expect(kubo.received.map((car) => car.roots)).toEqual([
        [cids.imagesCid],
        [cids.metadataCid],
        [cids.solanaMetadataCid],
      ]);
      expect(kubo.pinned).toEqual(new Set([cids.imagesCid, cids.metadataCid, cids.solanaMetadataCid]));
    } finally {
      await kubo.close();
    }
  }, 120_000);

  it('says how to get Solana metadata when a collection was generated without it', async () => {
    const id = await createReadyCollection(test.app, user.cookie, { collectionSize: 2 });
    expect((await get(`/api/v1/collections/${id}`)).json().data.collection.metadataFormat).toBe('erc721');
    expect((await get(`/api/v1/collections/${id}/ipfs`)).json().data.solanaMetadataCid).toBeNull();
    for (const kind of ['solana-zip', 'solana-metadata-car']) {
      const refused = await get(`/api/v1/collections/${id}/download/${kind}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toContain(
        'choose Solana or Both under Generate NFT › Advanced › Metadata format',
      );
    }
  }, 120_000);
});
