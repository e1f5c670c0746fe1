import { layerloomChains } from '@layerloom/contracts';

/** The explorer APIs the server can submit a contract's source to. */
export type ExplorerKind = 'etherscan' | 'blockscout' | 'sourcify';

/** Where one chain's contracts are verified. */
export interface ExplorerConfig {
  kind: ExplorerKind;
  /** The name shown to the creator ("Etherscan", "PolygonScan", "Sourcify"). */
  name: string;
  /** Etherscan v2: its single endpoint (`…/v2/api`); Blockscout: its Etherscan-compatible `…/api`; Sourcify: its server root. */
  apiUrl: string;
  apiKey: string | undefined;
  /** The explorer's web pages, for the link to the verified code; null: no page to link to. */
  webUrl: string | null;
}

/** Source verification settings: the explorer of each chain that has one, and the retry pace. */
export interface VerificationConfig {
  explorers: Record<number, ExplorerConfig>;
  /** The first retry waits this long; each next one twice as long (VERIFY_RETRY_BASE_MS). */
  retryBaseMs: number;
}

const ETHERSCAN_V2_URL = 'https://api.etherscan.io/v2/api';
const SOURCIFY_URL = 'https://sourcify.dev/server';
const SOURCIFY_REPO_URL = 'https://repo.sourcify.dev';
const KINDS = ['etherscan', 'blockscout', 'sourcify'] as const;

/** A bad verification setting; config.ts turns it into its ConfigError. */
export class VerificationConfigError extends Error {
  override name = 'VerificationConfigError';
}

const isWebUrl = (value: string) => URL.canParse(value) && /^https?:\/\//.test(value);

/**
 * Reads the explorers from the environment. Defaults: with `ETHERSCAN_API_KEY`, every chain whose explorer is
 * Etherscan's (Etherscan, PolygonScan, Basescan, Arbiscan…) is verified through Etherscan's v2 API (one
 * endpoint, the chain named by `chainid`); a chain whose explorer is Blockscout through that Blockscout;
 * without the key, Sourcify (no key needed). The local chain has none. Per chain, `EXPLORER_<chainId>`
 * (`etherscan`, `blockscout`, `sourcify` or `off`), `EXPLORER_API_URL_<chainId>`,
 * `EXPLORER_API_KEY_<chainId>` and `EXPLORER_URL_<chainId>` (its web pages) override the defaults.
 */
export function verificationFrom(env: NodeJS.ProcessEnv): VerificationConfig {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const refuse = (message: string): never => {
    throw new VerificationConfigError(message);
  };
  const url = (name: string, fallback: string | undefined) => {
    const value = read(name);
    if (value !== undefined && !isWebUrl(value)) refuse(`${name} must be a URL like https://api.example.com`);
    return (value ?? fallback)?.replace(/\/+$/, '');
  };
  for (const name of Object.keys(env)) {
    const match = /^EXPLORER_(?:API_URL_|API_KEY_|URL_)?(\d+)$/.exec(name);
    if (match && read(name) !== undefined && !layerloomChains.some((c) => c.chain.id === Number(match[1])))
      refuse(`${name} names chain ${match[1]}, which Layerloom does not deploy to`);
  }
  const etherscanKey = read('ETHERSCAN_API_KEY');
  const etherscanUrl = url('ETHERSCAN_API_URL', ETHERSCAN_V2_URL) as string;
  const sourcifyUrl = url('SOURCIFY_API_URL', SOURCIFY_URL) as string;
  const explorers: Record<number, ExplorerConfig> = {};
  for (const { chain, explorer } of layerloomChains) {
    const id = chain.id;
    const chosen = read(`EXPLORER_${id}`);
    if (chosen !== undefined && chosen !== 'off' && !(KINDS as readonly string[]).includes(chosen))
      refuse(`EXPLORER_${id} must be etherscan, blockscout, sourcify or off (not "${chosen}")`);
    if (chosen === 'off') continue;
    const kind: ExplorerKind | undefined =
      (chosen as ExplorerKind | undefined) ??
      (explorer === null
        ? undefined
        : explorer.kind === 'blockscout'
          ? 'blockscout'
          : etherscanKey
            ? 'etherscan'
            : 'sourcify');
    if (kind === undefined) continue;
    const apiKey = read(`EXPLORER_API_KEY_${id}`) ?? (kind === 'etherscan' ? etherscanKey : undefined);
    if (kind === 'etherscan' && apiKey === undefined)
      refuse(`EXPLORER_${id}=etherscan needs an API key: set ETHERSCAN_API_KEY (or EXPLORER_API_KEY_${id})`);
    const defaultApi =
      kind === 'etherscan'
        ? etherscanUrl
        : kind === 'sourcify'
          ? sourcifyUrl
          : explorer?.kind === 'blockscout'
            ? `${explorer.url.replace(/\/+$/, '')}/api`
            : undefined;
    const apiUrl =
      url(`EXPLORER_API_URL_${id}`, defaultApi) ??
      refuse(`EXPLORER_${id}=blockscout needs EXPLORER_API_URL_${id} (the Blockscout's …/api address)`);
    const webUrl = url(`EXPLORER_URL_${id}`, kind === 'sourcify' ? SOURCIFY_REPO_URL : explorer?.url) ?? null;
    const name =
      kind === 'sourcify'
        ? 'Sourcify'
        : (explorer?.name ?? (kind === 'etherscan' ? 'Etherscan' : 'Blockscout'));
    explorers[id] = { kind, name, apiUrl, apiKey, webUrl };
  }
  const base = read('VERIFY_RETRY_BASE_MS') ?? '15000';
  const retryBaseMs = Number(base);
  if (!/^\d+$/.test(base) || retryBaseMs < 1 || retryBaseMs > 3_600_000)
    refuse('VERIFY_RETRY_BASE_MS must be a whole number of milliseconds from 1 to 3600000');
  return { explorers, retryBaseMs };
}

/** The page of the verified contract's code on the explorer, or null when there is none to link to. */
export function contractCodeUrl(explorer: ExplorerConfig, chainId: number, address: string): string | null {
  if (explorer.webUrl === null) return null;
  switch (explorer.kind) {
    case 'etherscan':
      return `${explorer.webUrl}/address/${address}#code`;
    case 'blockscout':
      return `${explorer.webUrl}/address/${address}?tab=contract`;
    case 'sourcify':
      return `${explorer.webUrl}/${chainId}/${address}`;
  }
}
