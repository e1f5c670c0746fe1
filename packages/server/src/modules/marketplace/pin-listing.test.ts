import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KuboStandIn, startKuboStandIn, verifiedCar } from '../../../test/support/kubo-stand-in.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { rawFileCar } from './pin-listing.ts';

const LISTING = {
  name: 'Pinned Cats',
  description: 'Listed on IPFS.',
  image: '',
  bannerImage: '',
  featuredImage: '',
  externalLink: 'https://cats.example.com',
  collaborators: [],
  sellerFeeBasisPoints: 0,
  feeRecipient: null,
};

describe('a CAR of one raw block', () => {
  it('holds the file under the CID of its bytes', async () => {
    const bytes = new TextEncoder().encode('{"name":"Cats"}\n');
    const { cid, car } = await rawFileCar(bytes);
    expect(cid).toBe(CID.createV1(raw.code, await sha256.digest(bytes)).toString());
    expect(await verifiedCar(car)).toEqual({ roots: [cid], blocks: 1 });
  });
});

describe.each(databaseKinds)('putting the marketplace listing on IPFS, on %s', (kind) => {
  let test: TestApp;
  let kubo: KuboStandIn;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;
  let hostedId: string;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user?: LoggedInUser, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const pin = (id: string, user: LoggedInUser | undefined = owner) =>
    inject('POST', `/api/v1/collections/${id}/marketplace/ipfs`, user);
  const marketplace = async () =>
    (await inject('GET', `/api/v1/collections/${collectionId}/marketplace`, owner)).json().data.marketplace;

  beforeAll(async () => {
    kubo = await startKuboStandIn();
    test = await createTestApp(kind, { IPFS_TIMEOUT_MS: '2000' });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 2,
      name: 'Pinned Cats',
    });
    hostedId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 2,
      name: 'Hosted Cats',
    });
    expect((await inject('POST', `/api/v1/collections/${hostedId}/publication`, owner, {})).statusCode).toBe(
      201,
    );
    expect(
      (await inject('PUT', '/api/v1/pinning-provider', owner, { endpoint: kubo.url, token: kubo.token }))
        .statusCode,
    ).toBe(200);
    const started = await inject('POST', `/api/v1/collections/${collectionId}/publication/ipfs`, owner);
    expect(started.statusCode, started.body).toBe(202);
    for (let attempt = 0; attempt < 600; attempt++) {
      const { publication } = (
        await inject('GET', `/api/v1/collections/${collectionId}/publication`, owner)
      ).json().data;
      if (publication) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the collection was not published to IPFS');
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await kubo?.close();
  });

  it('pins the saved listing’s JSON, then shows it stale once the listing is edited', async () => {
    expect(
      (await inject('PUT', `/api/v1/collections/${collectionId}/marketplace`, owner, LISTING)).statusCode,
    ).toBe(200);
    const before = kubo.received.length;
    const pinned = await pin(collectionId);
    expect(pinned.statusCode, pinned.body).toBe(200);
    const { ipfsContractUri } = pinned.json().data.marketplace;
    expect(ipfsContractUri).toMatch(/^ipfs:\/\/bafkrei[a-z2-7]+$/);
    const cid = ipfsContractUri.slice('ipfs://'.length);
    expect(kubo.received.length).toBe(before + 1);
    expect(kubo.received.at(-1)?.roots).toEqual([cid]);
    expect(kubo.pinned.has(cid)).toBe(true);
    // What was pinned is exactly the JSON served at the hosted address.
    const served = (await inject('GET', `/api/v1/drops/${await publicationSlug()}/contract.json`)).json();
    const { cid: expected } = await rawFileCar(
      new TextEncoder().encode(`${JSON.stringify(served, null, 2)}\n`),
    );
    expect(cid).toBe(expected);

    await inject('PUT', `/api/v1/collections/${collectionId}/marketplace`, owner, {
      ...LISTING,
      description: 'Edited.',
    });
    expect((await marketplace()).ipfsContractUri).toBeNull();
  });

  it('refuses a hosted collection, someone else’s, and a visitor, pinning nothing', async () => {
    const before = kubo.received.length;
    const hosted = await pin(hostedId);
    expect(hosted.statusCode).toBe(409);
    expect(hosted.json().error.message).toContain('Only a collection published to IPFS');
    expect((await pin(collectionId, other)).statusCode).toBe(404);
    expect((await inject('POST', `/api/v1/collections/${collectionId}/marketplace/ipfs`)).statusCode).toBe(
      401,
    );
    expect(kubo.received.length).toBe(before);
  });

  async function publicationSlug(): Promise<string> {
    return (await inject('GET', `/api/v1/collections/${collectionId}/publication`, owner)).json().data
      .publication.slug;
  }
});
