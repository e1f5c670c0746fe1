import { deployCollection, deployPaymentSplitter } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import { type Address, createPublicClient, createWalletClient, type Hash, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

// anvil's unlocked default account #0 deploys; #2 and #3 share the royalties.
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PAYEE_A: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const PAYEE_B: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

const split = (a: number, b: number) => [
  { address: PAYEE_A, shares: a },
  { address: PAYEE_B, shares: b },
];

describe.each(databaseKinds)('recording a collection whose royalties go to a splitter on %s', (kind) => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let collectionId: string;

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) });
  const walletClient = () =>
    createWalletClient({ account: CREATOR, chain: anvilChain, transport: http(chain.rpcUrl) });

  /** Deploys a splitter, then the collection paying its royalties to `receiver` (the splitter by default). */
  async function deployWithSplitter(receiver?: Address) {
    const splitter = await deployPaymentSplitter({
      walletClient: walletClient(),
      publicClient: publicClient(),
      payees: split(6000, 4000),
    });
    const collection = await deployCollection({
      walletClient: walletClient(),
      publicClient: publicClient(),
      collection: {
        name: 'Royalty Cats',
        symbol: 'RCAT',
        maxSupply: 3,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: 'https://layerloom.example.com/hidden.json',
        royalty: { bps: 500, receiver: receiver ?? splitter.address },
      },
    });
    return { splitter: splitter.address, collection };
  }

  const claim = (collection: { address: Address; hash: Hash }, extra: object) => ({
    chainId: anvilChain.id,
    address: collection.address,
    deployer: CREATOR,
    transactionHash: collection.hash,
    name: 'Royalty Cats',
    symbol: 'RCAT',
    maxSupply: 3,
    ...extra,
  });
  const record = (body: object) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/deployments`,
      headers: { cookie: owner.cookie },
      payload: body,
    });
  const list = async () =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collectionId}/deployments`,
        headers: { cookie: owner.cookie },
      })
    ).json().data.deployments;

  beforeAll(async () => {
    chain = await startAnvil();
    test = await createTestApp(kind, { RPC_URL_31337: chain.rpcUrl });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Royalty Cats',
    });
    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(published.statusCode).toBe(201);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
  });

  it('records the splitter and its payees, as checked on chain, and lists them', async () => {
    const { splitter, collection } = await deployWithSplitter();
    const response = await record(
      claim(collection, { royaltySplitter: { address: splitter, payees: split(60, 40) } }),
    );
    expect(response.statusCode).toBe(201);
    const { deployment } = response.json().data;
    expect(deployment).toMatchObject({
      status: 'verified',
      royaltySplitter: { address: splitter, payees: split(60, 40) },
    });
    expect((await list())[0]).toEqual(deployment);
  });

  it('refuses a splitter the chain contradicts, storing nothing', async () => {
    const { splitter, collection } = await deployWithSplitter();
    const elsewhere = await deployWithSplitter(CREATOR);
    const before = (await list()).length;
    const contradictions: [object, object, string][] = [
      [
        collection,
        { address: splitter, payees: split(5000, 5000) },
        `the royalty splitter's payees are ${PAYEE_A} (60 %), ${PAYEE_B} (40 %), not ${PAYEE_A} (50 %), ${PAYEE_B} (50 %)`,
      ],
      [
        elsewhere.collection,
        { address: elsewhere.splitter, payees: split(6000, 4000) },
        `the contract's royalties go to ${CREATOR}, not the splitter ${elsewhere.splitter}`,
      ],
      [
        collection,
        { address: PAYEE_A, payees: split(6000, 4000) },
        `royalties go to ${splitter}, not the splitter ${PAYEE_A}`,
      ],
    ];
    for (const [deployed, royaltySplitter, message] of contradictions) {
      const refused = await record(claim(deployed as { address: Address; hash: Hash }, { royaltySplitter }));
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
    const malformed = await record(claim(collection, { royaltySplitter: { address: splitter, payees: [] } }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('needs at least one payee');
    expect(await list()).toHaveLength(before);
  });
});
