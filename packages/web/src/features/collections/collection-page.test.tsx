import type { Collection } from '@layerloom/api';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { CollectionPage } from './collection-page.tsx';

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

  payees: [],
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
});
