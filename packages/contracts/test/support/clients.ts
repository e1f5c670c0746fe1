import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from 'viem';
import { anvil } from 'viem/chains';

/** Clients on a local anvil chain; wallets are anvil's unlocked JSON-RPC accounts, like a browser wallet's. */
export interface TestChain {
  publicClient: PublicClient;
  testClient: TestClient;
  /** One wallet client per anvil account (anvil starts with 10). */
  wallets: WalletClient[];
  /** Address of each wallet, same order. */
  accounts: Address[];
}

/** Connects to anvil at `rpcUrl`. Polling is fast because anvil mines each transaction at once. */
export async function connectTestChain(rpcUrl: string): Promise<TestChain> {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain: anvil, transport, pollingInterval: 20 });
  const testClient = createTestClient({ chain: anvil, mode: 'anvil', transport, pollingInterval: 20 });
  const accounts = await createWalletClient({ chain: anvil, transport }).getAddresses();
  const wallets = accounts.map((account) =>
    createWalletClient({ account, chain: anvil, transport, pollingInterval: 20 }),
  );
  return { publicClient, testClient, wallets, accounts };
}
