import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { standInResizeObserver } from '../../test/stand-ins.ts';
import { WORKSPACE_STORAGE_KEY } from './workspace-choice.ts';
import { useWorkspaceInUrl, useWorkspaceScope, WorkspaceProvider } from './workspace-context.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

standInResizeObserver();

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const workspaces = [
  { id: 'me', name: 'Ada Lovelace', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
  { id: 'w1', name: 'Moon Studio', personal: false, role: 'editor', memberCount: 3, createdAt: '' },
  { id: 'w2', name: 'Zebra Works', personal: false, role: 'viewer', memberCount: 2, createdAt: '' },
];

/** A list page: it names its workspace in the address and shows what it would ask the server. */
function ListPage() {
  useWorkspaceInUrl();
  const scope = useWorkspaceScope();
  const location = useLocation();
  return (
    <>
      <p>Address: {`${location.pathname}${location.search}`}</p>
      <p>Asks: {scope.ready ? (scope.param ?? 'personal') : 'waiting'}</p>
    </>
  );
}

function show(at: string) {
  const fetch = vi.fn(async (url: string) => {
    if (String(url) === '/api/v1/workspaces')
      return Response.json({ status: 'success', data: { workspaces } });
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WorkspaceProvider>
            <WorkspaceSwitcher />
            <ListPage />
          </WorkspaceProvider>
        ),
      },
      { path: '/dashboard/teams', element: <p>Teams page</p> },
    ],
    { initialEntries: [at] },
  );
  /** Every address the page moved to. */
  const addresses: string[] = [];
  router.subscribe((state) => addresses.push(state.location.search));
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { fetch, router, addresses };
}

describe('the workspace switcher', () => {
  it('starts in the personal workspace and names it in a list page’s address', async () => {
    const { addresses } = show('/dashboard/collections');
    expect(await screen.findByRole('button', { name: 'Personal Your own, switch workspace' })).toHaveProperty(
      'ariaHasPopup',
      'menu',
    );
    await screen.findByText('Address: /dashboard/collections?workspace=me');
    screen.getByText('Asks: personal');
    // Named once the list has come: never by the stand-in the page starts with.
    expect(addresses).toEqual(['?workspace=me']);
  });

  it('lists every workspace with the role, switches from the keyboard, and remembers the choice', async () => {
    show('/dashboard/collections');
    const button = await screen.findByRole('button', { name: 'Personal Your own, switch workspace' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu', { name: 'Workspaces' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['PersonalYour own', 'true'],
      ['Moon StudioEditor', 'false'],
      ['Zebra WorksViewer', 'false'],
    ]);
    // Opened on the current workspace; the arrows move through the entries, wrapping at the ends.
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Create team' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[1]);

    fireEvent.click(items[1] as HTMLElement);
    const switched = await screen.findByRole('button', { name: 'Moon Studio Editor, switch workspace' });
    await screen.findByText('Address: /dashboard/collections?workspace=w1');
    screen.getByText('Asks: w1');
    expect(window.localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBe('w1');
    expect(document.activeElement).toBe(switched);
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    show('/dashboard/nft');
    const button = await screen.findByRole('button', { name: /^Personal/ });
    fireEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'Workspaces' });
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('opens the workspace a link names, over the one remembered, and remembers it', async () => {
    window.localStorage.setItem(WORKSPACE_STORAGE_KEY, 'w1');
    show('/dashboard/collections?workspace=w2');
    await screen.findByRole('button', { name: 'Zebra Works Viewer, switch workspace' });
    screen.getByText('Asks: w2');
    await waitFor(() => expect(window.localStorage.getItem(WORKSPACE_STORAGE_KEY)).toBe('w2'));
  });

  it('comes back to the workspace chosen last time, and waits for the list before asking', async () => {
    window.localStorage.setItem(WORKSPACE_STORAGE_KEY, 'w1');
    show('/dashboard/collections');
    screen.getByText('Asks: waiting');
    await screen.findByText('Asks: w1');
    await screen.findByText('Address: /dashboard/collections?workspace=w1');
  });

  it('falls back to the personal workspace for a team the user is no longer in', async () => {
    show('/dashboard/collections?workspace=gone');
    await screen.findByText('Address: /dashboard/collections?workspace=me');
    screen.getByRole('button', { name: /^Personal/ });
  });

  it('links to Teams to make a team', async () => {
    const { router } = show('/dashboard/collections');
    fireEvent.click(await screen.findByRole('button', { name: /^Personal/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create team' }));
    await screen.findByText('Teams page');
    expect(router.state.location.pathname).toBe('/dashboard/teams');
  });
});
