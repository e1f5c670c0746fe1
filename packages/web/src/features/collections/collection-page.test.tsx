import type { Collection, Deployment, LaunchStatus, Publication } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { CollectionPage } from './collection-page.tsx';

// jsdom has no ResizeObserver, which Ant Design's inputs read.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const failed: Collection = {
  id: 'c1',
  name: 'Broken Cats',
  description: 'Cats that never were.',
  size: 100,
  width: 1024,
  height: 1024,
  projectId: 'p1',
  watermark: true,
  thumbnail: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  progress: { status: 'failed', done: 3, total: 100, etaSeconds: null, error: 'Layer "Hat" has no images' },
};

function show(answer: Response) {
  const fetchMock = vi.fn(async (_url: string) => answer.clone());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard/collections/c1']}>
        <Routes>
          <Route path="/dashboard/collections/:id" element={<CollectionPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return fetchMock;
}

const generated: Collection = {
  ...failed,
  name: 'Loom Cats',
  watermark: false,
  thumbnail: '/api/v1/collections/c1/images/1.png',
  progress: { status: 'ready', done: 100, total: 100, etaSeconds: null, error: null },
};

const publication: Publication = {
  collectionId: 'c1',
  mode: 'hosted',
  slug: 'loom-cats',
  baseUri: 'https://layerloom.test/hosted/loom-cats/metadata/',
  imageBaseUri: 'https://layerloom.test/hosted/loom-cats/images/',
  provenanceHash: 'ab'.repeat(32),
  publishedAt: '2026-11-20T10:00:00.000Z',
};

const deployment: Deployment = {
  id: 'd1',
  collectionId: 'c1',
  chainId: 31_337,
  chainName: 'Local (anvil)',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  transactionHash: `0x${'cd'.repeat(32)}`,
  blockNumber: '12',
  name: 'Loom Cats',
  symbol: 'LC',
  maxSupply: 100,
  payees: [],
  status: 'verified',
  statusReason: null,
  explorerUrl: null,
  sourceVerification: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

const status = (change: Partial<LaunchStatus>): LaunchStatus => ({
  collectionId: 'c1',
  stage: 'draft',
  phase: null,
  minted: null,
  supply: 100,
  proceeds: null,
  mintPath: null,
  chainName: null,
  notice: null,
  ...change,
});

/** The server's answers for a generated collection, by path (anything else: 404). */
function answers(launch: {
  publication: Publication | null;
  deployments: Deployment[];
  status: LaunchStatus;
}): Record<string, unknown> {
  return {
    '/api/v1/collections/c1': { collection: generated },
    '/api/v1/collections/c1/publication': { publication: launch.publication },
    '/api/v1/collections/c1/deployments': { deployments: launch.deployments },
    '/api/v1/collections/c1/launch-status': { status: launch.status },
    '/api/v1/collections/c1/publication/placeholder': { placeholder: null },
    '/api/v1/collections/c1/tokens': { tokens: [], total: 0, page: 1, pageSize: 48, traits: {} },
    '/api/v1/collections/c1/ipfs': { imagesCid: 'bafyimages', metadataCid: 'bafymetadata' },
    '/api/v1/collections/c1/amendments': { amendments: [] },
    '/api/v1/collections/c1/rarity': {
      rarity: {
        tokenCount: 100,
        rarityMode: 'weighted',
        hasRules: false,
        layers: [],
        rarest: [{ edition: 7, name: 'Loom Cats #7', rank: 1, score: 3.2 }],
      },
    },
  };
}

/** The address bar of the test's router. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function showGenerated(routes: Record<string, unknown>, path = '/dashboard/collections/c1') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = routes[url.split('?')[0] ?? url];
      return data
        ? Response.json({ status: 'success', data })
        : Response.json(
            { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
            { status: 404 },
          );
    }),
  );
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/dashboard/collections/:id"
            element={
              <>
                <CollectionPage />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** The launch's numbered steps, as a reader meets them: each step's heading and state. */
async function steps() {
  const launch = await screen.findByRole('region', { name: 'Launch' }, { timeout: 10_000 });
  const list = await within(launch).findByRole('list', {}, { timeout: 10_000 });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.hasAttribute('data-guide-step'));
}

// The first render loads Ant Design in jsdom, which takes seconds on a busy 2-core machine.
describe('CollectionPage', () => {
  it('shows why a generation failed, with its facts and Delete, and asks for no tokens or downloads', async () => {
    const fetchMock = show(Response.json({ status: 'success', data: { collection: failed } }));
    await screen.findByRole('heading', { level: 1, name: 'Broken Cats' }, { timeout: 10_000 });
    expect(screen.getByText('Generation failed')).toBeTruthy();
    expect(screen.getByText('Layer "Hat" has no images')).toBeTruthy();
    expect(screen.getByText('1024 × 1024px')).toBeTruthy();
    expect(screen.getByText('Free plan')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Gallery' })).toBeNull();
    // Only the collection itself: tokens and CIDs of an unfinished collection would be a 409.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/collections/c1']);
  });

  it("answers an unknown or someone else's id with 'Collection not found'", async () => {
    show(
      Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Collection not found' } },
        { status: 404 },
      ),
    );
    await screen.findByRole('heading', { level: 1, name: 'Collection not found' }, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Back to My Collection' }).getAttribute('href')).toBe(
      '/dashboard/collections',
    );
  });

  it("leads an unpublished collection with its three steps: publishing is next, with the page's only primary button", async () => {
    showGenerated(answers({ publication: null, deployments: [], status: status({}) }));
    await screen.findByRole('heading', { level: 1, name: 'Loom Cats' }, { timeout: 10_000 });
    const [publish, deploy, drop] = await steps();
    expect(within(publish!).getByRole('heading', { name: 'Step 1: Publish' })).toBeTruthy();
    expect(publish!.getAttribute('aria-current')).toBe('step');
    expect(publish!.textContent).toContain('Do this next');
    expect(within(deploy!).getByRole('heading', { name: 'Step 2: Deploy' })).toBeTruthy();
    expect(deploy!.textContent).toContain('After step 1');
    expect(deploy!.textContent).toContain('Publish the collection first');
    expect(within(drop!).getByRole('heading', { name: 'Step 3: Run the drop' })).toBeTruthy();
    expect(drop!.textContent).toContain('After step 2');
    const publishButton = await within(publish!).findByRole('button', {
      name: 'Publish, hosted by Layerloom',
    });
    // The tools that change tokens are open until the collection is published.
    expect(await screen.findByRole('heading', { name: 'Lock and reroll' }, { timeout: 10_000 })).toBeTruthy();
    const primaries = document.querySelectorAll('.ant-btn-primary');
    expect([...primaries]).toEqual([publishButton]);
    // Nothing stops a draft from being deleted.
    expect(screen.getByRole('button', { name: /Delete/ }).hasAttribute('disabled')).toBe(false);
  });

  it('folds the finished steps once deployed, closes the tools without a word about them, and says why Delete is off', async () => {
    showGenerated(
      answers({
        publication,
        deployments: [deployment],
        status: status({
          stage: 'deployed',
          minted: 0,
          mintPath: '/mint/loom-cats',
          chainName: 'Local (anvil)',
        }),
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Loom Cats' }, { timeout: 10_000 });
    const [publish, deploy, drop] = await steps();
    expect(publish!.textContent).toContain('Done');
    expect(publish!.querySelector('.llc-guide-summary')?.textContent).toBe(
      'Published Nov 20, 2026, hosted by Layerloom. Rerolls and growing closed when it was published; metadata and art edits make a new version.',
    );
    expect(deploy!.textContent).toContain('Your contract on Local (anvil) at 0x5FbD…0aa3');
    expect(drop!.textContent).toContain('Sale closed');
    expect(drop!.textContent).toContain('Minted 0 of 100');
    expect(drop!.getAttribute('aria-current')).toBe('step');

    // Folded into their summaries; the publication opens on demand.
    const details = within(publish!).getByRole('button', { name: 'Show details of step 1' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Publication' })).toBeNull();
    fireEvent.click(details);
    expect(await screen.findByRole('region', { name: 'Publication' })).toBeTruthy();
    expect(within(publish!).getByRole('button', { name: 'Hide details of step 1' })).toBeTruthy();
    expect(within(deploy!).getByRole('button', { name: 'Show details of step 2' })).toBeTruthy();

    // Reroll and grow are gone, not repeated as "can no longer change"; the metadata editor stays, saying
    // what an edit does now.
    expect(screen.queryByRole('heading', { name: 'Lock and reroll' })).toBeNull();
    expect(screen.queryByText(/can no longer/)).toBeNull();
    const editor = await screen.findByRole('region', { name: 'Edit metadata' });
    expect(within(editor).getByText('Published: your edits make a new metadata version.')).toBeTruthy();
    expect(
      within(editor).getByText(
        'Marketplaces see it after you update metadata on marketplaces (Run the drop).',
      ),
    ).toBeTruthy();

    const remove = screen.getByRole('button', { name: /Delete/ });
    expect(remove.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      "It cannot be deleted: it has a contract on Local (anvil), and collectors' tokens point at its files and its mint page.",
    );
  });

  it('goes to a section from the menu and keeps it in the URL, with the other params', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    showGenerated(
      answers({ publication: null, deployments: [], status: status({}) }),
      '/dashboard/collections/c1?sort=rarity&section=rarity',
    );
    const menu = await screen.findByRole(
      'navigation',
      { name: 'Sections of this collection' },
      { timeout: 10_000 },
    );
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Launch',
      'Metadata',
      'Gallery',
      'Rarity',
    ]);
    // Opened at a section: it is the current one, and brought into view.
    expect(within(menu).getByRole('link', { name: 'Rarity' }).getAttribute('aria-current')).toBe('location');
    await waitFor(() => expect(scrolled).toContain('llc-section-rarity'));

    fireEvent.click(within(menu).getByRole('link', { name: 'Gallery' }));
    expect(screen.getByTestId('location').textContent).toBe('?sort=rarity&section=gallery');
    expect(within(menu).getByRole('link', { name: 'Gallery' }).getAttribute('aria-current')).toBe('location');
    await waitFor(() => expect(scrolled).toContain('llc-section-gallery'));
    expect(document.getElementById('llc-section-gallery')?.textContent).toContain('Gallery');

    // Overview is the page's own URL.
    expect(within(menu).getByRole('link', { name: 'Overview' }).getAttribute('href')).toBe('?sort=rarity');
    fireEvent.click(within(menu).getByRole('link', { name: 'Overview' }));
    expect(screen.getByTestId('location').textContent).toBe('?sort=rarity');
    await waitFor(() => expect(scrolled).toContain('llc-section-overview'));
  });
});
