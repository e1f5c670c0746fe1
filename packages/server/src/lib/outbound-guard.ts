import { type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, type Dispatcher } from 'undici';

/**
 * Requests the server makes to addresses users give it (a pinning provider, later webhooks) must not reach
 * the server's own network: loopback, private ranges, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast and reserved space. The check runs on the addresses a name resolves to at
 * connection time (a name that resolves to a public address when saved and a private one later is caught),
 * and on literal IP hosts before any request.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a user-given URL must not reach (loopback, private, link-local, reserved…). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

/** A user-given URL that points into the server's own network. */
export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'PRIVATE_ADDRESS';
  constructor(readonly host: string) {
    super(`${host} is a private or local address, which this server does not connect to`);
  }
}

/** Refuses a URL whose host is a literal private IP (names are checked when connecting). */
export function assertPublicUrl(url: string | URL): void {
  const host = new URL(url).hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 && isPrivateAddress(host)) throw new PrivateAddressError(host);
  if (/^localhost\.?$/i.test(host) || /\.localhost\.?$/i.test(host)) throw new PrivateAddressError(host);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that fails when a name resolves to any private address. */
function publicLookup(hostname: string, options: object, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const found = addresses as LookupAddress[];
    if (found.length === 0 || found.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new PrivateAddressError(hostname) as NodeJS.ErrnoException, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, found);
    callback(null, found[0]!.address, found[0]!.family);
  });
}

let guarded: Agent | undefined;

/**
 * The dispatcher for requests to user-given URLs: one that refuses private addresses, or undici's default
 * when the server is configured to allow them (development, a pinning node on the same machine).
 */
export function outboundDispatcher(allowPrivate: boolean): Dispatcher | undefined {
  if (allowPrivate) return undefined;
  guarded ??= new Agent({ connect: { lookup: publicLookup } });
  return guarded;
}

/** Whether an error (or its cause) is a refused private address. */
export function isPrivateAddressError(error: unknown): error is PrivateAddressError {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof PrivateAddressError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
