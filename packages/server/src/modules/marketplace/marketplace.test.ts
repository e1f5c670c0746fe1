import {
  deployCollection,
  emitMetadataUpdate,
  freezeMetadata,
  mint,
  reveal,
  setBaseURI,
  setContractURI,
  setPhase,
} from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import type { Address, Hash } from 'viem';
import { getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilClients } from '../../../test/support/live-drop.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { FROZEN_REASON } from './marketplace.service.ts';

// anvil's unlocked default accounts #0 and #1.
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const COLLECTOR: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PUBLIC_URL = 'https://loom.example.com';

const LISTING = {
  name: 'Fixture Cats',
  description: 'Cats, woven.',
  image: 'ipfs://bafyimage/cat.png',
  bannerImage: 'https://cdn.example.com/banner.png',
  featuredImage: '',
  externalLink: 'https://cats.example.com',
  collaborators: [COLLECTOR],
  sellerFeeBasisPoints: 500,
  feeRecipient: CREATOR,
};

describe.each(databaseKinds)('the marketplace listing and metadata updates on %s', (kind) => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;
  let slug: string;
  let contract: Address;

  const url = (id = collectionId) => `/api/v1/collections/${id}/marketplace`;
  const inject = (method: 'GET' | 'PUT' | 'POST', path: string, user?: LoggedInUser, payload?: object) =>
    test.app.inject({ method, url: path, headers: user ? { cookie: user.cookie } : {}, payload });
  const marketplace = async () => (await inject('GET', url(), owner)).json().data.marketplace;
  const recordTx = (hash: Hash, user = owner) =>
    inject('POST', `${url()}/updates`, user, { transactionHash: hash });
  const wallet = () => anvilClients(chain, CREATOR);

  beforeAll(async () => {
    chain = await startAnvil();
    test = await createTestApp(kind, { RPC_URL_31337: chain.rpcUrl, PUBLIC_URL });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Fixture Cats',
    });
    const published = await inject('POST', `/api/v1/collections/${collectionId}/publication`, owner, {});
    expect(published.statusCode).toBe(201);
    slug = published.json().data.publication.slug;
    expect(published.json().data.publication.contractUri).toBe(
      `${PUBLIC_URL}/api/v1/drops/${slug}/contract.json`,
    );
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
  });

  it('shows the collection’s own name until a listing is saved, and serves it publicly', async () => {
    const before = await marketplace();
    expect(before).toMatchObject({
      collectionId,
      savedAt: null,
      contractUri: `${PUBLIC_URL}/api/v1/drops/${slug}/contract.json`,
      metadataBaseUri: `${PUBLIC_URL}/hosted/${slug}/metadata/`,
      updates: [],
      isFrozen: false,
    });
    expect(before.listing.name).toBe('Fixture Cats');
    const served = await inject('GET', `/api/v1/drops/${slug}/contract.json`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/json');
    expect(served.json().name).toBe('Fixture Cats');
  });

  it('refuses bad listings with the field and the reason, and saves nothing', async () => {
    const cases: [object, string, string][] = [
      [
        { sellerFeeBasisPoints: 500, feeRecipient: null },
        'feeRecipient',
        'Say which wallet receives the royalty',
      ],
      [{ sellerFeeBasisPoints: 10_001 }, 'sellerFeeBasisPoints', 'The royalty is at most 100 %'],
      [{ image: 'http://cdn.example.com/a.png' }, 'image', 'Use an https:// or ipfs:// address'],
      [{ externalLink: 'ipfs://bafy' }, 'externalLink', 'Use an https:// address'],
      [
        { collaborators: [COLLECTOR, COLLECTOR.toLowerCase()] },
        'collaborators',
        'A collaborator is listed twice',
      ],
      [{ name: '  ' }, 'name', 'Give the collection a name'],
    ];
    for (const [change, path, message] of cases) {
      const response = await inject('PUT', url(), owner, { ...LISTING, ...change });
      expect(response.statusCode, path).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
    expect((await marketplace()).savedAt).toBeNull();
  });

  it('answers 401 without a session and 404 for someone else’s collection, writing nothing', async () => {
    expect((await inject('GET', url())).statusCode).toBe(401);
    expect((await inject('PUT', url(), undefined, LISTING)).statusCode).toBe(401);
    expect((await inject('GET', url(), other)).statusCode).toBe(404);
    expect((await inject('PUT', url(), other, LISTING)).statusCode).toBe(404);
    expect((await recordTx(`0x${'1'.repeat(64)}`, other)).statusCode).toBe(404);
    expect((await marketplace()).savedAt).toBeNull();
    expect((await inject('GET', '/api/v1/drops/no-such-drop/contract.json')).statusCode).toBe(404);
  });

  it('saves the listing and serves it as the JSON marketplaces read', async () => {
    const saved = await inject('PUT', url(), owner, LISTING);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.marketplace.savedAt).not.toBeNull();
    const served = (await inject('GET', `/api/v1/drops/${slug}/contract.json`)).json();
    expect(served).toEqual({
      name: 'Fixture Cats',
      description: 'Cats, woven.',
      image: 'ipfs://bafyimage/cat.png',
      banner_image: 'https://cdn.example.com/banner.png',
      external_link: 'https://cats.example.com',
      collaborators: [COLLECTOR],
      seller_fee_basis_points: 500,
      fee_recipient: CREATOR,
    });
  });

  it('refuses to record a transaction before a contract is deployed', async () => {
    const response = await recordTx(`0x${'2'.repeat(64)}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Deploy the collection');
  });

  it('records the contract’s metadata transactions read on chain, refuses others, and stops edits after the freeze', async () => {
    const contractUri = (await marketplace()).contractUri as string;
    const deployed = await deployCollection({
      ...wallet(),
      collection: {
        name: 'Fixture Cats',
        symbol: 'FCAT',
        maxSupply: 3,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 3,
        preRevealURI: `${PUBLIC_URL}/hidden.json`,
        contractURI: contractUri,
        royalty: { bps: 500 },
      },
    });
    contract = deployed.address;
    const recorded = await inject('POST', `/api/v1/collections/${collectionId}/deployments`, owner, {
      chainId: 31337,
      address: contract,
      deployer: CREATOR,
      transactionHash: deployed.hash,
      name: 'Fixture Cats',
      symbol: 'FCAT',
      maxSupply: 3,
    });
    expect(recorded.statusCode).toBe(201);
    const client = wallet();

    // A new listing announced on chain.
    const listed = await setContractURI({ ...client, address: contract, contractURI: contractUri });
    const first = await recordTx(listed.hash);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.update).toMatchObject({
      kind: 'contract-uri',
      detail: contractUri,
      transactionHash: listed.hash,
      address: getAddress(contract),
      chainId: 31337,
    });
    const again = await recordTx(listed.hash);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already recorded');

    // Not metadata transactions: a sale phase and a mint; a deploy of another contract; a made-up hash.
    const phase = await setPhase({ ...client, address: contract, phase: 'public' });
    const minted = await mint({
      ...anvilClients(chain, COLLECTOR),
      address: contract,
      quantity: 1,
    });
    const elsewhere = await deployCollection({
      ...wallet(),
      collection: {
        name: 'Other',
        symbol: 'OTH',
        maxSupply: 1,
        mintPrice: 0n,
        maxPerWallet: 1,
        preRevealURI: '',
      },
    });
    const refusals: [Hash, string][] = [
      [phase.hash, 'did not change the metadata'],
      [minted.hash, 'did not change the metadata'],
      [elsewhere.hash, 'was not sent to this collection'],
      [`0x${'3'.repeat(64)}`, 'was not found'],
    ];
    for (const [hash, message] of refusals) {
      const response = await recordTx(hash);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await marketplace()).updates).toHaveLength(1);

    // The reveal, then a refresh, a new base URI and the freeze.
    await reveal({ ...client, address: contract, baseURI: `${PUBLIC_URL}/hosted/${slug}/metadata/` });
    const refreshed = await emitMetadataUpdate({
      ...client,
      address: contract,
      fromTokenId: 1n,
      toTokenId: 1n,
    });
    expect((await recordTx(refreshed.hash)).json().data.update).toMatchObject({
      kind: 'refresh',
      detail: 'Token #1',
    });
    const moved = await setBaseURI({ ...client, address: contract, baseURI: 'ipfs://bafymeta/' });
    expect((await recordTx(moved.hash)).json().data.update).toMatchObject({
      kind: 'base-uri',
      detail: 'ipfs://bafymeta/',
    });
    const frozen = await freezeMetadata({ ...client, address: contract });
    const last = await recordTx(frozen.hash);
    expect(last.statusCode).toBe(201);
    expect(last.json().data.marketplace).toMatchObject({ isFrozen: true });
    expect(last.json().data.marketplace.updates.map((update: { kind: string }) => update.kind)).toEqual([
      'freeze',
      'base-uri',
      'refresh',
      'contract-uri',
    ]);

    const edit = await inject('PUT', url(), owner, { ...LISTING, description: 'Changed after the freeze' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(FROZEN_REASON);
    expect((await inject('GET', `/api/v1/drops/${slug}/contract.json`)).json().description).toBe(
      'Cats, woven.',
    );
  }, 120_000);
});
