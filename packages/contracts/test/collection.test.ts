import { type Address, type Hex, keccak256, parseEther, toHex, zeroAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  airdrop,
  allowlistMint,
  CollectionRevertedError,
  createAllowlist,
  getAllowlistProof,
  getCollectionState,
  getMintedByWallet,
  getMintPrice,
  getSalePhase,
  getTotalSupply,
  layerloomCollectionAbi,
  mint,
  reveal,
  setAllowlist,
  setMaxPerWallet,
  setMintPrice,
  setPhase,
  setProvenanceHash,
  setSaleSchedule,
  withdraw,
} from '../src/index.ts';
import { type Anvil, startAnvil } from '../src/testing/index.ts';
import { connectTestChain, type TestChain } from './support/clients.ts';
import { defaultSettings, deployTestCollection } from './support/collection.ts';

let anvil: Anvil;
let chain: TestChain;
let owner: Address;
let alice: Address;
let bob: Address;
let carol: Address;

beforeAll(async () => {
  anvil = await startAnvil();
  chain = await connectTestChain(anvil.rpcUrl);
  [owner, alice, bob, carol] = chain.accounts as [Address, Address, Address, Address];
});

afterAll(async () => {
  await anvil?.stop();
});

/** Every test starts from a fresh chain state, so tests do not see each other's mints or balances. */
let snapshot: Hex | undefined;
beforeEach(async () => {
  if (snapshot) await chain.testClient.revert({ id: snapshot });
  snapshot = await chain.testClient.snapshot();
});

function wallet(index: number) {
  const walletClient = chain.wallets[index];
  if (!walletClient) throw new Error(`no anvil wallet ${index}`);
  return { walletClient, publicClient: chain.publicClient };
}

function read<const name extends ReadName>(address: Address, functionName: name, args?: readonly unknown[]) {
  return chain.publicClient.readContract({
    address,
    abi: layerloomCollectionAbi,
    functionName,
    args,
  } as never) as Promise<unknown>;
}
type ReadName = Extract<
  (typeof layerloomCollectionAbi)[number],
  { type: 'function'; stateMutability: 'view' | 'pure' }
>['name'];

/**
 * Sends a transaction from a raw wallet client and waits for its receipt: anvil may answer the
 * send before the block holding it is readable, so a read straight after could see the old state.
 */
async function send(hash: Promise<Hex>): Promise<void> {
  await chain.publicClient.waitForTransactionReceipt({ hash: await hash });
}

