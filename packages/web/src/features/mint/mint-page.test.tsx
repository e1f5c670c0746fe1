import type { Drop, DropState } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { MintPage, SaleFigures } from './mint-page.tsx';

// jsdom has no ResizeObserver, which Ant Design's text area reads.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

// The wallet panel (wagmi, WalletConnect…) stands in here; the count says when its code was loaded.
const walletCode = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./mint-panel.tsx', () => {
  walletCode.loads += 1;
  return { default: () => <p>Wallet panel loaded</p> };
});

const drop: Drop = {
  slug: 'loom-cats',
  name: 'Loom Cats',
  description: 'Cats, woven.',
  size: 6,
  width: 64,
  height: 64,
  images: [1, 2, 3].map((id) => `https://layerloom.test/hosted/loom-cats/images/${id}.png`),
  imageTokenIds: [1, 2, 3],
  page: {
    title: 'Loom Cats',
    bannerUrl: 'https://layerloom.test/api/v1/drops/loom-cats/images/collage.webp',
    logoUrl: null,
    accentColor: null,
    links: { website: null, x: null, discord: null },
  },
  metadataBaseUri: 'https://layerloom.test/hosted/loom-cats/metadata/',
  contract: {
    chainId: 84_532,
    chainName: 'Base Sepolia',
    currency: 'ETH',
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    explorerUrl: 'https://sepolia.basescan.org/address/0x5FbDB2315678afecb367f032d93F642f64180aa3',
  },
  walletConnectProjectId: null,
};

const sale = (change: Partial<DropState> = {}): DropState => ({
  minted: 2,
  maxSupply: 6,
  phase: 'public',
  publicPrice: '10000000000000000',
  allowlistPrice: '0',
  maxPerWallet: 2,
  allowlistMaxPerWallet: 1,
  revealed: true,
  allowlistRoot: null,
  allowlistStart: null,
  publicStart: null,
  readAt: '2026-11-24T10:00:00.000Z',
  ...change,
});

