import type { Notification } from '@layerloom/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { FakeEventSource, standInResizeObserver } from '../../test/stand-ins.ts';
import { NotificationBell } from './notification-bell.tsx';
import { timeAgo } from './notification-item.tsx';

standInResizeObserver();

afterEach(() => {
  vi.unstubAllGlobals();
});

const notification = (over: Partial<Notification>): Notification => ({
  id: 'n1',
  kind: 'generation_finished',
  title: '“Cats” is ready',
  body: 'All 8 tokens of “Cats” are generated.',
  link: '/dashboard/collections/c1',
  read: false,
  createdAt: new Date().toISOString(),
  ...over,
});

function show(state: { notifications: Notification[] }) {
  const unread = () => state.notifications.filter((n) => !n.read).length;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).endsWith('/read-all') && init?.method === 'POST') {
      const marked = unread();
      state.notifications = state.notifications.map((n) => ({ ...n, read: true }));
      return Response.json({ status: 'success', data: { marked, unread: 0 } });
    }
    return Response.json({
      status: 'success',
      data: {
        notifications: state.notifications,
        total: state.notifications.length,
        unread: unread(),
        page: 1,
        pageSize: 6,
      },
    });
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('EventSource', FakeEventSource);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <NotificationBell /> },
      { path: '/dashboard/collections/:id', element: <p>Collection page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return fetch;
}

describe('the notification bell', () => {
  it('counts unread notifications, updates live, lists them as text and clears with Mark all as read', async () => {
    const state = {
      notifications: [
        notification({ id: 'n1', title: '<b>Cats</b> is ready' }),
        notification({ id: 'n2', read: true }),
      ],
    };
    const fetch = show(state);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 10_000 });
    expect(FakeEventSource.last?.url).toBe('/api/v1/events');

    // A notification arrives through the live stream: the bell reads the list again.
    state.notifications = [
      notification({ id: 'n3', kind: 'plan_changed', title: 'Your plan is now Pro', link: null }),
      ...state.notifications,
    ];
    FakeEventSource.last?.emit('notification', { notification: state.notifications[0], unread: 2 });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });

    fireEvent.click(bell);
    await screen.findByText('Your plan is now Pro');
    // Never HTML: the markup is shown as the text it is.
    expect(screen.getByText('<b>Cats</b> is ready')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe(
      '/dashboard/notifications',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/v1/notifications/read-all') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('opens what a notification is about', async () => {
    show({ notifications: [notification({ id: 'n1', read: true })] });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    fireEvent.click(await screen.findByRole('button', { name: /“Cats” is ready/ }));
    await screen.findByText('Collection page');
  });
});

describe('timeAgo', () => {
  it('says how long ago in words, then the date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(timeAgo('2026-11-25T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-25T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-25T11:00:00Z', now)).toBe('1 hour ago');
    expect(timeAgo('2026-11-24T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-21T12:00:00Z', now)).toBe('4 days ago');
    expect(timeAgo('2026-10-01T12:00:00Z', now)).toBe('Oct 1, 2026');
  });
});
