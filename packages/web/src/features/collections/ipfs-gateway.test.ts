import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipfsHttpUrl, ipfsPath } from './ipfs-gateway.ts';

const held = `bafybei${'a'.repeat(52)}`;
const elsewhere = `bafkrei${'b'.repeat(52)}`;
const v0 = `Qm${'c'.repeat(44)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('IPFS addresses in the browser', () => {
  it('reads the CID and path of ipfs:// addresses and bare CIDs, and nothing else', () => {
    expect(ipfsPath(`ipfs://${held}/7.png`)).toBe(`${held}/7.png`);
    expect(ipfsPath(`ipfs://ipfs/${held}/7.png`)).toBe(`${held}/7.png`);
    expect(ipfsPath(`${v0}/1.json`)).toBe(`${v0}/1.json`);
    expect(ipfsPath('https://example.com/1.json')).toBeNull();
    expect(ipfsPath('ipfs://not-a-cid/1.json')).toBeNull();
  });

  it("opens what this server holds through its own gateway and the rest through the server's public one", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const cid = url.split('/')[4] as string;
      const isHeld = cid === held;
      return Response.json({
        status: 'success',
        data: {
          cid,
          held: isHeld,
          gatewayUrl: isHeld ? 'https://layerloom.test/ipfs/' : 'https://gateway.example.org/ipfs/',
        },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await ipfsHttpUrl(`ipfs://${held}/7.png`)).toBe(`https://layerloom.test/ipfs/${held}/7.png`);
    expect(await ipfsHttpUrl(`ipfs://${held}/8.png`)).toBe(`https://layerloom.test/ipfs/${held}/8.png`);
    expect(await ipfsHttpUrl(`${elsewhere}/1.json`)).toBe(
      `https://gateway.example.org/ipfs/${elsewhere}/1.json`,
    );
    expect(await ipfsHttpUrl('https://example.com/1.json')).toBeNull();
    // One question per CID.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/v1/ipfs/${held}/location`,
      `/api/v1/ipfs/${elsewhere}/location`,
    ]);
  });

  it('falls back to ipfs.io when the server cannot be asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await ipfsHttpUrl(`ipfs://${v0}/2.json`)).toBe(`https://ipfs.io/ipfs/${v0}/2.json`);
  });
});