async function expectRevert(promise: Promise<unknown>, reason: string): Promise<CollectionRevertedError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a revert with ${reason}`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CollectionRevertedError);
  expect((error as CollectionRevertedError).reason).toBe(reason);
  return error as CollectionRevertedError;
}

async function openPublicSale(address: Address) {
  await setPhase({ ...wallet(0), address, phase: 'public' });
}

describe('deployment and reads', () => {
  it('deploys with the given settings and reads them back', async () => {
    const address = await deployTestCollection(chain, { payoutAddress: carol });
    const state = await getCollectionState({ publicClient: chain.publicClient, address });
    expect(state).toMatchObject({
      name: 'Loom Cats',
      symbol: 'LOOM',
      owner,
      maxSupply: 20n,
      totalSupply: 0n,
      phase: 'closed',
      mintPrice: parseEther('0.01'),
      maxPerWallet: 3,
      allowlist: { merkleRoot: null, price: 0n, maxPerWallet: 0 },
      revealed: false,
      preRevealURI: defaultSettings.preRevealURI,
      baseURI: '',
      contractURI: defaultSettings.contractURI,
      provenanceHash: null,
      payoutAddress: carol,
      royalty: { receiver: owner, bps: 500 },
      balance: 0n,
    });
    expect(await getSalePhase({ publicClient: chain.publicClient, address })).toBe('closed');
    expect(await getMintPrice({ publicClient: chain.publicClient, address })).toEqual({
      mintPrice: parseEther('0.01'),
      allowlistPrice: 0n,
    });
    expect((await getTotalSupply({ publicClient: chain.publicClient, address })).totalSupply).toBe(0n);
  });

  it('answers ERC-165 for ERC-721, its metadata extension, ERC-2981 and ERC-4906, and nothing else', async () => {
    const address = await deployTestCollection(chain);
    const supports = (id: Hex) => read(address, 'supportsInterface', [id]);
    expect(await supports('0x01ffc9a7')).toBe(true); // ERC-165
    expect(await supports('0x80ac58cd')).toBe(true); // ERC-721
    expect(await supports('0x5b5e139f')).toBe(true); // ERC-721 metadata
    expect(await supports('0x2a55205a')).toBe(true); // ERC-2981
    expect(await supports('0x49064906')).toBe(true); // ERC-4906
    expect(await supports('0xffffffff')).toBe(false);
    expect(await supports('0x780e9d63')).toBe(false); // ERC-721 enumerable is not implemented
  });

  it('pays ERC-2981 royalties to the receiver at the configured rate, and the owner can change them', async () => {
    const address = await deployTestCollection(chain, { royalty: { bps: 750, receiver: carol } });
    expect(await read(address, 'royaltyInfo', [1n, parseEther('2')])).toEqual([carol, parseEther('0.15')]);
    await send(
      chain.wallets[0]!.writeContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setDefaultRoyalty',
        args: [bob, 250n],
        account: owner,
        chain: chain.wallets[0]!.chain,
      }),
    );
    expect(await read(address, 'royaltyInfo', [7n, 10_000n])).toEqual([bob, 250n]);
  });
});

describe('ERC-721 behaviour', () => {
  it('tracks balances and owners from token 1, transfers and approvals', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    const minted = await mint({ ...wallet(1), address, quantity: 2 });
    expect(minted.tokenIds).toEqual([1n, 2n]);
    expect(await read(address, 'balanceOf', [alice])).toBe(2n);
    expect(await read(address, 'ownerOf', [2n])).toBe(alice);

    const alices = chain.wallets[1]!;
    await send(
      alices.writeContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'transferFrom',
        args: [alice, bob, 1n],
        account: alice,
        chain: alices.chain,
      }),
    );
    expect(await read(address, 'ownerOf', [1n])).toBe(bob);
    expect(await read(address, 'balanceOf', [alice])).toBe(1n);

    await send(
      alices.writeContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'approve',
        args: [carol, 2n],
        account: alice,
        chain: alices.chain,
      }),
    );
    expect(await read(address, 'getApproved', [2n])).toBe(carol);
    const carols = chain.wallets[3]!;
    await send(
      carols.writeContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'safeTransferFrom',
        args: [alice, carol, 2n],
        account: carol,
        chain: carols.chain,
      }),
    );
    expect(await read(address, 'ownerOf', [2n])).toBe(carol);
    expect(await read(address, 'getApproved', [2n])).toBe(zeroAddress);
  });

  it('refuses a transfer by someone neither owner nor approved', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    await mint({ ...wallet(1), address, quantity: 1 });
    await expect(
      chain.publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'transferFrom',
        args: [alice, bob, 1n],
        account: bob,
      }),
    ).rejects.toThrow(/TransferCallerNotOwnerNorApproved/);
  });

  it('refuses tokenURI for a token that does not exist', async () => {
    const address = await deployTestCollection(chain);
    await expect(read(address, 'tokenURI', [1n])).rejects.toThrow(/URIQueryForNonexistentToken/);
  });
});

describe('public sale', () => {
  it('is closed until the owner opens it', async () => {
    const address = await deployTestCollection(chain);
    const error = await expectRevert(mint({ ...wallet(1), address, quantity: 1 }), 'SalePhaseNotActive');
    expect(error.message).toMatch(/not open/);
  });

  it('mints at the public price and counts the wallet', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    await mint({ ...wallet(1), address, quantity: 3 });
    expect(await getMintedByWallet({ publicClient: chain.publicClient, address, wallet: alice })).toEqual({
      publicMinted: 3n,
      allowlistMinted: 0n,
      totalMinted: 3n,
    });
    expect((await getTotalSupply({ publicClient: chain.publicClient, address })).totalSupply).toBe(3n);
    expect(await chain.publicClient.getBalance({ address })).toBe(parseEther('0.03'));
  });

  it('refuses underpayment and overpayment', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    const under = await expectRevert(
      mint({ ...wallet(1), address, quantity: 2, value: parseEther('0.019') }),
      'IncorrectPayment',
    );
    expect(under.args).toEqual([parseEther('0.02'), parseEther('0.019')]);
    await expectRevert(
      mint({ ...wallet(1), address, quantity: 1, value: parseEther('0.02') }),
      'IncorrectPayment',
    );
    expect((await getTotalSupply({ publicClient: chain.publicClient, address })).totalSupply).toBe(0n);
  });

  it('enforces the per-wallet limit across several mints', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    await expectRevert(mint({ ...wallet(1), address, quantity: 4 }), 'WalletLimitExceeded');
    await mint({ ...wallet(1), address, quantity: 2 });
    const error = await expectRevert(mint({ ...wallet(1), address, quantity: 2 }), 'WalletLimitExceeded');
    expect(error.args).toEqual([3n, 2n]);
    await mint({ ...wallet(1), address, quantity: 1 });
  });

  it('refuses a zero-quantity mint', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    await expectRevert(mint({ ...wallet(1), address, quantity: 0 }), 'MintZeroQuantity');
  });

  it('sells out at max supply and says how many are left', async () => {
    const address = await deployTestCollection(chain, { maxSupply: 5, maxPerWallet: 10 });
    await openPublicSale(address);
    await mint({ ...wallet(1), address, quantity: 4 });
    const error = await expectRevert(mint({ ...wallet(2), address, quantity: 2 }), 'ExceedsMaxSupply');
    expect(error.args).toEqual([2n, 1n]);
    await mint({ ...wallet(2), address, quantity: 1 });
    await expectRevert(mint({ ...wallet(3), address, quantity: 1 }), 'ExceedsMaxSupply');
    expect((await getTotalSupply({ publicClient: chain.publicClient, address })).totalSupply).toBe(5n);
  });

  it('follows a price change by the owner', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    await setMintPrice({ ...wallet(0), address, price: parseEther('0.05') });
    await expectRevert(
      mint({ ...wallet(1), address, quantity: 1, value: parseEther('0.01') }),
      'IncorrectPayment',
    );
    await mint({ ...wallet(1), address, quantity: 1 });
    expect(await chain.publicClient.getBalance({ address })).toBe(parseEther('0.05'));
  });

  it('follows a per-wallet limit change by the owner', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    await setMaxPerWallet({ ...wallet(0), address, limit: 1 });
    await mint({ ...wallet(1), address, quantity: 1 });
    await expectRevert(mint({ ...wallet(1), address, quantity: 1 }), 'WalletLimitExceeded');
    expect((await getCollectionState({ publicClient: chain.publicClient, address })).maxPerWallet).toBe(1);
  });

  it('goes back to closed when the owner closes the sale', async () => {
    const address = await deployTestCollection(chain);
    await openPublicSale(address);
    await setPhase({ ...wallet(0), address, phase: 'closed' });
    await expectRevert(mint({ ...wallet(1), address, quantity: 1 }), 'SalePhaseNotActive');
  });
});

describe('allowlist sale', () => {
  async function deployWithAllowlist() {
    const allowlist = createAllowlist({ addresses: [alice, bob] });
    const address = await deployTestCollection(chain, {
      allowlist: { merkleRoot: allowlist.merkleRoot, price: parseEther('0.005'), maxPerWallet: 2 },
    });
    await setPhase({ ...wallet(0), address, phase: 'allowlist' });
    return { address, allowlist };
  }

  it('mints for a listed wallet with a valid proof at the allowlist price and limit', async () => {
    const { address, allowlist } = await deployWithAllowlist();
    const proof = getAllowlistProof({ tree: allowlist.tree, address: alice });
    expect(proof.allowance).toBe(0);
    const result = await allowlistMint({ ...wallet(1), address, quantity: 2, ...proof });
    expect(result.tokenIds).toEqual([1n, 2n]);
    expect(await chain.publicClient.getBalance({ address })).toBe(parseEther('0.01'));
    expect(await getMintedByWallet({ publicClient: chain.publicClient, address, wallet: alice })).toEqual({
      publicMinted: 0n,
      allowlistMinted: 2n,
      totalMinted: 2n,
    });
    await expectRevert(
      allowlistMint({ ...wallet(1), address, quantity: 1, ...proof }),
      'WalletLimitExceeded',
    );
  });

  it("refuses a wallet that is not listed, or uses another wallet's proof", async () => {
    const { address, allowlist } = await deployWithAllowlist();
    const alicesProof = getAllowlistProof({ tree: allowlist.tree, address: alice });
    const error = await expectRevert(
      allowlistMint({ ...wallet(3), address, quantity: 1, ...alicesProof }),
      'InvalidMerkleProof',
    );
    expect(error.message).toMatch(/not on the allowlist/);
    expect(() => getAllowlistProof({ tree: allowlist.tree, address: carol })).toThrow(/not on the allowlist/);
  });

  it('refuses allowlist mints outside the allowlist phase, and public mints during it', async () => {
    const { address, allowlist } = await deployWithAllowlist();
    await expectRevert(mint({ ...wallet(1), address, quantity: 1 }), 'SalePhaseNotActive');
    await openPublicSale(address);
    const proof = getAllowlistProof({ tree: allowlist.tree, address: bob });
    await expectRevert(allowlistMint({ ...wallet(2), address, quantity: 1, ...proof }), 'SalePhaseNotActive');
  });

  it('keeps allowlist and public counts apart', async () => {
    const { address, allowlist } = await deployWithAllowlist();
    const proof = getAllowlistProof({ tree: allowlist.tree, address: alice });
    await allowlistMint({ ...wallet(1), address, quantity: 2, ...proof });
    await openPublicSale(address);
    await mint({ ...wallet(1), address, quantity: 3 });
    expect(await getMintedByWallet({ publicClient: chain.publicClient, address, wallet: alice })).toEqual({
      publicMinted: 3n,
      allowlistMinted: 2n,
      totalMinted: 5n,
    });
  });

  it('uses a new list after setAllowlist', async () => {
    const { address } = await deployWithAllowlist();
    const next = createAllowlist({ addresses: [carol] });
    await setAllowlist({
      ...wallet(0),
      address,
      merkleRoot: next.merkleRoot,
      price: 0n,
      maxPerWallet: 1,
    });
    await allowlistMint({
      ...wallet(3),
      address,
      quantity: 1,
      ...getAllowlistProof({ tree: next.tree, address: carol }),
    });
    expect(await read(address, 'ownerOf', [1n])).toBe(carol);
  });

  describe('per-wallet allowances', () => {
    /** Alice may mint 4 (over the phase limit of 2), Bob 1 (under it), Carol has no quantity: the phase limit. */
    async function deployWithAllowances() {
      const allowlist = createAllowlist({
        entries: [
          { address: alice, allowance: 4 },
          { address: bob, allowance: 1 },
          { address: carol, allowance: null },
        ],
      });
      const address = await deployTestCollection(chain, {
        allowlist: { merkleRoot: allowlist.merkleRoot, price: parseEther('0.005'), maxPerWallet: 2 },
      });
      await setPhase({ ...wallet(0), address, phase: 'allowlist' });
      return { address, allowlist };
    }

    it('lets a wallet mint up to its own allowance, over the phase limit, in several mints', async () => {
      const { address, allowlist } = await deployWithAllowances();
      const proof = getAllowlistProof({ tree: allowlist.tree, address: alice });
      expect(proof.allowance).toBe(4);
      await allowlistMint({ ...wallet(1), address, quantity: 3, ...proof });
      await allowlistMint({ ...wallet(1), address, quantity: 1, ...proof });
      expect(await read(address, 'balanceOf', [alice])).toBe(4n);
      const error = await expectRevert(
        allowlistMint({ ...wallet(1), address, quantity: 1, ...proof }),
        'WalletLimitExceeded',
      );
      expect(error.args).toEqual([4n, 4n]);
      expect(error.shortMessage).toBe('This wallet would go over its mint limit.');
    });

    it('refuses more than a smaller allowance at once, and mints within it', async () => {
      const { address, allowlist } = await deployWithAllowances();
      const proof = getAllowlistProof({ tree: allowlist.tree, address: bob });
      expect(proof.allowance).toBe(1);
      const error = await expectRevert(
        allowlistMint({ ...wallet(2), address, quantity: 2, ...proof }),
        'WalletLimitExceeded',
      );
      expect(error.args).toEqual([1n, 0n]);
      expect(await read(address, 'totalMinted')).toBe(0n);
      await allowlistMint({ ...wallet(2), address, quantity: 1, ...proof });
      expect(await read(address, 'balanceOf', [bob])).toBe(1n);
    });

    it('gives a wallet listed without a quantity the phase limit, and follows a new limit', async () => {
      const { address, allowlist } = await deployWithAllowances();
      const proof = getAllowlistProof({ tree: allowlist.tree, address: carol });
      expect(proof.allowance).toBe(0);
      await expectRevert(
        allowlistMint({ ...wallet(3), address, quantity: 3, ...proof }),
        'WalletLimitExceeded',
      );
      await allowlistMint({ ...wallet(3), address, quantity: 2, ...proof });
      await setAllowlist({
        ...wallet(0),
        address,
        merkleRoot: allowlist.merkleRoot,
        price: parseEther('0.005'),
        maxPerWallet: 3,
      });
      await allowlistMint({ ...wallet(3), address, quantity: 1, ...proof });
      expect(await read(address, 'balanceOf', [carol])).toBe(3n);
    });

    it('refuses a wallet claiming an allowance it was not given', async () => {
      const { address, allowlist } = await deployWithAllowances();
      const { proof } = getAllowlistProof({ tree: allowlist.tree, address: bob });
      await expectRevert(
        allowlistMint({ ...wallet(2), address, quantity: 3, allowance: 3, proof }),
        'InvalidMerkleProof',
      );
      await expectRevert(
        allowlistMint({ ...wallet(2), address, quantity: 2, allowance: 0, proof }),
        'InvalidMerkleProof',
      );
    });
  });
});

describe('sale schedule', () => {
  /** The chain's time: the latest block's timestamp. */
  async function chainNow(): Promise<number> {
    return Number((await chain.publicClient.getBlock()).timestamp);
  }
  /** Moves the chain to `seconds` with an empty block, as time passing on a live network would. */
  async function mineAt(seconds: number) {
    await chain.testClient.setNextBlockTimestamp({ timestamp: BigInt(seconds) });
    await chain.testClient.mine({ blocks: 1 });
  }
  const state = (address: Address) => getCollectionState({ publicClient: chain.publicClient, address });

  it('opens the allowlist and then the public sale by itself at their start times', async () => {
    const allowlist = createAllowlist({ addresses: [alice] });
    const address = await deployTestCollection(chain, {
      allowlist: { merkleRoot: allowlist.merkleRoot, price: 0n, maxPerWallet: 1 },
    });
    const now = await chainNow();
    const allowlistStart = new Date((now + 100) * 1000);
    const publicStart = new Date((now + 200) * 1000);
    await setSaleSchedule({ ...wallet(0), address, allowlistStart, publicStart });
    expect((await state(address)).schedule).toEqual({ allowlistStart, publicStart });
    expect((await state(address)).phase).toBe('closed');
    const proof = getAllowlistProof({ tree: allowlist.tree, address: alice });
    await expectRevert(allowlistMint({ ...wallet(1), address, quantity: 1, ...proof }), 'SalePhaseNotActive');

    await mineAt(now + 100);
    expect(await getSalePhase({ publicClient: chain.publicClient, address })).toBe('allowlist');
    await allowlistMint({ ...wallet(1), address, quantity: 1, ...proof });
    await expectRevert(
      mint({ ...wallet(2), address, quantity: 1, value: parseEther('0.01') }),
      'SalePhaseNotActive',
    );

    await mineAt(now + 200);
    expect((await state(address)).phase).toBe('public');
    await mint({ ...wallet(2), address, quantity: 1, value: parseEther('0.01') });
    expect((await state(address)).totalSupply).toBe(2n);
  });

  it('keeps the schedule through price and limit changes, and ends it when the owner sets a phase', async () => {
    const address = await deployTestCollection(chain);
    const now = await chainNow();
    await setSaleSchedule({
      ...wallet(0),
      address,
      allowlistStart: null,
      publicStart: new Date((now + 50) * 1000),
    });
    await setMintPrice({ ...wallet(0), address, price: parseEther('0.02') });
    await setMaxPerWallet({ ...wallet(0), address, limit: 5 });
    await mineAt(now + 50);
    expect(await state(address)).toMatchObject({
      phase: 'public',
      mintPrice: parseEther('0.02'),
      maxPerWallet: 5,
    });

    await setPhase({ ...wallet(0), address, phase: 'closed' });
    expect(await state(address)).toMatchObject({
      phase: 'closed',
      schedule: { allowlistStart: null, publicStart: null },
    });
    await expectRevert(
      mint({ ...wallet(1), address, quantity: 1, value: parseEther('0.02') }),
      'SalePhaseNotActive',
    );
  });

  it('refuses a public sale that starts before the allowlist sale, and a schedule from anyone but the owner', async () => {
    const address = await deployTestCollection(chain);
    const now = await chainNow();
    const early = new Date((now + 10) * 1000);
    const late = new Date((now + 20) * 1000);
    // The library says so before the wallet is asked; the contract refuses it too.
    await expect(
      setSaleSchedule({ ...wallet(0), address, allowlistStart: late, publicStart: early }),
    ).rejects.toThrow(/publicStart.*after the allowlist sale/);
    await expect(
      chain.publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setSaleSchedule',
        args: [now + 20, now + 10],
        account: owner,
      }),
    ).rejects.toThrow(/InvalidSaleSchedule/);
    await expectRevert(
      setSaleSchedule({ ...wallet(1), address, allowlistStart: early, publicStart: late }),
      'OwnableUnauthorizedAccount',
    );
    // Both null clears a schedule and leaves the sale closed.
    await setSaleSchedule({ ...wallet(0), address, allowlistStart: early, publicStart: null });
    await setSaleSchedule({ ...wallet(0), address, allowlistStart: null, publicStart: null });
    await mineAt(now + 30);
    expect(await state(address)).toMatchObject({
      phase: 'closed',
      schedule: { allowlistStart: null, publicStart: null },
    });
  });
});

describe('owner mint (airdrop)', () => {
  it('mints free to many recipients in any phase, outside the sale limits', async () => {
    const address = await deployTestCollection(chain);
    const result = await airdrop({
      ...wallet(0),
      address,
      recipients: [
        { to: alice, quantity: 5 },
        { to: bob, quantity: 1 },
      ],
    });
    expect(result.tokenIds).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
    expect(await read(address, 'balanceOf', [alice])).toBe(5n);
    expect(await getMintedByWallet({ publicClient: chain.publicClient, address, wallet: alice })).toEqual({
      publicMinted: 0n,
      allowlistMinted: 0n,
      totalMinted: 5n,
    });
    await openPublicSale(address);
    await mint({ ...wallet(1), address, quantity: 3 });
  });

  it('respects max supply', async () => {
    const address = await deployTestCollection(chain, { maxSupply: 3 });
    await expectRevert(
      airdrop({ ...wallet(0), address, recipients: [{ to: alice, quantity: 4 }] }),
      'ExceedsMaxSupply',
    );
  });
});

describe('reveal and provenance', () => {
  it('shows the pre-reveal URI until a one-way reveal, then base URI + id + .json', async () => {
    const address = await deployTestCollection(chain);
    await airdrop({ ...wallet(0), address, recipients: [{ to: alice, quantity: 2 }] });
    expect(await read(address, 'tokenURI', [2n])).toBe(defaultSettings.preRevealURI);
    const { receipt } = await reveal({ ...wallet(0), address, baseURI: 'ipfs://bafyrevealed/' });
    expect(receipt.logs.length).toBe(2); // Revealed + ERC-4906 BatchMetadataUpdate
    expect(await read(address, 'tokenURI', [2n])).toBe('ipfs://bafyrevealed/2.json');
    await expectRevert(reveal({ ...wallet(0), address, baseURI: 'ipfs://other/' }), 'AlreadyRevealed');
    expect(await read(address, 'revealed')).toBe(true);
  });

  it('refuses an empty base URI', async () => {
    const address = await deployTestCollection(chain);
    await expectRevert(reveal({ ...wallet(0), address, baseURI: '' }), 'EmptyBaseURI');
  });

  it('takes the provenance hash once, and never after minting started', async () => {
    const hash = keccak256(toHex('images hash'));
    const address = await deployTestCollection(chain);
    await setProvenanceHash({ ...wallet(0), address, provenanceHash: hash });
    expect(await read(address, 'provenanceHash')).toBe(hash);
    await expectRevert(
      setProvenanceHash({ ...wallet(0), address, provenanceHash: keccak256(toHex('other')) }),
      'ProvenanceLocked',
    );

    const minted = await deployTestCollection(chain);
    await airdrop({ ...wallet(0), address: minted, recipients: [{ to: alice, quantity: 1 }] });
    await expectRevert(
      setProvenanceHash({ ...wallet(0), address: minted, provenanceHash: hash }),
      'ProvenanceLocked',
    );
  });
});

describe('contract URI (ERC-7572)', () => {
  it('returns the contract URI and emits ContractURIUpdated when it changes', async () => {
    const address = await deployTestCollection(chain);
    expect(await read(address, 'contractURI')).toBe(defaultSettings.contractURI);
    const owners = chain.wallets[0]!;
    const hash = await owners.writeContract({
      address,
      abi: layerloomCollectionAbi,
      functionName: 'setContractURI',
      args: ['ipfs://bafynew/collection.json'],
      account: owner,
      chain: owners.chain,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    const events = await chain.publicClient.getContractEvents({
      address,
      abi: layerloomCollectionAbi,
      eventName: 'ContractURIUpdated',
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(events).toHaveLength(1);
    expect(await read(address, 'contractURI')).toBe('ipfs://bafynew/collection.json');
  });
});

describe('owner-only functions', () => {
  it('refuses every owner function from another wallet', async () => {
    const address = await deployTestCollection(chain);
    const asAlice = { ...wallet(1), address };
    const notOwner = 'OwnableUnauthorizedAccount';
    await expectRevert(setPhase({ ...asAlice, phase: 'public' }), notOwner);
    await expectRevert(setMintPrice({ ...asAlice, price: 0n }), notOwner);
    await expectRevert(setMaxPerWallet({ ...asAlice, limit: 9 }), notOwner);
    await expectRevert(
      setAllowlist({ ...asAlice, merkleRoot: keccak256(toHex('x')), price: 0n, maxPerWallet: 1 }),
      notOwner,
    );
    await expectRevert(airdrop({ ...asAlice, recipients: [{ to: alice, quantity: 1 }] }), notOwner);
    await expectRevert(reveal({ ...asAlice, baseURI: 'ipfs://x/' }), notOwner);
    const error = await expectRevert(
      setProvenanceHash({ ...asAlice, provenanceHash: keccak256(toHex('x')) }),
      notOwner,
    );
    expect(error.message).toMatch(/Only the collection owner/);
    for (const functionName of ['setBaseURI', 'setPreRevealURI', 'setContractURI'] as const) {
      await expect(
        chain.publicClient.simulateContract({
          address,
          abi: layerloomCollectionAbi,
          functionName,
          args: ['ipfs://x/'],
          account: alice,
        }),
      ).rejects.toThrow(/OwnableUnauthorizedAccount/);
    }
    expect(await getSalePhase({ publicClient: chain.publicClient, address })).toBe('closed');
  });
});

describe('withdraw', () => {
  async function deployWithSales(payoutAddress?: Address) {
    const address = await deployTestCollection(chain, payoutAddress ? { payoutAddress } : {});
    await openPublicSale(address);
    await mint({ ...wallet(1), address, quantity: 3 });
    return address;
  }

  it('sends the whole balance to the owner when no payout address is set', async () => {
    const address = await deployWithSales();
    const before = await chain.publicClient.getBalance({ address: owner });
    const result = await withdraw({ ...wallet(0), address });
    expect(result).toMatchObject({ to: owner, amount: parseEther('0.03') });
    const gasPaid = result.receipt.gasUsed * result.receipt.effectiveGasPrice;
    expect(await chain.publicClient.getBalance({ address: owner })).toBe(
      before + parseEther('0.03') - gasPaid,
    );
    expect(await chain.publicClient.getBalance({ address })).toBe(0n);
  });

  it('sends to the payout address, which may call it itself', async () => {
    const address = await deployWithSales(carol);
    const before = await chain.publicClient.getBalance({ address: carol });
    const result = await withdraw({ ...wallet(3), address });
    expect(result).toMatchObject({ to: carol, amount: parseEther('0.03') });
    const gasPaid = result.receipt.gasUsed * result.receipt.effectiveGasPrice;
    expect(await chain.publicClient.getBalance({ address: carol })).toBe(
      before + parseEther('0.03') - gasPaid,
    );
  });

  it('refuses anyone else, and an empty balance', async () => {
    const address = await deployWithSales(carol);
    await expectRevert(withdraw({ ...wallet(2), address }), 'NotOwnerOrPayout');
    await withdraw({ ...wallet(0), address });
    await expectRevert(withdraw({ ...wallet(0), address }), 'NothingToWithdraw');
  });
});
