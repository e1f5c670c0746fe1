import type { Marketplace } from '@layerloom/api';
import type { GetCollectionStateReturnType } from '@layerloom/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import type { DropContext } from './drop-context.ts';
import { FreezeCard } from './freeze-card.tsx';
import { ListingCard } from './listing-card.tsx';
import { MetadataUpdatesCard } from './metadata-updates-card.tsx';
import type { DropTransaction } from './use-drop-actions.ts';

const CREATOR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CONTRACT_URI = 'https://loom.test/api/v1/drops/cats-1a2b3c/contract.json';
const IPFS_LISTING = 'ipfs://bafkreilisting';
const DEPLOYED_AT = '2026-11-20T10:00:00.000Z';

// jsdom has no ResizeObserver, which the description's text area reads; nothing here depends on sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const marketplace = (extra: Partial<Marketplace> = {}): Marketplace => ({
  collectionId: 'c1',
  listing: {
    name: 'Loom Cats',
    description: 'Cats, woven.',
    image: null,
    bannerImage: null,
    featuredImage: null,
    externalLink: null,
    collaborators: [],
    sellerFeeBasisPoints: 500,
    feeRecipient: CREATOR,
  },
  savedAt: null,
  contractUri: CONTRACT_URI,
  ipfsContractUri: IPFS_LISTING,
  contractJson: {},
  metadataBaseUri: 'ipfs://bafymeta/',
  pendingMetadataEdits: [],
  updates: [],
  isFrozen: false,
  ...extra,
});

function contextWith(state: Partial<GetCollectionStateReturnType> = {}) {
  const run = vi.fn(async (_transactions: readonly DropTransaction[]) => true);
  const context: DropContext = {
    chainId: 31337,
    currency: 'ETH',
    state: {
      name: 'Loom Cats',
      revealed: true,
      metadataFrozen: false,
      baseURI: 'ipfs://bafymeta/',
      contractURI: IPFS_LISTING,
      royalty: { receiver: CREATOR, bps: 500 },
      ...state,
    } as GetCollectionStateReturnType,
    canManage: true,
    canWithdraw: true,
    actions: { steps: {}, running: null, isRunning: false, run },
  };
  return { context, run };
}

/** Renders a card with the server answering the marketplace with `answer` (or `pinned` once put on IPFS). */
function show(
  card: 'freeze' | 'listing' | 'metadata',
  answer: Marketplace,
  context: DropContext,
  pinned: Marketplace = answer,
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    Response.json({
      status: 'success',
      data: { marketplace: init?.method === 'POST' && url.endsWith('/marketplace/ipfs') ? pinned : answer },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const props = { collectionId: 'c1', context, deployedAt: DEPLOYED_AT };
  render(
    <Providers client={createQueryClient()}>
      {card === 'freeze' ? (
        <FreezeCard {...props} />
      ) : card === 'listing' ? (
        <ListingCard {...props} />
      ) : (
        <MetadataUpdatesCard {...props} />
      )}
    </Providers>,
  );
  return fetchMock;
}

describe('FreezeCard', () => {
  it('shows why it cannot freeze before the click, with the button disabled', async () => {
    const { context } = contextWith({ revealed: false, baseURI: '' });
    show('freeze', marketplace({ metadataBaseUri: 'https://loom.test/hosted/cats/metadata/' }), context);
    const button = await screen.findByRole(
      'button',
      { name: 'Freeze metadata forever…' },
      { timeout: 20_000 },
    );
    expect(button.hasAttribute('disabled')).toBe(true);
    const reasons = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reasons?.textContent).toContain('The collection is not revealed');
    expect(reasons?.textContent).toContain('Token metadata is not on IPFS');
  });

  it('asks for the collection’s name typed out before it freezes, saying the fee first', async () => {
    const { context, run } = contextWith();
    const estimateFee = vi.fn(async () => 2_000_000_000_000_000n);
    show('freeze', marketplace(), { ...context, estimateFee });
    expect(await screen.findByText('Network fee: about 0.002 ETH', {}, { timeout: 20_000 })).toBeTruthy();
    expect(estimateFee).toHaveBeenCalledWith('0xd111515d');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Freeze metadata forever…' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This cannot be undone.');
    const ok = within(dialog).getByRole('button', { name: 'Freeze forever' });
    expect(ok.hasAttribute('disabled')).toBe(true);
    const input = within(dialog).getByLabelText('Type Loom Cats to confirm');
    fireEvent.change(input, { target: { value: 'loom cats' } });
    expect(ok.hasAttribute('disabled')).toBe(true);
    expect(run).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Loom Cats' } });
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
    fireEvent.click(ok);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]?.[0]).toMatchObject([{ action: 'freeze', title: 'Freeze the metadata' }]);
  });

  it('says the metadata is frozen once it is', async () => {
    const { context } = contextWith({ metadataFrozen: true });
    show('freeze', marketplace(), context);
    expect(await screen.findByText('Metadata is frozen on chain.', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Freeze metadata forever…' })).toBeNull();
  });
});

