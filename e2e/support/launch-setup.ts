import { deployCollection, layerloomCollectionAbi, mint, reveal, setPhase } from '@layerloom/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  type HttpTransport,
  http,
  type PublicClient,
  parseEther,
  parseEventLogs,
  type WalletClient,
} from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { expect } from 'vitest';
import { type Anvil, startAnvil } from './anvil.ts';
import { type RunningApp, startApp } from './app.ts';
import {
  dialogSettled,
  launchBrowser,
  type OpenedPage,
  openPage,
  signIn,
  testAdmin,
  type ViewportName,
} from './browser.ts';
import { dropTransaction } from './drop-ui.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './in-page.ts';
import { anvilAccount0, installTestWallet, type TestWalletOptions } from './wallet.ts';

/** viem clients of the local chain. */
export interface ChainClients {
  /** Reads the local chain. */
  publicClient: () => PublicClient<HttpTransport, typeof anvilChain>;
  /** Sends from one of anvil's unlocked accounts (the creator's, #0, by default), as that wallet would. */
  walletOf: (account?: string) => WalletClient<HttpTransport, typeof anvilChain, Account>;
}

/** viem clients of the local chain at `rpcUrl`. */
function chainClients(rpcUrl: string): ChainClients {
  return {
    /** Reads the local chain. */
    publicClient: () => createPublicClient({ chain: anvilChain, transport: http(rpcUrl) }),
    /** Sends from one of anvil's unlocked accounts (the creator's, #0, by default), as that wallet would. */
    walletOf: (account: string = anvilAccount0) =>
      createWalletClient({ account: account as Address, chain: anvilChain, transport: http(rpcUrl) }),
  };
}

/** A local chain, the built app reading it (with the test admin) and Chromium: what every launch spec runs on. */
export interface ChainStack extends ChainClients {
  anvil: Anvil;
  app: RunningApp;
  browser: Browser;
  /** Closes the browser, the app and the chain. */
  stop: () => Promise<void>;
}

/**
 * Starts anvil, then the app (admin account, `RPC_URL_31337` on anvil, plus `env`) and the browser side by
 * side. `env` may be a function of the running chain, for stand-ins that need its address.
 */
export async function startChainStack(
  env: Record<string, string> | ((anvil: Anvil) => Promise<Record<string, string>>) = {},
): Promise<ChainStack> {
  const anvil = await startAnvil();
  const extra = typeof env === 'function' ? await env(anvil) : env;
  const [app, browser] = await Promise.all([
    startApp({
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      RPC_URL_31337: anvil.rpcUrl,
      ...extra,
    }),
    launchBrowser(),
  ]);
  return {
    anvil,
    app,
    browser,
    ...chainClients(anvil.rpcUrl),
    stop: async () => {
      await browser.close();
      await app.stop();
      await anvil.stop();
    },
  };
}

/**
 * A page signed in as the test admin at `viewport`; with `wallet`, the test wallet is injected first
 * (connected with anvil's account #0 unless the options name another).
 */
export async function adminPage(
  stack: ChainStack,
  {
    viewport = 'desktop',
    wallet,
  }: { viewport?: ViewportName; wallet?: Omit<TestWalletOptions, 'rpcUrl'> | boolean } = {},
): Promise<OpenedPage> {
  const opened = await openPage(stack.browser, stack.app.url, viewport);
  if (wallet) {
    await installTestWallet(opened.page, { rpcUrl: stack.anvil.rpcUrl, ...(wallet === true ? {} : wallet) });
  }
  await signIn(opened.context, testAdmin.email, testAdmin.password);
  return opened;
}

/** Starts a 4-token collection from the sample layers as the page's user and waits until it is generated. */
export async function readySampleCollection(
  page: Page,
  project: { name: string; description: string },
): Promise<string> {
  await page.goto('/dashboard');
  const collectionId = await startSampleCollection(page, { ...project, size: 4 });
  await waitUntilReady(page, collectionId);
  return collectionId;
}

/** What a publication says the contract should point at. */
export interface PublishedUris {
  baseUri: string;
  contractUri: string;
  /** The public mint page's address: `/mint/{slug}`. */
  slug: string;
}

/** Publishes the collection hosted by Layerloom through the API, as the Publish dialog does. */
export async function publishHosted(page: Page, collectionId: string): Promise<PublishedUris> {
  const published = await callInPage(page, `/api/v1/collections/${collectionId}/publication`, 'POST', {
    mode: 'hosted',
  });
  if (published.status !== 201) throw new Error(`publish: ${JSON.stringify(published.json)}`);
  return published.json.data.publication;
}

