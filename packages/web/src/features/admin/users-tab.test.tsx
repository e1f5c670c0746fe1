// Ant Design tables and modals render slowly in jsdom, more so on a busy machine: allow each test 20 s.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { UserRequestsPage } from './user-requests-page.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Makes Ant Design's breakpoints answer as a window `width` px wide would (the setup's stub otherwise). */
const baseMatchMedia = window.matchMedia;
function atWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { ...baseMatchMedia(query), matches };
  });
}

const person = (id: string, first: string, email: string, role = 'user') => ({
  _id: id,
  name: { first, last: 'Tester' },
  email,
  avatar: null,
  role,
  status: 'verified',
  accountAccepted: { status: 'approved', reason: 'OK' },
  planId: 'free',
  createdAt: '2026-03-01T10:00:00.000Z',
});

/** A fake server holding two users (the signed-in admin and Grace) and Grace's admin log. */
function fakeServer() {
  const me = person('admin1', 'Ada', 'ada@example.com', 'admin');
  const grace = { ...person('u2', 'Grace', 'grace@example.com'), deactivatedAt: null as string | null };
  const awaiting = (id: string, first: string, status: 'pending' | 'rejected') => ({
    ...person(id, first, `${first.toLowerCase()}@example.com`),
    accountAccepted: { status, reason: null },
    deactivatedAt: null,
  });
  const penny = awaiting('u3', 'Penny', 'pending');
  const rex = awaiting('u4', 'Rex', 'rejected');
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const method = init.method ?? 'GET';
    calls.push({ url, method, body });
    if (url === '/api/v1/session') return Response.json({ status: 'success', data: { user: me } });
    if (url.startsWith('/api/v1/users?')) {
      const search = new URL(url, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
      const users = [grace, { ...me, deactivatedAt: null }, penny, rex].filter((user) =>
        `${user.name.first} ${user.name.last} ${user.email}`.toLowerCase().includes(search),
      );
      return Response.json({
        status: 'success',
        data: { users, page: 1, pageSize: 10, total: users.length },
      });
    }
    if (url === '/api/v1/users/u2/plan') {
      grace.planId = body.planId;
      return Response.json({ status: 'success', data: { user: grace } });
    }
    if (url === '/api/v1/users/u2/active') {
      grace.deactivatedAt = body.active ? null : '2026-03-02T10:00:00.000Z';
      return Response.json({ status: 'success', data: { user: grace, deactivatedAt: grace.deactivatedAt } });
    }
    if (url === '/api/v1/users/u2/admin-actions') {
      return Response.json({
        status: 'success',
        data: {
          actions: [
            {
              id: 'a1',
              action: 'plan',
              admin: { id: 'admin1', name: 'Ada Tester', email: 'ada@example.com' },
              detail: 'free → pro',
              createdAt: '2026-03-02T09:00:00.000Z',
            },
          ],
        },
      });
    }
    return Response.json(
      { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
      { status: 404 },
    );
  });
  return { calls, grace };
}

/** Opens User Requests › Users in a window `width` px wide. */
async function showUsersTab(width: number) {
  atWidth(width);
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>
        <UserRequestsPage />
      </MemoryRouter>
    </Providers>,
  );
  fireEvent.click(await screen.findByRole('tab', { name: 'Users' }));
}

async function openUsersTab() {
  await showUsersTab(1440);
  return screen.findByRole('region', { name: 'Users, scrolls sideways on small screens' });
}

describe('User Requests › Users', () => {
  it('lists users with plan and status, searches on the server, and offers no self-deactivation', async () => {
    const { calls } = fakeServer();
    const table = await openUsersTab();
    expect(await within(table).findByText('Grace Tester')).toBeTruthy();
    expect(within(table).getByText('Ada Tester')).toBeTruthy();
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    // An account awaiting approval says so, as does a rejected one (not Active).
    const statusOf = (name: string) =>
      within(within(table).getByText(name).closest('tr')!).getByText(
        /^(Active|Pending|Rejected|Deactivated)$/,
      ).textContent;
    expect(statusOf('Penny Tester')).toBe('Pending');
    expect(statusOf('Rex Tester')).toBe('Rejected');
    expect(within(table).getByRole('button', { name: 'Deactivate Grace Tester' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Deactivate Ada Tester' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Search users by name or email'), {
      target: { value: ' grace ' },
    });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(within(table).queryByText('Ada Tester')).toBeNull());
    expect(calls.some((call) => call.url === '/api/v1/users?page=1&pageSize=10&search=grace')).toBe(true);
  });

  it('changes a plan, deactivates after confirming, reactivates, and shows the history', async () => {
    const { calls } = fakeServer();
    const table = await openUsersTab();
    await within(table).findByText('Grace Tester');

    fireEvent.mouseDown(within(table).getByRole('combobox', { name: 'Plan of Grace Tester' }));
    fireEvent.click(await screen.findByTitle('Pro'));
    expect(await screen.findByText('Grace Tester is now on the Pro plan')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/v1/users/u2/plan')?.body).toEqual({ planId: 'pro' });

    fireEvent.click(within(table).getByRole('button', { name: 'Deactivate Grace Tester' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await within(table).findByText('Deactivated')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/v1/users/u2/active')?.body).toEqual({ active: false });

    fireEvent.click(within(table).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(within(table).queryByText('Deactivated')).toBeNull());
    expect(calls.filter((call) => call.url === '/api/v1/users/u2/active').at(-1)?.body).toEqual({
      active: true,
    });

    fireEvent.click(within(table).getByRole('button', { name: 'History of Grace Tester' }));
    expect(await screen.findByText('History of Grace Tester')).toBeTruthy();
    expect(await screen.findByText('Plan changed')).toBeTruthy();
    expect(screen.getByText(/free → pro/)).toBeTruthy();
    expect(screen.getByText(/by Ada Tester \(ada@example\.com\)/)).toBeTruthy();
  });

  it('shows each user as a card on a phone, with the same plan picker, status and actions', async () => {
    fakeServer();
    await showUsersTab(390);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    await within(list).findByText('Grace Tester');
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('grace@example.com'),
      expect.stringContaining('ada@example.com'),
      expect.stringContaining('Pending'),
      expect.stringContaining('Rejected'),
    ]);
    const grace = within(cards[0]!);
    expect(grace.getByRole('combobox', { name: 'Plan of Grace Tester' })).toBeTruthy();
    expect(grace.getByText('Active')).toBeTruthy();
    expect(grace.getByRole('button', { name: 'Deactivate Grace Tester' })).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: 'Deactivate Ada Tester' })).toBeNull();
    fireEvent.click(grace.getByRole('button', { name: 'Deactivate Grace Tester' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await within(list).findByText('Deactivated')).toBeTruthy();
  });
});
