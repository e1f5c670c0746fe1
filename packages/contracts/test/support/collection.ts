import { type Address, parseEther } from 'viem';
import { type CollectionSettings, deployCollection } from '../../src/index.ts';
import type { TestChain } from './clients.ts';

/** Settings of the collection most tests deploy; each test overrides what it is about. */
export const defaultSettings = {
  name: 'Loom Cats',
  symbol: 'LOOM',
  maxSupply: 20,
  mintPrice: parseEther('0.01'),
  maxPerWallet: 3,
  preRevealURI: 'ipfs://bafyhidden/hidden.json',
  contractURI: 'ipfs://bafymeta/collection.json',
  royalty: { bps: 500 },
} satisfies CollectionSettings;

/** Deploys a collection owned by the first anvil account and returns its address. */
export async function deployTestCollection(
  chain: TestChain,
  overrides: Partial<CollectionSettings> = {},
): Promise<Address> {
  const { address } = await deployCollection({
    walletClient: chain.wallets[0]!,
    publicClient: chain.publicClient,
    collection: { ...defaultSettings, ...overrides },
  });
  return address;
}
