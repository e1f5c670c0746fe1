import { deployCollection, setPhase } from '@layerloom/contracts';
import type { Anvil } from '@layerloom/contracts/testing';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type PublicClient,
  parseEther,
  type WalletClient,
} from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { expect } from 'vitest';
import type { App } from '../../src/types.ts';
import { createReadyCollection } from './project-fixture.ts';

/** viem clients on the local anvil chain, signing as `account` (one of anvil's unlocked accounts). */
export function anvilClients(
  chain: Anvil,
  account: Address,
): { publicClient: PublicClient; walletClient: WalletClient } {
  return {
    publicClient: createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }),
    walletClient: createWalletClient({ account, chain: anvilChain, transport: http(chain.rpcUrl) }),
  };
}

export interface LiveDropSettings {
  name: string;
  symbol: string;
  /** Also the number of tokens generated. */
  maxSupply: number;
  maxPerWallet: number;
  /** The anvil account that deploys the contract. */
  creator: Address;
  /** The server's PUBLIC_URL, under which the pre-reveal metadata lives. */
  publicUrl: string;
}

/**
 * A drop on sale, as its owner makes one in the browser: a generated collection, published, its contract
 * (0.01 ETH a token) deployed on anvil and recorded (verified), then opened to the public.
 */
export async function createLiveDrop(
  app: App,
  cookie: string,
  chain: Anvil,
  drop: LiveDropSettings,
): Promise<{ collectionId: string; slug: string; contract: Address }> {
  const as = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const collectionId = await createReadyCollection(app, cookie, {
    collectionSize: drop.maxSupply,
    name: drop.name,
  });
  const slug: string = (await as(`/api/v1/collections/${collectionId}/publication`, {})).json().data
    .publication.slug;
  const deployed = await deployCollection({
    ...anvilClients(chain, drop.creator),
    collection: {
      name: drop.name,
      symbol: drop.symbol,
      maxSupply: drop.maxSupply,
      mintPrice: parseEther('0.01'),
      maxPerWallet: drop.maxPerWallet,
      preRevealURI: `${drop.publicUrl}/hidden.json`,
    },
  });
  const contract = getAddress(deployed.address);
  const recorded = await as(`/api/v1/collections/${collectionId}/deployments`, {
    chainId: 31337,
    address: deployed.address,
    deployer: drop.creator,
    transactionHash: deployed.hash,
    name: drop.name,
    symbol: drop.symbol,
    maxSupply: drop.maxSupply,
  });
  expect(recorded.json().data.deployment.status).toBe('verified');
  await setPhase({ ...anvilClients(chain, drop.creator), address: contract, phase: 'public' });
  return { collectionId, slug, contract };
}
