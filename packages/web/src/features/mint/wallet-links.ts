/** A wallet app whose own browser can open the mint page, where its injected wallet then connects. */
export interface WalletAppLink {
  name: string;
  href: string;
}

/**
 * Links that open `pageUrl` inside the MetaMask, Coinbase Wallet and Rainbow apps (their dapp browsers),
 * for a phone with no wallet in its browser. MetaMask takes the address without its scheme, the others
 * the whole address encoded.
 */
export function walletAppLinks(pageUrl: string): WalletAppLink[] {
  const url = new URL(pageUrl);
  const withoutScheme = `${url.host}${url.pathname}${url.search}`;
  return [
    { name: 'MetaMask', href: `https://metamask.app.link/dapp/${withoutScheme}` },
    { name: 'Coinbase Wallet', href: `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(url.href)}` },
    { name: 'Rainbow', href: `https://rnbwapp.com/dapp?url=${encodeURIComponent(url.href)}` },
  ];
}
