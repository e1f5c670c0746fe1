import {
  allowlistMint,
  CollectionRevertedError,
  createAllowlist,
  deployCollection,
  setAllowlist,
  setPhase,
} from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

// anvil's unlocked default accounts #0 (the creator), #1 (listed) and #2 (not listed).
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LISTED: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const UNLISTED: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe.each(databaseKinds)('allowlists on %s', (kind) => {
  let chain: Anvil;
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;
  let slug: string;

  const clients = (account: Address) => ({
    publicClient: createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }),
    walletClient: createWalletClient({ account, chain: anvilChain, transport: http(chain.rpcUrl) }),
  });
  const put = (csv: string, user = owner) =>
    test.app.inject({
      method: 'PUT',
      url: `/api/v1/collections/${collectionId}/allowlist`,
      headers: { cookie: user.cookie },
      payload: { csv },
    });
  const proofOf = async (address: string) =>
    test.app.inject({ method: 'GET', url: `/api/v1/drops/${slug}/allowlist/${address}` });

  beforeAll(async () => {
    chain = await startAnvil();
    test = await createTestApp(kind, { RPC_URL_31337: chain.rpcUrl });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, { collectionSize: 3 });
    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    slug = published.json().data.publication.slug;
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
  });

  it('names every malformed line of a CSV and stores nothing', async () => {
    const response = await put(`address\n${LISTED}\n0x12\n${UNLISTED},many`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '2 lines are not valid: line 3: "0x12" is not an address',
      fields: [
        { path: 'csv.3', message: 'Line 3: "0x12" is not an address' },
        { path: 'csv.4', message: 'Line 4: quantity "many" is not a whole number from 1 to 1,000,000' },
      ],
    });
    expect((await put('address\n\n')).json().error.message).toBe(
      'The allowlist is empty: put one wallet address per line',
    );
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/allowlist`,
      headers: { cookie: owner.cookie },
    });
    expect(stored.json().data).toEqual({ allowlist: null });
    expect((await put(LISTED, other)).statusCode).toBe(404);
  });

  it("serves proofs of each wallet's allowance that the contract enforces, and tells an unlisted one it is not on the list", async () => {
    // LISTED may mint 3 (over the phase limit of 1); CREATOR has no quantity, so the phase limit.
    const response = await put(`${LISTED.toLowerCase()},3\n${CREATOR}\n${LISTED}`);
    expect(response.statusCode).toBe(200);
    const { allowlist } = response.json().data;
    expect(allowlist).toMatchObject({
      count: 2,
      entries: [
        { address: LISTED, quantity: 3 },
        { address: CREATOR, quantity: null },
      ],
    });
    expect(allowlist.merkleRoot).toBe(
      createAllowlist({
        entries: [
          { address: LISTED, allowance: 3 },
          { address: CREATOR, allowance: 0 },
        ],
      }).merkleRoot,
    );

    const deployed = await deployCollection({
      ...clients(CREATOR),
      collection: {
        name: 'Fixture Cats',
        symbol: 'FCAT',
        maxSupply: 10,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: 'https://example.com/hidden.json',
      },
    });
    const owned = { ...clients(CREATOR), address: deployed.address };
    await setAllowlist({
      ...owned,
      merkleRoot: allowlist.merkleRoot as Hex,
      price: parseEther('0.005'),
      maxPerWallet: 1,
    });
    await setPhase({ ...owned, phase: 'allowlist' });

    const listed = (await proofOf(LISTED.toLowerCase())).json().data.proof;
    expect(listed).toMatchObject({
      address: LISTED,
      listed: true,
      quantity: 3,
      allowance: 3,
      merkleRoot: allowlist.merkleRoot,
    });
    const asListed = { ...clients(LISTED), address: deployed.address, allowance: listed.allowance };
    // Under its allowance (and over the phase limit): minted.
    const minted = await allowlistMint({ ...asListed, quantity: 2, proof: listed.proof as Hex[] });
    expect(minted.tokenIds).toEqual([1n, 2n]);
    // Over its allowance: refused on chain, with what the limit is and what the wallet minted.
    const refused = await allowlistMint({ ...asListed, quantity: 2, proof: listed.proof as Hex[] }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CollectionRevertedError);
    expect(refused).toMatchObject({
      reason: 'WalletLimitExceeded',
      args: [3n, 2n],
      shortMessage: 'This wallet would go over its mint limit.',
    });
    expect(
      (await allowlistMint({ ...asListed, quantity: 1, proof: listed.proof as Hex[] })).tokenIds,
    ).toEqual([3n]);

    // Listed without a quantity: the phase's per-wallet limit (1).
    const creator = (await proofOf(CREATOR)).json().data.proof;
    expect(creator).toMatchObject({ listed: true, quantity: null, allowance: 0 });
    const asCreator = { ...owned, allowance: creator.allowance, proof: creator.proof as Hex[] };
    await expect(allowlistMint({ ...asCreator, quantity: 2 })).rejects.toMatchObject({
      reason: 'WalletLimitExceeded',
      args: [1n, 0n],
    });
    expect((await allowlistMint({ ...asCreator, quantity: 1 })).tokenIds).toEqual([4n]);

    const unlisted = await proofOf(UNLISTED);
    expect(unlisted.statusCode).toBe(200);
    expect(unlisted.json().data.proof).toEqual({
      address: UNLISTED,
      listed: false,
      proof: [],
      quantity: null,
      allowance: 0,
      merkleRoot: allowlist.merkleRoot,
    });
    expect((await proofOf('0x1234')).statusCode).toBe(400);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/v1/drops/no-such-drop/allowlist/${LISTED}` }))
        .statusCode,
    ).toBe(404);
  });
  it('rebuilds a list stored with address-only leaves into allowances, under a new root the owner then sets', async () => {
    expect((await put(`${LISTED},2\n${UNLISTED}`)).statusCode).toBe(200);
    // As an earlier version stored it: address-only leaves and their root.
    const old = StandardMerkleTree.of([[LISTED], [UNLISTED]], ['address']);
    await test.app.database.db
      .updateTable('allowlists')
      .set({
        merkle_root: old.root,
        tree: JSON.stringify(old.dump()),
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .where('collection_id', '=', collectionId)
      .execute();

    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/allowlist`,
      headers: { cookie: owner.cookie },
    });
    const { allowlist } = stored.json().data;
    const expected = createAllowlist({
      entries: [
        { address: LISTED, allowance: 2 },
        { address: UNLISTED, allowance: 0 },
      ],
    });
    expect(allowlist.merkleRoot).toBe(expected.merkleRoot);
    expect(allowlist.merkleRoot).not.toBe(old.root);
    expect(allowlist.updatedAt).not.toBe('2026-01-01T00:00:00.000Z');
    expect((await proofOf(UNLISTED)).json().data.proof).toMatchObject({
      listed: true,
      quantity: null,
      allowance: 0,
      merkleRoot: expected.merkleRoot,
    });
    expect((await proofOf(LISTED)).json().data.proof).toMatchObject({ quantity: 2, allowance: 2 });
  });
});