describe('ListingCard', () => {
  it('says the listing changed, offers the update on chain, and warns of a royalty that differs', async () => {
    const { context, run } = contextWith({ contractURI: '', royalty: { receiver: CREATOR, bps: 750 } });
    show('listing', marketplace(), context);
    expect(await screen.findByText('changed, update', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/The contract pays a 7.5 % royalty/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Use the contract's royalty" }));
    await waitFor(() => expect((screen.getByLabelText('Royalty') as HTMLInputElement).value).toBe('7.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Update the listing on chain' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]?.[0]).toMatchObject([{ action: 'contract-uri' }]);
  });

  it('puts the listing of a collection on IPFS first, then points the contract at that copy', async () => {
    const { context, run } = contextWith({ contractURI: CONTRACT_URI });
    const fetchMock = show('listing', marketplace({ ipfsContractUri: null }), context, marketplace());
    fireEvent.click(
      await screen.findByRole('button', { name: 'Update the listing on chain' }, { timeout: 20_000 }),
    );
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => init?.method === 'POST' && url === '/api/v1/collections/c1/marketplace/ipfs',
      ),
    ).toBe(true);
    expect(run.mock.calls[0]?.[0]).toMatchObject([
      { action: 'contract-uri', title: 'Point marketplaces at the listing on IPFS' },
    ]);
  });

  it('refuses a bad address in the form without asking the server', async () => {
    const { context } = contextWith();
    const fetchMock = show('listing', marketplace(), context);
    fireEvent.change(await screen.findByLabelText('Website', {}, { timeout: 20_000 }), {
      target: { value: 'http://cats.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save listing' }));
    expect(await screen.findByText('Use an https:// address')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('disables every change once frozen, saying why', async () => {
    const { context } = contextWith({ metadataFrozen: true });
    show('listing', marketplace(), context);
    const save = await screen.findByRole('button', { name: 'Save listing' }, { timeout: 20_000 });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Metadata is frozen on chain/).textContent).toContain('can no longer change');
  });
});

describe('MetadataUpdatesCard', () => {
  it('offers the update after the reveal and refuses it before, with the reason', async () => {
    const { context } = contextWith({ revealed: false });
    show('metadata', marketplace(), context);
    const button = await screen.findByRole(
      'button',
      { name: 'Update metadata on marketplaces' },
      { timeout: 20_000 },
    );
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Reveal the collection first: until then marketplaces show the placeholder.',
    );
  });

  it('points the contract at moved metadata, saying what changed', async () => {
    const { context, run } = contextWith();
    show('metadata', marketplace({ metadataBaseUri: 'ipfs://bafynew/' }), context);
    expect(
      await screen.findByText(
        'Metadata now lives at ipfs://bafynew/ (the contract reads ipfs://bafymeta/)',
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update metadata on marketplaces' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]?.[0]).toMatchObject([
      { action: 'metadata', title: 'Point the contract at the new metadata' },
    ]);
  });
});
