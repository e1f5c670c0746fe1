// Ant Design renders slowly in jsdom, more so on a busy 2-core machine: allow the test 20 s.
import type { Collection, IpfsUpload } from '@layerloom/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { WorkspaceProvider } from '../workspaces/workspace-context.tsx';
import { RepublishMetadata } from './republish-metadata.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const upload = (status: IpfsUpload['status']): IpfsUpload => ({
  collectionId: 'c1',
  status,
  done: 0,
  total: 0,
  error: null,
  imagesCid: 'bafyimages',
  metadataCid: 'bafymetadata',
  startedAt: '2026-11-25T01:00:00.000Z',
});

/** A published collection of the team workspace w1. */
const collection: Collection = {
  id: 'c1',
  name: 'Pinned Cats',
  description: '',
  size: 3,
  width: 64,
  height: 64,
  projectId: 'p1',
  watermark: false,
  thumbnail: '/api/v1/collections/c1/images/1.png',
  createdAt: '2026-11-20T10:00:00.000Z',
  progress: { status: 'ready', done: 3, total: 3, etaSeconds: null, error: null },
  workspaceId: 'w1',
};

describe('RepublishMetadata', () => {
  it("says the pinned metadata is out of date and publishes again with the collection's workspace's provider", async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push(url);
          return Response.json({ status: 'success', data: { upload: upload('queued') } }, { status: 202 });
        }
        if (url === '/api/v1/collections/c1') {
          return Response.json({ status: 'success', data: { collection } });
        }
        // The provider of the collection's workspace, whoever publishes.
        if (url === '/api/v1/pinning-provider?workspace=w1') {
          return Response.json({
            status: 'success',
            data: {
              provider: {
                endpoint: 'http://127.0.0.1:5001',
                tokenLast4: 'c0de',
                updatedAt: '2026-11-25T01:00:00.000Z',
              },
            },
          });
        }
        if (url === '/api/v1/collections/c1/publication/ipfs')
          return Response.json({ status: 'success', data: { upload: upload('succeeded') } });
        return Response.json(
          { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
          { status: 404 },
        );
      }),
    );
    render(
      <Providers client={createQueryClient()}>
        <RepublishMetadata collectionId="c1" />
      </Providers>,
    );
    expect(
      await screen.findByText(
        'Metadata changed since it was pinned — publish again',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: /Publish again/ });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(posts).toEqual(['/api/v1/collections/c1/publication/ipfs']));
    expect(await screen.findByRole('status')).toBeTruthy();
  }, 20_000);

  it("is disabled for an Editor of the collection's team, with the reason beside it", async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(url);
        if (url === '/api/v1/workspaces')
          return Response.json({
            status: 'success',
            data: {
              workspaces: [
                { id: 'me', name: 'Personal', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
                {
                  id: 'w1',
                  name: 'Moon Studio',
                  personal: false,
                  role: 'editor',
                  memberCount: 3,
                  createdAt: '',
                },
              ],
            },
          });
        if (url === '/api/v1/collections/c1')
          return Response.json({ status: 'success', data: { collection } });
        if (url === '/api/v1/pinning-provider?workspace=w1')
          return Response.json({
            status: 'success',
            data: { provider: { endpoint: 'http://127.0.0.1:5001', tokenLast4: 'c0de', updatedAt: '' } },
          });
        if (url === '/api/v1/collections/c1/publication/ipfs')
          return Response.json({ status: 'success', data: { upload: upload('succeeded') } });
        return Response.json(
          { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
          { status: 404 },
        );
      }),
    );
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <WorkspaceProvider>
              <RepublishMetadata collectionId="c1" />
            </WorkspaceProvider>
          ),
        },
      ],
      { initialEntries: ['/dashboard/collections/c1'] },
    );
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const note = await screen.findByText(/publishing a collection/, {}, { timeout: 15_000 });
    const button = screen.getByRole('button', { name: /Publish again/ });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(button.getAttribute('aria-describedby')).toBe(note.closest('p')?.id);
    fireEvent.click(button);
    expect(posts).toEqual([]);
  }, 20_000);
});
