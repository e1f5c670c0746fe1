import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { standInResizeObserver } from '../../test/stand-ins.ts';
import { MoveProjectButton } from './move-project-button.tsx';
import { WORKSPACE_STORAGE_KEY } from './workspace-choice.ts';
import { WorkspaceProvider } from './workspace-context.tsx';

standInResizeObserver();

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const workspaces = [
  { id: 'me', name: 'Ada Lovelace', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
  { id: 'w1', name: 'Moon Studio', personal: false, role: 'owner', memberCount: 3, createdAt: '' },
  { id: 'w2', name: 'Zebra Works', personal: false, role: 'editor', memberCount: 2, createdAt: '' },
];

const collection = {
  id: 'c1',
  name: 'Moon Cats',
  projectId: 'p1',
  workspaceId: 'me',
  description: '',
  size: 10,
  width: 64,
  height: 64,
  watermark: false,
  thumbnail: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  progress: { status: 'ready', done: 10, total: 10, etaSeconds: null, error: null },
};

function Where() {
  const location = useLocation();
  return <p>At: {`${location.pathname}${location.search}`}</p>;
}

function show({ stage = 'published', move }: { stage?: string; move?: () => Response }) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const ok = (data: unknown) => Response.json({ status: 'success', data });
    const path = String(url);
    if (path === '/api/v1/workspaces') return ok({ workspaces });
    if (path === '/api/v1/collections') return ok({ collections: [collection] });
    if (path === '/api/v1/launch-status') return ok({ statuses: [{ collectionId: 'c1', stage }] });
    if (path === '/api/v1/projects/p1/move' && init?.method === 'POST') {
      return move ? move() : ok({ project: { id: 'p1' }, movedCollections: 1 });
    }
    throw new Error(`unexpected ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WorkspaceProvider>
            <MoveProjectButton project={{ id: 'p1', name: 'Moon Cats' }} />
            <Where />
          </WorkspaceProvider>
        ),
      },
    ],
    { initialEntries: ['/dashboard/nft?workspace=me'] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return fetch;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Move to workspace…' }));
  return screen.findByRole('dialog', { name: 'Move “Moon Cats” to another workspace' });
}

describe('moving a project to another workspace', () => {
  it('offers only the other workspaces the user owns, and follows the project there once moved', async () => {
    const fetch = show({});
    const dialog = await openDialog();
    const choices = await within(dialog).findAllByRole('radio');
    expect(choices).toHaveLength(1);
    const move = within(dialog).getByRole('button', { name: 'Move project' });
    expect(move).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Moon Studio/ }));
    await waitFor(() => expect(move).toHaveProperty('disabled', false));
    fireEvent.click(move);

    await screen.findByText('At: /dashboard/nft?workspace=w1&project=p1');
    const call = fetch.mock.calls.find(([url]) => url === '/api/v1/projects/p1/move');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ workspaceId: 'w1' });
    expect(window.localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBe('w1');
    await screen.findByText('“Moon Cats” moved to Moon Studio');
  });

  it('says why a project whose collection has a contract cannot move, with Move disabled', async () => {
    show({ stage: 'live' });
    const dialog = await openDialog();
    const reason = await within(dialog).findByText(
      'It cannot move: its collection “Moon Cats” has a contract deployed, and its mint page and proceeds stay in this workspace.',
    );
    const move = within(dialog).getByRole('button', { name: 'Move project' });
    expect(move).toHaveProperty('disabled', true);
    expect(move.getAttribute('aria-describedby')).toBe(reason.id);
    expect(within(dialog).getByRole('radio', { name: /Moon Studio/ })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal in the dialog and stays where it was', async () => {
    show({
      move: () =>
        Response.json(
          {
            status: 'error',
            error: {
              code: 'FORBIDDEN',
              message: 'Your role in this workspace (Editor) cannot move the project.',
            },
          },
          { status: 403 },
        ),
    });
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Moon Studio/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move project' }));
    await within(dialog).findByText('Your role in this workspace (Editor) cannot move the project.');
    screen.getByText('At: /dashboard/nft?workspace=me');
  });
});
