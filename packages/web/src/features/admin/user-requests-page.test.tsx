// Ant Design tables and modals render slowly in jsdom, more so on a busy machine: allow each test 20 s.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { UserRequestsPage } from './user-requests-page.tsx';

// jsdom has no ResizeObserver, which the table's layout reads; nothing here depends on sizes.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const pendingUser = {
  _id: 'u2',
  name: { first: 'Grace', last: 'Hopper' },
  email: 'grace@example.com',
  avatar: null,
  role: 'user',
  status: 'verified',
  accountAccepted: { status: 'pending', reason: null },
  planId: 'free',
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** A fake server: the pending list (emptied once a decision is made) and the status update. */
function fakeServer(options: { failUpdate?: boolean } = {}) {
  let decided = false;
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body });
    if (url.startsWith('/api/v1/users?')) {
      const users = decided ? [] : [pendingUser];
      return Response.json({
        status: 'success',
        data: { users, page: 1, pageSize: 10, total: users.length },
      });
    }
    if (options.failUpdate) {
      return Response.json(
        { status: 'error', error: { code: 'FORBIDDEN', message: 'Only admins can do this.' } },
        { status: 403 },
      );
    }
    decided = true;
    return Response.json({ status: 'success', data: { user: pendingUser } });
  });
  return calls;
}

function renderPage() {
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>
        <UserRequestsPage />
      </MemoryRouter>
    </Providers>,
  );
}

describe('UserRequestsPage', () => {
  it('lists pending users from the server, filtered by status and paginated', async () => {
    const calls = fakeServer();
    renderPage();
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/users?status=pending&page=1&pageSize=10');
  });

  it("approves with the reason 'OK' and shows the empty state after the refresh", async () => {
    const calls = fakeServer();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Grace Hopper' }));
    expect(await screen.findByText('Pending user requests not found')).toBeTruthy();
    const update = calls.find((call) => call.method === 'PATCH');
    expect(update?.url).toBe('/api/v1/users/update-account-status/u2');
    expect(update?.body).toEqual({ accountAccepted: { status: 'approved', reason: 'OK' } });
  });

  it('refuses to reject without a reason, then sends the typed one', async () => {
    const calls = fakeServer();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Grace Hopper' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason for the rejection!')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Not a real person  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        accountAccepted: { status: 'rejected', reason: 'Not a real person' },
      }),
    );
    expect(await screen.findByText('Pending user requests not found')).toBeTruthy();
  });

  it('shows a failed approval to the admin', async () => {
    fakeServer({ failUpdate: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Grace Hopper' }));
    expect(await screen.findByText('Could not approve Grace Hopper')).toBeTruthy();
    expect(screen.getByText('Only admins can do this.')).toBeTruthy();
  });
});
