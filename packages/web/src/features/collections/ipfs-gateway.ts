import { locateIpfsContent } from '@layerloom/api';
import { call } from '../../lib/api.ts';

/** Where IPFS content opens when this server cannot be asked (it is down, or the CID is malformed). */
export const PUBLIC_IPFS_GATEWAY = 'https://ipfs.io/ipfs/';

const CID_PATTERN = /^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{50,}|k[0-9a-z]{50,})$/;

/**
 * The `CID/path` an IPFS address names: `ipfs://CID/path` (and the common `ipfs://ipfs/CID/…` slip), or a
 * bare CID with an optional path; null for anything else.
 */
export function ipfsPath(uri: string): string | null {
  const text = uri.trim();
  const rest = /^ipfs:\/\//i.test(text) ? text.slice('ipfs://'.length).replace(/^ipfs\//i, '') : text;
  const cid = rest.split(/[/?#]/, 1)[0] ?? '';
  return CID_PATTERN.test(cid) ? rest : null;
}

const gateways = new Map<string, Promise<string>>();

/** The gateway for a CID, asked of the server once per page: its own `/ipfs/` when it holds it. */
function gatewayFor(cid: string): Promise<string> {
  let gateway = gateways.get(cid);
  if (!gateway) {
    gateway = call(locateIpfsContent, { params: { cid } }).then(
      (answer) => answer.data.gatewayUrl,
      () => {
        gateways.delete(cid);
        return PUBLIC_IPFS_GATEWAY;
      },
    );
    gateways.set(cid, gateway);
  }
  return gateway;
}

/**
 * An IPFS address as a browser can open it: through this server's own `/ipfs/` gateway when the server
 * holds that CID, else through the public gateway it is configured with (`IPFS_GATEWAY_URL`, ipfs.io by
 * default). Null when the address is not an IPFS one.
 */
export async function ipfsHttpUrl(uri: string): Promise<string | null> {
  const path = ipfsPath(uri);
  if (path === null) return null;
  const cid = path.split(/[/?#]/, 1)[0] as string;
  return `${await gatewayFor(cid)}${path}`;
}
