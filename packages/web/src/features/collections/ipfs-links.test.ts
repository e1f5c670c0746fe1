import { describe, expect, it } from 'vitest';
import { formatBytes, gatewayLink, hostOf } from './ipfs-links.ts';

describe('IPFS links on the collection page', () => {
  it('opens ipfs:// addresses through this server’s /ipfs/ gateway and leaves others as they are', () => {
    expect(gatewayLink('ipfs://bafybeimeta/1.json')).toBe('/ipfs/bafybeimeta/1.json');
    expect(gatewayLink('https://layerloom.example.com/hosted/cats/metadata/1')).toBe(
      'https://layerloom.example.com/hosted/cats/metadata/1',
    );
  });

  it('names a provider by its host, and sizes in the units people read', () => {
    expect(hostOf('https://rpc.filebase.io/api/v0')).toBe('rpc.filebase.io');
    expect(hostOf('http://127.0.0.1:5001')).toBe('127.0.0.1:5001');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(42_000_000)).toBe('42 MB');
    expect(formatBytes(3_200_000_000)).toBe('3.2 GB');
  });
});
