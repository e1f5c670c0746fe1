import { describe, expect, it } from 'vitest';
import { walletAppLinks } from './wallet-links.ts';

describe('walletAppLinks', () => {
  it('opens the page inside MetaMask, Coinbase Wallet and Rainbow', () => {
    expect(walletAppLinks('https://drops.example.com/mint/night-cats?ref=x y')).toEqual([
      {
        name: 'MetaMask',
        href: 'https://metamask.app.link/dapp/drops.example.com/mint/night-cats?ref=x%20y',
      },
      {
        name: 'Coinbase Wallet',
        href: 'https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fdrops.example.com%2Fmint%2Fnight-cats%3Fref%3Dx%2520y',
      },
      {
        name: 'Rainbow',
        href: 'https://rnbwapp.com/dapp?url=https%3A%2F%2Fdrops.example.com%2Fmint%2Fnight-cats%3Fref%3Dx%2520y',
      },
    ]);
  });
});
