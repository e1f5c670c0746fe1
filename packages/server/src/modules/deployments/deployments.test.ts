import { deployCollection, layerloomCollectionAbi } from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hash,
  http,
  parseEther,
} from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

// anvil's unlocked default accounts #0 and #1.
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const STRANGER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
// anvil's accounts #2 and #3, as payees.
const PAYEE_A: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const PAYEE_B: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe.each(databaseKinds)('recording a deployed collection contract on %s', (kind) => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;
  let unpublishedId: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const clients = () => ({
    publicClient: createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }),
    walletClient: (account: Address) =>
      createWalletClient({ account, chain: anvilChain, transport: http(chain.rpcUrl) }),
  });

  const generate = (user: LoggedInUser, name: string) =>
    createReadyCollection(test.app, user.cookie, { collectionSize: 3, name });

  /** Deploys the collection contract from `from`, as the browser's wallet would. */
  async function deploy(
    from: Address,
    settings: { name?: string; maxSupply?: number; payees?: { address: Address; shares: number }[] } = {},
  ) {
    const { publicClient, walletClient } = clients();
    return deployCollection({
      walletClient: walletClient(from),
      publicClient,
      collection: {
        name: settings.name ?? 'Fixture Cats',
        symbol: 'FCAT',
        maxSupply: settings.maxSupply ?? 3,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: 'https://layerloom.example.com/hidden.json',
        ...(settings.payees ? { payees: settings.payees } : {}),
      },
    });
  }

  const record = (id: string, body: object, user = owner) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${id}/deployments`,
      headers: as(user),
      payload: body,
    });
  const list = async (id: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${id}/deployments`,
        headers: as(owner),
      })
    ).json().data.deployments;
  const claim = (deployed: { address: Address; hash: Hash }, extra: object = {}) => ({
    chainId: anvilChain.id,
    address: deployed.address,
    deployer: CREATOR,
    transactionHash: deployed.hash,
    name: 'Fixture Cats',
    symbol: 'FCAT',
    maxSupply: 3,
    ...extra,
  });

  beforeAll(async () => {
    chain = await startAnvil();
    test = await createTestApp(kind, { RPC_URL_31337: chain.rpcUrl });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    [collectionId, unpublishedId] = [
      await generate(owner, 'Fixture Cats'),
      await generate(owner, 'Draft Cats'),
    ];
    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication`,
      headers: as(owner),
      payload: {},
    });
    expect(published.statusCode).toBe(201);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
  });

  it('verifies a contract the creator deployed on chain, and lists it', async () => {
    const deployed = await deploy(CREATOR);
    const response = await record(collectionId, claim(deployed));
    expect(response.statusCode).toBe(201);
    const { deployment } = response.json().data;
    expect(deployment).toMatchObject({
      collectionId,
      chainId: 31337,
      chainName: 'Local (anvil)',
      address: getAddress(deployed.address),
      deployer: CREATOR,
      transactionHash: deployed.hash,
      blockNumber: deployed.receipt.blockNumber.toString(),
      maxSupply: 3,
      status: 'verified',
      statusReason: null,
      explorerUrl: null,
    });
    expect(await list(collectionId)).toEqual([deployment]);
    const again = await record(collectionId, claim(deployed));
    expect(again.statusCode).toBe(409);
    // The contract is really there, owned by the creator.
    const owned = await clients().publicClient.readContract({
      address: deployed.address,
      abi: layerloomCollectionAbi,
      functionName: 'owner',
    });
    expect(owned).toBe(CREATOR);
  });

  it('records the payout split the contract was deployed with, as checked on chain', async () => {
    const deployed = await deploy(CREATOR, {
      payees: [
        { address: PAYEE_A, shares: 6000 },
        { address: PAYEE_B, shares: 4000 },
      ],
    });
    const before = (await list(collectionId)).length;
    // The contract pays 60 % / 40 %: another split, or other payees, is refused and nothing is stored.
    const contradictions: [object[], string][] = [
      [
        [
          { address: PAYEE_A, shares: 5000 },
          { address: PAYEE_B, shares: 5000 },
        ],
        `payees are ${PAYEE_A} (60 %), ${PAYEE_B} (40 %), not ${PAYEE_A} (50 %), ${PAYEE_B} (50 %)`,
      ],
      [[{ address: CREATOR, shares: 10000 }], `not ${CREATOR} (100 %)`],
    ];
    for (const [payees, message] of contradictions) {
      const refused = await record(collectionId, claim(deployed, { payees }));
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
    expect(await list(collectionId)).toHaveLength(before);

    // Shares are checked as ratios: 3 and 2 are the same split as 6000 and 4000.
    const response = await record(
      collectionId,
      claim(deployed, {
        payees: [
          { address: PAYEE_A.toLowerCase(), shares: 3 },
          { address: PAYEE_B, shares: 2 },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { deployment } = response.json().data;
    expect(deployment).toMatchObject({
      status: 'verified',
      payees: [
        { address: PAYEE_A, shares: 3 },
        { address: PAYEE_B, shares: 2 },
      ],
    });
    expect((await list(collectionId))[0]).toEqual(deployment);

    // A contract without a split pays its one payout address (the owner here), whatever shares are sent.
    const single = await deploy(CREATOR);
    const one = await record(collectionId, claim(single, { payees: [{ address: CREATOR, shares: 10000 }] }));
    expect(one.statusCode).toBe(201);
    expect(one.json().data.deployment.payees).toEqual([{ address: CREATOR, shares: 10000 }]);
  });

  it('keeps a collection whose contract is verified on chain: deleting it is refused and nothing is removed', async () => {
    const refused = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/collections/${collectionId}`,
      headers: { cookie: owner.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      /^This collection has a live contract on Local \(anvil\) \(0x[0-9a-fA-F]{40}\): collectors' tokens point at its files and its mint page, so it cannot be deleted\.$/,
    );
    const still = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}`,
      headers: { cookie: owner.cookie },
    });
    expect(still.statusCode).toBe(200);
    expect((await list(collectionId)).length).toBeGreaterThan(0);
  });

  it('refuses a claim the chain contradicts, storing nothing', async () => {
    const before = (await list(collectionId)).length;
    const deployed = await deploy(CREATOR, { name: 'Other Name' });
    const cases: [object, string][] = [
      [claim(deployed), 'name is "Other Name", not "Fixture Cats"'],
      [claim(deployed, { name: 'Other Name', deployer: STRANGER }), `was sent by ${CREATOR}`],
      [claim(deployed, { name: 'Other Name', maxSupply: 2 }), 'max supply is 3, not 2'],
      [
        claim(deployed, { name: 'Other Name', transactionHash: `0x${'ab'.repeat(32)}` }),
        'was not found on Local',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await record(collectionId, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    // A plain transfer creates no contract.
    const { walletClient, publicClient } = clients();
    const hash = await walletClient(CREATOR).sendTransaction({ to: STRANGER, value: 1n });
    await publicClient.waitForTransactionReceipt({ hash });
    const transfer = await record(
      collectionId,
      claim({ address: deployed.address, hash }, { name: 'Other Name' }),
    );
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().error.message).toContain('did not create a contract');
    expect(await list(collectionId)).toHaveLength(before);
  });

  it('keeps a deployment unverified when the chain has no RPC or it does not answer', async () => {
    const sepolia = await record(collectionId, {
      ...claim({ address: '0x1234567890123456789012345678901234567890', hash: `0x${'12'.repeat(32)}` }),
      chainId: 11155111,
    });
    expect(sepolia.statusCode).toBe(201);
    expect(sepolia.json().data.deployment).toMatchObject({
      chainName: 'Sepolia',
      status: 'unverified',
      statusReason: 'No RPC is configured for Sepolia (RPC_URL_11155111), so the contract is not verified.',
      explorerUrl: 'https://sepolia.etherscan.io/address/0x1234567890123456789012345678901234567890',
    });

    const deployed = await deploy(CREATOR);
    const rpcUrls = test.app.config.rpcUrls;
    // The same server with its local chain's RPC down.
    test.app.config.rpcUrls = { ...rpcUrls, 31337: 'http://127.0.0.1:9' };
    try {
      const response = await record(collectionId, claim(deployed));
      expect(response.statusCode).toBe(201);
      expect(response.json().data.deployment).toMatchObject({
        status: 'unverified',
        statusReason: 'The Local (anvil) RPC did not answer, so the contract is not verified yet.',
        blockNumber: null,
      });
    } finally {
      test.app.config.rpcUrls = rpcUrls;
    }
  });

  it('lists the networks, saying which ones this server reads', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/chains', headers: as(owner) });
    expect(response.statusCode).toBe(200);
    const { chains } = response.json().data;
    expect(chains).toContainEqual({ chainId: 31337, name: 'Local (anvil)', kind: 'local', hasRpc: true });
    expect(chains).toContainEqual({ chainId: 84532, name: 'Base Sepolia', kind: 'testnet', hasRpc: false });
    expect(chains).toContainEqual({ chainId: 1, name: 'Ethereum', kind: 'mainnet', hasRpc: false });
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/v1/chains' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers each wrong request with a clear 4xx', async () => {
    const body = claim({
      address: '0x1234567890123456789012345678901234567890',
      hash: `0x${'34'.repeat(32)}`,
    });
    const checks: [
      Promise<{ statusCode: number; json(): { error: { message: string } } }>,
      number,
      string,
    ][] = [
      [record(collectionId, body, other), 404, 'Collection not found'],
      [record(unpublishedId, body), 409, 'Publish the collection before deploying'],
      [record(collectionId, { ...body, chainId: 999 }), 400, 'Chain 999 is not supported'],
      [
        record(collectionId, { ...body, maxSupply: 4 }),
        400,
        "Max supply is at most the collection's 3 items",
      ],
      [record(collectionId, { ...body, address: '0x123' }), 400, 'must be an address'],
      [
        record(collectionId, {
          ...body,
          payees: [
            { address: PAYEE_A, shares: 1 },
            { address: PAYEE_A.toLowerCase(), shares: 1 },
          ],
        }),
        400,
        'lists the same address twice',
      ],
      [record(collectionId, { ...body, payees: [] }), 400, 'needs at least one payee'],
      [
        record(collectionId, { ...body, payees: [{ address: PAYEE_A, shares: 0 }] }),
        400,
        'must be at least 1',
      ],
      [
        record(collectionId, {
          ...body,
          payees: Array.from({ length: 11 }, (_, index) => ({
            address: `0x${(index + 1).toString(16).padStart(40, '0')}`,
            shares: 1,
          })),
        }),
        400,
        'at most 10 payees',
      ],
    ];
    for (const [pending, status, message] of checks) {
      const response = await pending;
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error.message).toContain(message);
    }
    const anonymous = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/deployments`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
