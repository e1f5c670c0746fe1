import { defaultChainId } from './launch-chains.ts';
import type { LaunchFormValues } from './launch-form-values.ts';

const SYMBOL_MAX = 10;

/**
 * A ticker from a collection name: the initials of its words, upper-case ("Loom Cats" → "LC"). A
 * one-word name gives its first letters instead ("Blobs" → "BLOB"): one letter says too little.
 */
export function symbolFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  const initials = words.length === 1 ? (words[0] ?? '').slice(0, 4) : words.map((word) => word[0]).join('');
  return initials.toUpperCase().slice(0, SYMBOL_MAX);
}

/** What the launch form starts with for a collection (and the connected wallet, when there is one). */
export function defaultLaunchValues(parameters: {
  name: string;
  size: number;
  account?: string | undefined;
  /** The network to start on (the wallet's when the server reads it); a test network by default. */
  chainId?: number;
  /** A publication with a placeholder launches pre-reveal by default. */
  hasPlaceholder?: boolean;
}): LaunchFormValues {
  const { name, size, account = '', hasPlaceholder = false, chainId = defaultChainId } = parameters;
  return {
    chainId,
    name,
    symbol: symbolFromName(name),
    maxSupply: size,
    mintPrice: '0',
    maxPerWallet: 5,
    allowlistPrice: '0',
    allowlistMaxPerWallet: 1,
    royaltyPercent: 5,
    royaltyTo: 'wallet',
    royaltyReceiver: account,
    royaltyPayees: [
      { address: account, percent: 50 },
      { address: '', percent: 50 },
    ],
    payees: [{ address: account, percent: 100 }],
    revealMode: hasPlaceholder ? 'prereveal' : 'revealed',
    allowlistStart: '',
    publicStart: '',
  };
}
