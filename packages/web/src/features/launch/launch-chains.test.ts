import type { LaunchChain } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { chainGroups, defaultNetwork, networkKind, networkSwitch } from './launch-chains.ts';

const chain = (chainId: number, kind: LaunchChain['kind'], hasRpc: boolean): LaunchChain => ({
  chainId,
  name: `Chain ${chainId}`,
  kind,
  hasRpc,
});
// Ethereum and Base Sepolia have no RPC here; Base, Sepolia and the local chain do.
const available = [
  chain(1, 'mainnet', false),
  chain(8453, 'mainnet', true),
  chain(11_155_111, 'testnet', true),
  chain(84_532, 'testnet', false),
  chain(31_337, 'local', true),
];

describe('defaultNetwork', () => {
  it("starts on the wallet's network when the server reads it", () => {
    expect(defaultNetwork({ walletChainId: 8453, available })).toBe(8453);
    expect(defaultNetwork({ walletChainId: 31_337, available })).toBe(31_337);
  });

  it('else on the first network the server reads, a testnet before a mainnet', () => {
    // The wallet is on Ethereum, which this server cannot read.
    expect(defaultNetwork({ walletChainId: 1, available })).toBe(11_155_111);
    expect(defaultNetwork({ available })).toBe(11_155_111);
    expect(defaultNetwork({ available: [chain(8453, 'mainnet', true), chain(31_337, 'local', true)] })).toBe(
      8453,
    );
    expect(defaultNetwork({ walletChainId: 137, available: [chain(31_337, 'local', true)] })).toBe(31_337);
  });

  it('falls back on a test network when the server reads none', () => {
    expect(defaultNetwork({ walletChainId: 1, available: [chain(1, 'mainnet', false)] })).toBe(84_532);
  });
});

describe('chainGroups', () => {
  it('offers only the networks the server reads, labelled Mainnet, Testnet and Local test chain', () => {
    const groups = chainGroups(available);
    expect(groups.map((group) => group.label)).toEqual(['Mainnet', 'Testnet', 'Local test chain']);
    expect(groups.map((group) => group.chains.map((entry) => entry.name))).toEqual([
      ['Base'],
      ['Sepolia'],
      ['Local (anvil)'],
    ]);
  });

  it('offers every supported network until the server has answered', () => {
    const groups = chainGroups();
    expect(groups.flatMap((group) => group.chains).length).toBeGreaterThanOrEqual(11);
    expect(groups.map((group) => group.kind)).toEqual(['mainnet', 'testnet', 'local']);
  });
});

describe('networkKind', () => {
  it('tells mainnets, testnets and the local chain apart', () => {
    const [mainnet, testnet, local] = chainGroups().map((group) => group.chains[0]);
    expect([mainnet, testnet, local].map((entry) => entry && networkKind(entry))).toEqual([
      'mainnet',
      'testnet',
      'local',
    ]);
  });
});

describe('networkSwitch', () => {
  it('asks a wallet on another network to switch, naming both', () => {
    expect(networkSwitch({ isConnected: true, walletChainId: 1, chainId: 31_337 })).toEqual({
      needed: true,
      from: 'Ethereum',
      to: 'Local (anvil)',
    });
    expect(networkSwitch({ isConnected: true, walletChainId: 56, chainId: 8453 })).toEqual({
      needed: true,
      from: 'an unsupported network (chain 56)',
      to: 'Base',
    });
  });

  it('asks nothing of a wallet on the right network, or of no wallet', () => {
    expect(networkSwitch({ isConnected: true, walletChainId: 8453, chainId: 8453 })).toEqual({
      needed: false,
    });
    expect(networkSwitch({ isConnected: false, chainId: 8453 })).toEqual({ needed: false });
  });
});
