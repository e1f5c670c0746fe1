import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { FakeEventSource, standInResizeObserver } from '../../test/stand-ins.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

standInResizeObserver();

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = {
  _id: 'u1',
  name: { first: 'Ada', last: 'Lovelace' },
  email: 'ada@example.com',
  avatar: null,
  role: 'user',
  status: 'verified',
  accountAccepted: { status: 'approved', reason: 'OK' },
  planId: 'free',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function show(state: { unread: number; supportUnread?: number }, role = 'user', at = '/dashboard') {
  const fetch = vi.fn(async (url: string) => {
    const path = String(url);
    const ok = (data: unknown) => Response.json({ status: 'success', data });
    if (path === '/api/v1/session') return ok({ user: { ...user, role } });
    if (path.startsWith('/api/v1/conversations?box=support')) {
      if (role !== 'admin') throw new Error('the support inbox is read for admins only');
      return ok({ conversations: [], unread: state.supportUnread ?? 0 });
    }
    if (path.startsWith('/api/v1/conversations')) return ok({ conversations: [], unread: state.unread });
    if (path.startsWith('/api/v1/notifications')) {
      return ok({ notifications: [], total: 0, unread: 0, page: 1, pageSize: 6 });
    }
    return Response.json(
      { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
      { status: 404 },
    );
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('EventSource', FakeEventSource);
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/*',
        element: <DashboardLayout />,
        children: [
          { index: true, element: <p>Home</p> },
          { path: 'notifications', element: <button type="button">First control</button> },
          { path: '*', element: <p>Another page</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('the dashboard side menu', () => {
  it('shows the unread message count on Messages, live, in a name that starts with what is seen', async () => {
    const state = { unread: 2 };
    show(state);
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 10_000 });
    const entry = await within(menu).findByRole('link', { name: 'Messages 2 unread' });
    expect(entry.querySelector('.ant-badge-count')?.textContent).toBe('2');

    // A message arrives: the count is read again and the badge follows.
    state.unread = 3;
    FakeEventSource.last?.emit('message', { conversationId: 'c1' });
    await within(menu).findByRole('link', { name: 'Messages 3 unread' });

    // Read elsewhere (another tab): no badge, the plain name.
    state.unread = 0;
    FakeEventSource.last?.emit('messages.read', { conversationId: 'c1' });
    const plain = await within(menu).findByRole('link', { name: 'Messages' });
    expect(plain.querySelector('.ant-badge-count')).toBeNull();
  });

  it("counts an admin's unread support inbox with their own messages", async () => {
    const state = { unread: 1, supportUnread: 3 };
    show(state, 'admin');
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 10_000 });
    await within(menu).findByRole('link', { name: 'Messages 4 unread' });

    // Another admin answers the inbox: the badge drops to the admin's own unread message.
    state.supportUnread = 0;
    FakeEventSource.last?.emit('messages.read', { conversationId: 'c2' });
    await within(menu).findByRole('link', { name: 'Messages 1 unread' });
  });
});

describe('the dashboard frame', () => {
  it('lists the pages as links, the current one marked, Notifications included', async () => {
    show({ unread: 0 }, 'user', '/dashboard/notifications');
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 10_000 });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Generate NFT', '/dashboard/nft'],
      ['My Collection', '/dashboard/collections'],
      ['Profile', '/dashboard/profile'],
      ['Messages', '/dashboard/messages'],
      ['Notifications', '/dashboard/notifications'],
      ['Payment plans', '/dashboard/payment-plans'],
      ['Teams', '/dashboard/teams'],
      ['Referrals', '/dashboard/referrals'],
      ['Settings', '/dashboard/settings'],
    ]);
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Notifications']);
    // The header names the same page.
    expect(screen.getByText('Notifications', { selector: '.ll-dash__section' })).toBeTruthy();
  });

  it('marks the entry a deeper page belongs to, and follows the page the user moves to', async () => {
    show({ unread: 0 }, 'user', '/dashboard/collections/c1/rarity');
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 10_000 });
    const collections = within(menu).getByRole('link', { name: 'My Collection' });
    expect(collections.getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(menu).getByRole('link', { name: 'Settings' }));
    await screen.findByText('Another page');
    expect(within(menu).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(collections.getAttribute('aria-current')).toBeNull();
  });

  it('starts with a skip link that moves focus to the page content, and names the user without their id', async () => {
    show({ unread: 0 }, 'user', '/dashboard/notifications');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' }, { timeout: 10_000 });
    // The first thing Tab reaches: nothing focusable comes before it.
    const focusable = document.querySelectorAll('a[href], button, input, [tabindex]:not([tabindex="-1"])');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(within(main).getByRole('button', { name: 'First control' })).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0);
    expect(screen.queryByText(/ID:/)).toBeNull();
    expect(screen.queryByText(/u1/)).toBeNull();
  });
});
