import type { Collection } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { CollectionsPage } from './collections-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function collection(
  overrides: Partial<Collection> & Pick<Collection, 'id' | 'name' | 'progress'>,
): Collection {
  return {
    description: '',
    size: 100,
    width: 512,
    height: 512,
    projectId: 'p1',
    watermark: false,
    thumbnail: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Serves the list (and a cancel) from a stubbed fetch. */
function serve(collections: Collection[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/v1/collections') return Response.json({ status: 'success', data: { collections } });
    if (url.endsWith('/cancel') && init?.method === 'POST') {
      return Response.json({
        status: 'success',
        data: { progress: { status: 'cancelled', done: 40, total: 100, etaSeconds: null, error: null } },
      });
    }
    return Response.json(
      { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
      { status: 404 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function show() {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>
        <CollectionsPage />
      </MemoryRouter>
    </Providers>,
  );
}

// The first render loads Ant Design in jsdom, which takes seconds on a busy 2-core machine.
describe('CollectionsPage', () => {
  it("says 'No Collection Generated' and links to Generate NFT when there is none", async () => {
    serve([]);
    show();
    await screen.findByText('No Collection Generated', {}, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: /Generate NFT/ }).getAttribute('href')).toBe('/dashboard/nft');
  });

  it('shows each state: a ready card links to its detail, a generating one its progress, a failed one why', async () => {
    serve([
      collection({
        id: 'ready-1',
        name: 'Moon Cats',
        thumbnail: '/api/v1/collections/ready-1/images/1.png',
        progress: { status: 'ready', done: 100, total: 100, etaSeconds: null, error: null },
      }),
      collection({
        id: 'gen-1',
        name: 'Sun Cats',
        size: 10_000,
        progress: { status: 'generating', done: 2_500, total: 10_000, etaSeconds: 130, error: null },
      }),
      collection({
        id: 'failed-1',
        name: 'Broken Cats',
        progress: {
          status: 'failed',
          done: 3,
          total: 100,
          etaSeconds: null,
          error: 'Layer "Hat" has no images',
        },
      }),
    ]);
    show();
    const ready = await screen.findByRole('link', { name: 'Moon Cats' }, { timeout: 10_000 });
    expect(ready.getAttribute('href')).toBe('/dashboard/collections/ready-1');
    const readyCard = ready.closest('li')!;
    expect(within(readyCard).getByText('Ready')).toBeTruthy();
    expect(readyCard.querySelector('img')?.getAttribute('src')).toBe(
      '/api/v1/collections/ready-1/thumbnails/1.webp',
    );
    expect(within(readyCard).getByText('100 items · 512 × 512px')).toBeTruthy();

    const generating = screen.getByRole('link', { name: 'Sun Cats' }).closest('li')!;
    expect(within(generating).getByText('2,500 of 10,000 images · about 2 min 10 s left')).toBeTruthy();
    expect(within(generating).getAllByText('25%').length).toBeGreaterThan(0);
    expect(within(generating).getByText('Generating')).toBeTruthy();
    expect(within(generating).getByRole('button', { name: 'Cancel generating Sun Cats' })).toBeTruthy();

    const failed = screen.getByRole('link', { name: 'Broken Cats' }).closest('li')!;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Layer "Hat" has no images')).toBeTruthy();
  });

  it('cancels a generation only after the user confirms', async () => {
    const fetchMock = serve([
      collection({
        id: 'gen-2',
        name: 'Star Cats',
        progress: { status: 'generating', done: 40, total: 100, etaSeconds: 12, error: null },
      }),
    ]);
    show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Cancel generating Star Cats' }, { timeout: 10_000 }),
    );
    const cancelCalls = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/cancel'));
    expect(cancelCalls()).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel generation' }));
    await waitFor(() => expect(cancelCalls()).toHaveLength(1));
    expect(cancelCalls()[0]![0]).toBe('/api/v1/collections/gen-2/cancel');
    await screen.findByText('Generation cancelled');
  });
});