/** Shows /mint/loom-cats with the server answering each path (a missing path is a 404). */
function show(drops: Record<string, unknown>, path = '/mint/loom-cats') {
  const answers: Record<string, unknown> = { '/api/v1/session': { user: null }, ...drops };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url in answers
        ? Response.json({ status: 'success', data: answers[url] })
        : Response.json(
            { status: 'error', error: { code: 'NOT_FOUND', message: 'Drop not found' } },
            { status: 404 },
          ),
    ),
  );
  const router = createMemoryRouter([{ path: '/mint/:slug', Component: MintPage }], {
    initialEntries: [path],
  });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('MintPage', () => {
  it('says plainly that an unknown mint page does not exist', async () => {
    show({});
    // The first render loads the page's modules: allow it more than findBy's usual second.
    expect(
      await screen.findByRole('heading', { name: 'This mint page does not exist' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(document.title).toBe('Mint page not found · Layerloom');
  });

  it('shows the collection, its gallery and the live sale figures', async () => {
    show({
      '/api/v1/drops/loom-cats': { drop },
      '/api/v1/drops/loom-cats/state': { state: sale(), notice: null },
    });
    expect(await screen.findByRole('heading', { name: 'Loom Cats', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Public sale')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Minted' }).getAttribute('aria-valuetext')).toBe(
      '2 of 6 minted',
    );
    expect(screen.getByText('0.01 ETH')).toBeTruthy();
    expect(screen.getByText('Up to 2 per wallet')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Loom Cats #\d$/ }).length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: /0x5FbD…0aa3/ }).getAttribute('href')).toBe(
      drop.contract?.explorerUrl,
    );
    expect(document.title).toBe('Loom Cats · Mint · Layerloom');
  });

  it("is the creator's page: no Layerloom menu or embed code, a small 'Made with Layerloom' link", async () => {
    show({
      '/api/v1/drops/loom-cats': { drop },
      '/api/v1/drops/loom-cats/state': { state: sale(), notice: null },
    });
    expect(await screen.findByRole('heading', { name: 'Loom Cats', level: 1 })).toBeTruthy();
    for (const name of ['About', 'Pricing', 'Sign up', 'Log in', 'Features']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByLabelText('Embed code')).toBeNull();
    expect(screen.getByRole('link', { name: /^Made with Layerloom/ }).getAttribute('href')).toBe('/');
  });

  it('loads no wallet code until the collector presses Connect wallet', async () => {
    show({
      '/api/v1/drops/loom-cats': { drop },
      '/api/v1/drops/loom-cats/state': { state: sale(), notice: null },
    });
    const connect = await screen.findByRole('button', { name: 'Connect wallet' });
    // The figures are there without it.
    expect(screen.getByText('0.01 ETH')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(walletCode.loads).toBe(0);
    expect(screen.queryByText('Wallet panel loaded')).toBeNull();
    fireEvent.click(connect);
    expect(await screen.findByText('Wallet panel loaded')).toBeTruthy();
    expect(walletCode.loads).toBe(1);
  });

  it("shows the creator's banner, logo, links and accent colour", async () => {
    const dressed: Drop = {
      ...drop,
      images: [drop.images[2]!, drop.images[0]!],
      imageTokenIds: [3, 1],
      page: {
        title: 'Loom Cats: the drop',
        bannerUrl:
          'https://layerloom.test/api/v1/drops/loom-cats/images/banner-aaaaaaaaaaaaaaaaaaaaaaaa.webp',
        logoUrl: 'https://layerloom.test/api/v1/drops/loom-cats/images/logo-bbbbbbbbbbbbbbbbbbbbbbbb.webp',
        accentColor: '#ffd400',
        links: { website: 'https://loomcats.example', x: 'https://x.com/loomcats', discord: null },
      },
    };
    show({
      '/api/v1/drops/loom-cats': { drop: dressed },
      '/api/v1/drops/loom-cats/state': { state: sale(), notice: null },
    });
    expect(await screen.findByRole('heading', { name: 'Loom Cats: the drop', level: 1 })).toBeTruthy();
    const banner = screen.getByRole('img', { name: 'Loom Cats: the drop banner' });
    expect(banner.getAttribute('src')).toBe(dressed.page.bannerUrl);
    // A phone and a tablet are sent the banner's narrower copies.
    const sources = [...(banner.parentElement?.querySelectorAll('source') ?? [])].map((source) => [
      source.getAttribute('media'),
      source.getAttribute('srcset'),
    ]);
    const base = dressed.page.bannerUrl?.replace('.webp', '');
    expect(sources).toEqual([
      ['(max-width: 700px)', `${base}-640.webp`],
      ['(max-width: 1100px)', `${base}-1024.webp`],
    ]);
    expect(screen.getByRole('img', { name: 'Loom Cats: the drop logo' }).getAttribute('src')).toBe(
      dressed.page.logoUrl,
    );
    const links = within(screen.getByRole('list', { name: 'Links' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [' Website (opens in a new tab)', 'https://loomcats.example'],
      [' X (opens in a new tab)', 'https://x.com/loomcats'],
    ]);
    // The gallery shows the chosen tokens, in order.
    const gallery = within(screen.getByRole('list', { name: 'Gallery' })).getAllByRole('img');
    expect(gallery.map((image) => image.getAttribute('alt'))).toEqual(['Loom Cats #3', 'Loom Cats #1']);
    // A light yellow accent gets black text on it, and is darkened where it is text on white.
    const page = document.querySelector<HTMLElement>('.llm-page')!;
    expect(page.style.getPropertyValue('--llm-accent')).toBe('#ffd400');
    expect(page.style.getPropertyValue('--llm-on-accent')).toBe('#000000');
    expect(page.style.getPropertyValue('--llm-ink-light')).not.toBe('#ffd400');
    expect(document.title).toBe('Loom Cats: the drop · Mint · Layerloom');
  });

  it('says when the sale is sold out', async () => {
    show({
      '/api/v1/drops/loom-cats': { drop },
      '/api/v1/drops/loom-cats/state': { state: sale({ minted: 6 }), notice: null },
    });
    expect(
      await screen.findByText('Sold out: all 6 tokens are minted.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('keeps the page when the chain cannot be read, with the notice', async () => {
    const notice =
      'Live figures are unavailable right now: Base Sepolia did not answer. Try again in a moment.';
    show({ '/api/v1/drops/loom-cats': { drop }, '/api/v1/drops/loom-cats/state': { state: null, notice } });
    expect(await screen.findByText(notice, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Loom Cats', level: 1 })).toBeTruthy();
  });

  it('counts down to a scheduled sale and opens it at its start, reading the sale again', async () => {
    const publicStart = new Date(Date.now() + 2_500).toISOString();
    show({
      '/api/v1/drops/loom-cats': { drop },
      '/api/v1/drops/loom-cats/state': { state: sale({ phase: 'closed', publicStart }), notice: null },
    });
    const timer = await screen.findByRole('timer', {}, { timeout: 5_000 });
    expect(timer.getAttribute('aria-label')).toMatch(/^Public sale opens in 00:0[0-3]$/);
    expect(screen.getByText(/^The sale is not open yet: the public sale opens \w{3}, /)).toBeTruthy();
    const fetch = vi.mocked(globalThis.fetch);
    const stateReads = () =>
      fetch.mock.calls.filter(([url]) => url === '/api/v1/drops/loom-cats/state').length;
    const readsBefore = stateReads();
    // At the start the card opens by itself (the wallet panel replaces the notice) and asks the chain again.
    await waitFor(() => expect(screen.queryByRole('timer')).toBeNull(), { timeout: 6_000 });
    expect(screen.getByText('Public sale')).toBeTruthy();
    expect(screen.queryByText(/The sale is not open yet/)).toBeNull();
    await waitFor(() => expect(stateReads()).toBeGreaterThan(readsBefore));
  });

  it('shows only the mint card when embedded', async () => {
    show(
      {
        '/api/v1/drops/loom-cats': { drop },
        '/api/v1/drops/loom-cats/state': { state: sale({ phase: 'closed' }), notice: null },
      },
      '/mint/loom-cats?embed=1',
    );
    expect(
      await screen.findByText('The sale is not open yet. Come back when the creator opens it.'),
    ).toBeTruthy();
    expect(screen.getByText('Sale not open yet')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByLabelText('Embed code')).toBeNull();
  });

  it("shows a connected wallet's own allowance and what it has left in the Limit tile", () => {
    render(
      <SaleFigures
        state={sale({ phase: 'allowlist' })}
        currency="ETH"
        wallet={{ mintedInPhase: 1, listed: true, listedAllowance: 3 }}
      />,
    );
    const limit = screen.getByText('Limit').parentElement as HTMLElement;
    expect(within(limit).getByText('2 of 3 left')).toBeTruthy();
    expect(within(limit).getByText("this wallet's allowance")).toBeTruthy();
  });
});
