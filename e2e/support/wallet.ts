import type { Page } from 'playwright-core';

/** Anvil's first default account: unlocked, so anvil signs its transactions itself. */
export const anvilAccount0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** Anvil's default accounts #1 to #5 (all unlocked and funded), one per role a test needs. */
export const anvilAccount1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const anvilAccount2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const anvilAccount3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
export const anvilAccount4 = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
export const anvilAccount5 = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

/** Anvil's chain id (31337) as wallets write it. */
const anvilChainHex = '0x7a69';

export interface TestWalletOptions {
  /** The anvil node every call is forwarded to. */
  rpcUrl: string;
  /** The account the wallet connects with; anvil must have it unlocked. */
  account?: string;
  /** The network the wallet starts on (hex), as if the user had left it on another chain. */
  initialChainId?: string;
  /** Answer every `eth_sendTransaction` as a user who clicks Reject (EIP-1193 error 4001). */
  rejectTransactions?: boolean;
  /** The name the wallet announces through EIP-6963. */
  name?: string;
}

/** An EIP-1193 error, passed from Node to the page as data (thrown errors lose their `code` on the way). */
type RpcAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** Every call the page's wallet received, for assertions (method names, in order). */
export interface TestWallet {
  calls: string[];
}

/**
 * Injects a browser wallet into every page of `page`'s context: `window.ethereum` and an EIP-6963
 * announcement (so wagmi lists it by name). It answers accounts and network switching itself, as an
 * extension would, and forwards everything else to anvil, which signs for its unlocked accounts.
 */
export async function installTestWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  const account = options.account ?? anvilAccount0;
  let chainId = options.initialChainId ?? anvilChainHex;
  let authorized = false;
  const wallet: TestWallet = { calls: [] };
  let rpcId = 0;

  const forward = async (method: string, params: unknown): Promise<RpcAnswer> => {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    });
    const body = (await response.json()) as RpcAnswer;
    return 'error' in body ? { error: body.error } : { result: body.result };
  };

  await page.exposeFunction(
    '__layerloomTestWallet',
    async (method: string, params: unknown): Promise<RpcAnswer> => {
      wallet.calls.push(method);
      switch (method) {
        // Like an extension, the wallet shows no account to a site until the user has connected it.
        case 'eth_requestAccounts':
          authorized = true;
          return { result: [account] };
        case 'eth_accounts':
          return { result: authorized ? [account] : [] };
        case 'eth_chainId':
          return { result: chainId };
        case 'net_version':
          return { result: String(Number.parseInt(chainId, 16)) };
        case 'wallet_switchEthereumChain': {
          const wanted = (params as [{ chainId: string }])[0]?.chainId;
          if (wanted?.toLowerCase() !== anvilChainHex) {
            return { error: { code: 4902, message: `Unrecognized chain ID "${wanted}".` } };
          }
          chainId = anvilChainHex;
          return { result: null };
        }
        case 'wallet_addEthereumChain':
          return { result: null };
        case 'wallet_requestPermissions':
          authorized = true;
          return { result: [{ parentCapability: 'eth_accounts' }] };
        case 'wallet_getPermissions':
          return { result: authorized ? [{ parentCapability: 'eth_accounts' }] : [] };
        case 'eth_sendTransaction':
          if (options.rejectTransactions) {
            return { error: { code: 4001, message: 'User rejected the request.' } };
          }
          return forward(method, params);
        default:
          return forward(method, params);
      }
    },
  );

  await page.addInitScript(
    ({ name }) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const emit = (event: string, ...args: unknown[]) => {
        for (const listener of listeners.get(event) ?? []) listener(...args);
      };
      const bridge = (
        window as unknown as Record<string, (method: string, params: unknown) => Promise<unknown>>
      ).__layerloomTestWallet;
      const provider = {
        isTestWallet: true,
        async request({ method, params }: { method: string; params?: unknown }) {
          const answer = (await bridge?.(method, params)) as
            | { result: unknown }
            | { error: { code: number; message: string; data?: unknown } };
          if ('error' in answer) {
            throw Object.assign(new Error(answer.error.message), answer.error);
          }
          if (method === 'wallet_switchEthereumChain') {
            const chainId = (params as [{ chainId: string }])[0]?.chainId;
            setTimeout(() => emit('chainChanged', chainId), 0);
          }
          return answer.result;
        },
        on(event: string, listener: Listener) {
          let set = listeners.get(event);
          if (!set) {
            set = new Set();
            listeners.set(event, set);
          }
          set.add(listener);
          return provider;
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
          return provider;
        },
      };
      Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
      const icon =
        'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"%3E%3Crect width="32" height="32" rx="8" fill="%235b3fd1"/%3E%3C/svg%3E';
      const detail = Object.freeze({
        info: { uuid: '5d9f2f4e-7f4b-4e9a-9a53-3d2d1c6b7a11', name, icon, rdns: 'test.layerloom.wallet' },
        provider,
      });
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { name: options.name ?? 'Test Wallet' },
  );
  return wallet;
}
