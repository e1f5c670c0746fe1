/**
 * An `ipfs://CID/path` address as this server's gateway answers it (`/ipfs/CID/path`), so a creator can
 * open what they published without a public gateway; other addresses are returned as they are.
 */
export function gatewayLink(uri: string): string {
  return uri.startsWith('ipfs://') ? `/ipfs/${uri.slice('ipfs://'.length)}` : uri;
}

/** The host of a provider's address, for short sentences ("Uploading to rpc.filebase.io"). */
export function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/** Bytes as a person reads them (`1.4 MB`). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