/** Publishes the collection hosted by Layerloom from the collection page's Publish button and dialog. */
export async function publishHostedInPage(page: Page, collectionId: string): Promise<void> {
  await page.goto(`/dashboard/collections/${collectionId}`);
  await page.getByRole('button', { name: 'Publish, hosted by Layerloom' }).click({ timeout: 60_000 });
  await dialogSettled(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
}

/**
 * Publishes the collection to IPFS through a pinning provider (a Kubo stand-in) and waits until the upload
 * has finished and the publication exists.
 */
export async function publishToIpfs(
  page: Page,
  collectionId: string,
  provider: { url: string; token: string },
): Promise<PublishedUris> {
  const saved = await callInPage(page, '/api/v1/pinning-provider', 'PUT', {
    endpoint: provider.url,
    token: provider.token,
  });
  if (saved.status !== 200) throw new Error(`pinning provider: ${JSON.stringify(saved.json)}`);
  const upload = await callInPage(page, `/api/v1/collections/${collectionId}/publication/ipfs`, 'POST', {});
  if (upload.status >= 300) throw new Error(`IPFS upload: ${JSON.stringify(upload.json)}`);
  for (let attempt = 0; attempt < 600; attempt++) {
    const { publication } = (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json
      .data;
    if (publication) return publication;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The collection was not published to IPFS');
}

/** A contract deployed and recorded as the launch form would: its address and deploy transaction. */
export interface DeployedCollection {
  address: Address;
  hash: Hash;
}

/**
 * Deploys a 4-token collection contract (0.01 ETH, 2 a wallet, 5 % royalty) from the creator's account as
 * its wallet would, and records it with the collection; the server must find it on chain.
 */
export async function deployAndRecord(
  stack: ChainStack,
  page: Page,
  {
    collectionId,
    name,
    symbol,
    contractURI,
  }: { collectionId: string; name: string; symbol: string; contractURI: string },
): Promise<DeployedCollection> {
  const deployed = await deployCollection({
    walletClient: stack.walletOf(),
    publicClient: stack.publicClient(),
    collection: {
      name,
      symbol,
      maxSupply: 4,
      mintPrice: parseEther('0.01'),
      maxPerWallet: 2,
      preRevealURI: `${stack.app.url}/hidden.json`,
      contractURI,
      royalty: { bps: 500 },
    },
  });
  const recorded = await callInPage(page, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
    chainId: 31_337,
    address: deployed.address,
    deployer: anvilAccount0,
    transactionHash: deployed.hash,
    name,
    symbol,
    maxSupply: 4,
  });
  if (recorded.json.data?.deployment?.status !== 'verified') {
    throw new Error(`record deployment: ${JSON.stringify(recorded.json)}`);
  }
  return { address: deployed.address, hash: deployed.hash };
}

/** Opens the public sale, mints token #1 to the creator and reveals at `baseURI`, all from the creator's wallet. */
export async function mintOneAndReveal(stack: ChainStack, address: Address, baseURI: string): Promise<void> {
  const clients = { walletClient: stack.walletOf(), publicClient: stack.publicClient(), address };
  await setPhase({ ...clients, phase: 'public' });
  await mint({ ...clients, quantity: 1 });
  await reveal({ ...clients, baseURI });
}

/** The collection contract's events in the transaction a drop panel row shows, by name. */
export async function dropEvents(stack: ChainStack, drop: Locator, action: string): Promise<string[]> {
  const hash = (await dropTransaction(drop, action).locator('code').textContent()) as Hash;
  const receipt = await stack.publicClient().getTransactionReceipt({ hash });
  return parseEventLogs({ abi: layerloomCollectionAbi, logs: receipt.logs }).map((log) => log.eventName);
}

/** A token's `tokenURI` as the contract returns it. */
export function tokenUri(stack: ChainStack, address: Address, tokenId: bigint): Promise<string> {
  return stack.publicClient().readContract({
    address,
    abi: layerloomCollectionAbi,
    functionName: 'tokenURI',
    args: [tokenId],
  });
}

/** Opens the collection page and connects the test wallet in its Launch region; answers that region. */
export async function openLaunch(page: Page, collectionId: string): Promise<Locator> {
  await page.goto(`/dashboard/collections/${collectionId}`);
  const launch = page.getByRole('region', { name: 'Launch', exact: true });
  await launch.getByRole('button', { name: 'Connect Test Wallet' }).click({ timeout: 60_000 });
  await expect.poll(() => launch.getByText('Connected with Test Wallet').isVisible()).toBe(true);
  return launch;
}
