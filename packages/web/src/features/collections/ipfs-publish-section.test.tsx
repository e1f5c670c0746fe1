// Ant Design renders slowly in jsdom, more so on a busy 2-core machine: allow each test 20 s.
import type { Collection, IpfsUpload, PinningProvider } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { WorkspaceProvider } from '../workspaces/workspace-context.tsx';
import { PublishModeChoice } from './ipfs-publish-section.tsx';
import { PinningProviderSettings } from './pinning-provider-form.tsx';
import { PublishPanel } from './publish-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The collection the publish section is about, in the personal workspace (no workspaceId, as an older server). */
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
};

/** The member's workspaces: their personal one, a team they edit in, a team they administer. */
const workspaces = [
  { id: 'me', name: 'Personal', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
  { id: 'w1', name: 'Moon Studio', personal: false, role: 'editor', memberCount: 3, createdAt: '' },
  { id: 'w2', name: 'Sun Guild', personal: false, role: 'admin', memberCount: 2, createdAt: '' },
];

const saved: PinningProvider = {
  endpoint: 'http://127.0.0.1:5001',
  tokenLast4: 'c0de',
  updatedAt: '2026-11-25T01:00:00.000Z',
};

const upload = (fields: Partial<IpfsUpload>): IpfsUpload => ({
  collectionId: 'c1',
  status: 'queued',
  done: 0,
  total: 0,
  error: null,
  imagesCid: 'bafyimages',
  metadataCid: 'bafymetadata',
  startedAt: '2026-11-25T01:00:00.000Z',
  ...fields,
});

type Route = (init: RequestInit | undefined) => { status?: number; data?: unknown; error?: unknown };

/** A fake server: answers each `METHOD path` with its route, and records every request. */
function serve(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    if (!route)
      return Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
        { status: 404 },
      );
    const { status = 200, data, error } = route(init);
    return Response.json(error ? { status: 'error', error } : { status: 'success', data }, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requests = (fetchMock: ReturnType<typeof serve>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

function show(children: React.ReactNode) {
  return render(<Providers client={createQueryClient()}>{children}</Providers>);
}

/** Shows `children` in the dashboard's workspace context (the workspaces list is asked from the fake server). */
function showInWorkspaces(children: React.ReactNode) {
  const router = createMemoryRouter(
    [{ path: '*', element: <WorkspaceProvider>{children}</WorkspaceProvider> }],
    { initialEntries: ['/dashboard/collections/c1'] },
  );
  return render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('PinningProviderSettings', () => {
  it('saves the address and token, then shows only the last 4 characters of the token', async () => {
    let provider: PinningProvider | null = null;
    const fetchMock = serve({
      'GET /api/v1/pinning-provider': () => ({ data: { provider } }),
      'PUT /api/v1/pinning-provider': (init) => {
        const body = JSON.parse(String(init?.body));
        provider = { endpoint: body.endpoint, tokenLast4: body.token.slice(-4), updatedAt: saved.updatedAt };
        return { data: { provider } };
      },
    });
    show(<PinningProviderSettings />);
    const address = (await screen.findByLabelText('Provider API address')) as HTMLInputElement;
    fireEvent.change(address, { target: { value: 'ftp://pins.example.com' } });
    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: 'secret-token-c0de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    expect(
      await screen.findByText('Enter an http:// or https:// address, like https://rpc.filebase.io'),
    ).toBeTruthy();
    expect(requests(fetchMock, 'PUT')).toHaveLength(0);

    fireEvent.change(address, { target: { value: 'http://127.0.0.1:5001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText('ending in c0de')).toBeTruthy();
    expect(JSON.parse(String(requests(fetchMock, 'PUT')[0]?.[1]?.body))).toEqual({
      endpoint: 'http://127.0.0.1:5001',
      token: 'secret-token-c0de',
    });
    expect(screen.getByText('http://127.0.0.1:5001')).toBeTruthy();
    expect(document.body.textContent).not.toContain('secret-token');
    expect(screen.getByRole('button', { name: 'Change provider' })).toBeTruthy();
  });

  it("shows the server's field message under the field it names", async () => {
    serve({
      'GET /api/v1/pinning-provider': () => ({ data: { provider: null } }),
      'PUT /api/v1/pinning-provider': () => ({
        status: 400,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the highlighted fields',
          fields: [{ path: 'token', message: 'Paste the whole access token (at least 8 characters)' }],
        },
      }),
    });
    show(<PinningProviderSettings />);
    fireEvent.change(await screen.findByLabelText('Provider API address'), {
      target: { value: 'https://rpc.filebase.io' },
    });
    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: '        x       ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText('Paste the whole access token (at least 8 characters)')).toBeTruthy();
  });

  it("shows a team's provider to an Editor, named for the team, with Change and Remove disabled and why", async () => {
    const fetchMock = serve({
      'GET /api/v1/workspaces': () => ({ data: { workspaces } }),
      'GET /api/v1/pinning-provider?workspace=w1': () => ({ data: { provider: saved } }),
    });
    showInWorkspaces(<PinningProviderSettings workspaceId="w1" />);
    expect(await screen.findByText('ending in c0de')).toBeTruthy();
    expect(
      await screen.findByText(
        'Used for every collection of Moon Studio, whoever publishes; its Owners and Admins change it.',
      ),
    ).toBeTruthy();
    const reason =
      'You are an Editor in Moon Studio: changing the pinning provider needs the Admin role or higher. An owner can change your role.';
    expect(await screen.findByText(reason)).toBeTruthy();
    for (const name of ['Change provider', 'Remove']) {
      const button = screen.getByRole('button', { name });
      expect(button.hasAttribute('disabled')).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe('llc-pinning-role');
    }
    expect(document.getElementById('llc-pinning-role')?.textContent).toContain(reason);
    expect(requests(fetchMock, 'GET').map(([url]) => url)).not.toContain('/api/v1/pinning-provider');
  });

  it('offers no form to an Editor of a team with no provider: it says none is saved and who saves one', async () => {
    serve({
      'GET /api/v1/workspaces': () => ({ data: { workspaces } }),
      'GET /api/v1/pinning-provider?workspace=w1': () => ({ data: { provider: null } }),
    });
    showInWorkspaces(<PinningProviderSettings workspaceId="w1" />);
    expect(await screen.findByText('No pinning provider is saved for Moon Studio yet.')).toBeTruthy();
    expect(screen.getByText(/needs the Admin role or higher/)).toBeTruthy();
    expect(screen.queryByLabelText('Access token')).toBeNull();
  });

  it("saves an Admin's provider to the team's workspace, not to their own", async () => {
    let provider: PinningProvider | null = null;
    const fetchMock = serve({
      'GET /api/v1/workspaces': () => ({ data: { workspaces } }),
      'GET /api/v1/pinning-provider?workspace=w2': () => ({ data: { provider } }),
      'PUT /api/v1/pinning-provider?workspace=w2': (init) => {
        const body = JSON.parse(String(init?.body));
        provider = { endpoint: body.endpoint, tokenLast4: body.token.slice(-4), updatedAt: saved.updatedAt };
        return { data: { provider } };
      },
    });
    showInWorkspaces(<PinningProviderSettings workspaceId="w2" />);
    fireEvent.change(await screen.findByLabelText('Provider API address'), {
      target: { value: 'https://rpc.filebase.io' },
    });
    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: 'team-token-beef' } });
    await screen.findByText(/Used for every collection of Sun Guild/);
    fireEvent.click(screen.getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText('ending in beef')).toBeTruthy();
    expect(requests(fetchMock, 'PUT')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Change provider' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('PublishModeChoice', () => {
  it('offers Hosted by Layerloom first, and IPFS asks for a pinning provider before it can publish', async () => {
    serve({
      'GET /api/v1/collections/c1': () => ({ data: { collection } }),
      'GET /api/v1/pinning-provider': () => ({ data: { provider: null } }),
      'GET /api/v1/collections/c1/publication/ipfs': () => ({ data: { upload: null } }),
    });
    show(
      <PublishModeChoice
        collectionId="c1"
        name="Pinned Cats"
        hosted={<button type="button">Hosted button</button>}
      />,
    );
    expect(await screen.findByText('Hosted button')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'IPFS' }));
    expect(await screen.findByText('Save a pinning provider first.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Publish to IPFS/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Hosted button')).toBeNull();
  });

  it("keeps an Editor from publishing a team's collection to IPFS, saying why beside the button", async () => {
    const fetchMock = serve({
      'GET /api/v1/workspaces': () => ({ data: { workspaces } }),
      'GET /api/v1/collections/c1': () => ({ data: { collection: { ...collection, workspaceId: 'w1' } } }),
      'GET /api/v1/pinning-provider?workspace=w1': () => ({ data: { provider: saved } }),
      'GET /api/v1/collections/c1/publication/ipfs': () => ({ data: { upload: null } }),
    });
    showInWorkspaces(<PublishModeChoice collectionId="c1" name="Pinned Cats" hosted={<p>Hosted</p>} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'IPFS' }));
    expect(await screen.findByText('ending in c0de')).toBeTruthy();
    const reason = await screen.findByText(
      'You are an Editor in Moon Studio: publishing a collection needs the Admin role or higher. An owner can change your role.',
    );
    const publish = screen.getByRole('button', { name: /Publish to IPFS/ });
    expect(publish.hasAttribute('disabled')).toBe(true);
    expect(publish.getAttribute('aria-describedby')).toBe(reason.closest('p')?.id);
    expect(screen.queryByText('Save a pinning provider first.')).toBeNull();
    expect(requests(fetchMock, 'POST')).toHaveLength(0);
  });

  it("keeps an Editor from publishing a team's collection hosted by Layerloom too, saying why", async () => {
    serve({
      'GET /api/v1/workspaces': () => ({ data: { workspaces } }),
      'GET /api/v1/collections/c1': () => ({ data: { collection: { ...collection, workspaceId: 'w1' } } }),
      'GET /api/v1/collections/c1/publication': () => ({ data: { publication: null } }),
      'GET /api/v1/collections/c1/publication/ipfs': () => ({ data: { upload: null } }),
    });
    showInWorkspaces(<PublishPanel collectionId="c1" name="Pinned Cats" />);
    const publish = await screen.findByRole('button', { name: 'Publish, hosted by Layerloom' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(true));
    expect(document.getElementById(publish.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'You are an Editor in Moon Studio: publishing a collection needs the Admin role or higher.',
    );
  });

  it('opens on IPFS after a failed upload, says why, and a retry shows the upload progressing', async () => {
    let current = upload({
      status: 'failed',
      done: 811_000,
      total: 2_300_000,
      error:
        'The pinning provider at 127.0.0.1:5001 refused the access token (HTTP 401). Save a valid token, then try again.',
    });
    const fetchMock = serve({
      'GET /api/v1/collections/c1': () => ({ data: { collection } }),
      'GET /api/v1/pinning-provider': () => ({ data: { provider: saved } }),
      'GET /api/v1/collections/c1/publication/ipfs': () => ({ data: { upload: current } }),
      // The server answers at once, before the job has computed the content IDs.
      'POST /api/v1/collections/c1/publication/ipfs': () => {
        current = upload({ status: 'running', done: 1_500_000, total: 3_000_000 });
        return { status: 202, data: { upload: upload({ imagesCid: null, metadataCid: null }) } };
      },
    });
    show(<PublishModeChoice collectionId="c1" name="Pinned Cats" hosted={<p>Hosted</p>} />);
    expect(await screen.findByText('Could not publish to IPFS')).toBeTruthy();
    expect(screen.getByText(/refused the access token \(HTTP 401\)/)).toBeTruthy();
    expect(screen.getByText('811 kB of 2.3 MB had been sent.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'IPFS' }) as HTMLInputElement).checked).toBe(true);

    expect(await screen.findByText('ending in c0de')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/uploaded to 127\.0\.0\.1:5001 and pinned there/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish to IPFS' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Computing the content IDs and preparing the CAR files…');
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toContain(
          'Uploading to 127.0.0.1:5001: 1.5 MB of 3.0 MB',
        ),
      { timeout: 5_000 },
    );
    await waitFor(() => expect(screen.queryByText('Could not publish to IPFS')).toBeNull());
    expect(requests(fetchMock, 'POST')).toHaveLength(1);
  });
});
