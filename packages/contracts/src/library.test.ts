import { BaseError, type PublicClient, UserRejectedRequestError, type WalletClient } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  CollectionRevertedError,
  createAllowlist,
  deployCollection,
  getAllowlistProof,
  getChain,
  getExplorerUrl,
  InvalidAllowlistError,
  InvalidCollectionConfigError,
  isCurrentAllowlistTree,
  layerloomChains,
  TransactionFailedError,
  TransactionRejectedError,
  UnsupportedChainError,
} from './index.ts';
import { toContractsError } from './internal/to-contracts-error.ts';

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('chain table', () => {
  it('has the five mainnets, a test network for each, and the local chain', () => {
    const keys = layerloomChains.map((chain) => chain.key);
    for (const mainnet of ['ethereum', 'polygon', 'base', 'arbitrum', 'optimism']) {
      expect(keys).toContain(mainnet);
      const testnet = layerloomChains.find((chain) => chain.mainnetKey === mainnet);
      expect(testnet?.testnet, `${mainnet} test network`).toBe(true);
    }
    expect(getChain({ key: 'local' }).chain.id).toBe(31337);
    expect(new Set(layerloomChains.map((chain) => chain.chain.id)).size).toBe(layerloomChains.length);
  });

  it('finds chains by id or key and refuses others', () => {
    expect(getChain({ chainId: 137 }).name).toBe('Polygon');
    expect(getChain({ key: 'base-sepolia' }).chain.id).toBe(84532);
    expect(() => getChain({ chainId: 56 })).toThrow(UnsupportedChainError);
  });

  it('builds explorer links for transactions, addresses and tokens', () => {
    const hash = `0x${'ab'.repeat(32)}` as const;
    expect(getExplorerUrl({ chainId: 1, type: 'transaction', hash })).toBe(`https://etherscan.io/tx/${hash}`);
    expect(getExplorerUrl({ chainId: 137, type: 'address', address: alice })).toBe(
      `https://polygonscan.com/address/${alice}`,
    );
    expect(getExplorerUrl({ chainId: 1, type: 'token', address: alice, tokenId: 7n })).toBe(
      `https://etherscan.io/nft/${alice}/7`,
    );
    expect(getExplorerUrl({ chainId: 11155420, type: 'token', address: alice, tokenId: 7n })).toMatch(
      new RegExp(`/token/${alice}/instance/7$`),
    );
    expect(getExplorerUrl({ chainId: 31337, type: 'address', address: alice })).toBeNull();
  });
});

describe('allowlists', () => {
  it('builds one root whatever the case, spacing and duplicates, and proves each member', () => {
    const one = createAllowlist({ addresses: [alice, bob] });
    const two = createAllowlist({
      addresses: [` ${alice.toLowerCase()} `, bob, bob.toUpperCase().replace('0X', '0x')],
    });
    expect(two.merkleRoot).toBe(one.merkleRoot);
    expect(two.addresses).toEqual([alice, bob]);
    expect(getAllowlistProof({ tree: one.tree, address: bob })).toEqual({
      allowance: 0,
      proof: [expect.stringMatching(/^0x[0-9a-f]{64}$/)],
    });
  });

  it('keeps each wallet once with its larger allowance, and puts the allowance in the leaf', () => {
    const list = createAllowlist({
      entries: [
        { address: alice, allowance: 2 },
        { address: bob },
        { address: alice.toLowerCase(), allowance: 5 },
        { address: bob, allowance: null },
      ],
    });
    expect(list.members).toEqual([
      { address: alice, allowance: 5 },
      { address: bob, allowance: 0 },
    ]);
    expect(list.tree.leafEncoding).toEqual(['address', 'uint256']);
    expect(getAllowlistProof({ tree: list.tree, address: alice }).allowance).toBe(5);
    // The same wallets without allowances are another tree: the allowance is part of each leaf.
    expect(createAllowlist({ addresses: [alice, bob] }).merkleRoot).not.toBe(list.merkleRoot);
  });

  it('refuses allowances the contract cannot count, and trees with address-only leaves', () => {
    expect(() => createAllowlist({ entries: [{ address: alice, allowance: -1 }] })).toThrow(
      /not an address with a whole allowance/,
    );
    expect(() => createAllowlist({ entries: [{ address: alice, allowance: 2 ** 32 }] })).toThrow(
      InvalidAllowlistError,
    );
    const old = { ...createAllowlist({ addresses: [alice] }).tree, leafEncoding: ['address'] };
    expect(isCurrentAllowlistTree(old)).toBe(false);
    expect(() => getAllowlistProof({ tree: old, address: alice })).toThrow(/rebuild it/);
  });

  it('refuses an empty list and names entries that are not addresses', () => {
    expect(() => createAllowlist({ addresses: [] })).toThrow(InvalidAllowlistError);
    expect(() => createAllowlist({ addresses: [alice, 'vitalik.eth', '0x123'] })).toThrow(
      /2 allowlist entries are not an address[\s\S]*vitalik\.eth, 0x123/,
    );
  });
});

describe('deployCollection settings', () => {
  // Invalid settings are refused before anything is sent, so these clients are never used.
  const clients = {
    walletClient: { account: { address: alice, type: 'json-rpc' } } as unknown as WalletClient,
    publicClient: {} as PublicClient,
  };
  const valid = {
    name: 'Loom',
    symbol: 'LOOM',
    maxSupply: 10,
    mintPrice: 1n,
    maxPerWallet: 2,
    preRevealURI: 'ipfs://x',
  };

  it.each([
    ['name', { name: '  ' }],
    ['maxSupply', { maxSupply: 0 }],
    ['mintPrice', { mintPrice: -1n }],
    ['maxPerWallet', { maxPerWallet: 1.5 }],
    ['royalty.bps', { royalty: { bps: 10_001 } }],
    ['payoutAddress', { payoutAddress: '0xnope' as `0x${string}` }],
    [
      'allowlist.merkleRoot',
      { allowlist: { merkleRoot: '0x12' as `0x${string}`, price: 0n, maxPerWallet: 1 } },
    ],
  ])('names the bad field %s', async (field, override) => {
    const error = await deployCollection({ ...clients, collection: { ...valid, ...override } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InvalidCollectionConfigError);
    expect((error as InvalidCollectionConfigError).field).toBe(field);
  });
});

describe('error mapping', () => {
  it('turns a wallet rejection into TransactionRejectedError', () => {
    const error = new BaseError('request failed', { cause: new UserRejectedRequestError(new Error('no')) });
    expect(toContractsError(error)).toBeInstanceOf(TransactionRejectedError);
  });

  it('turns anything else into TransactionFailedError with the first line as details', () => {
    const error = toContractsError(new Error('socket hang up\nstack'));
    expect(error).toBeInstanceOf(TransactionFailedError);
    expect(error.details).toBe('socket hang up');
  });

  it('gives a revert without a known reason a generic message', () => {
    const revert = new CollectionRevertedError({ reason: undefined });
    expect(revert.message).toBe('The collection contract reverted.');
  });
});
