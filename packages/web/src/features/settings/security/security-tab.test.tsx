import type { AccountSession } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { SecurityTab } from './security-tab.tsx';
import { lastSeenText } from './sessions-list.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const here: AccountSession = {
  id: 's-here',
  device: 'Desktop · Linux',
  browser: 'Firefox 133',
  ip: '192.0.2.10',
  signedInAt: minutesAgo(60),
  lastSeenAt: minutesAgo(0),
  isCurrent: true,
};
const phone: AccountSession = {
  id: 's-phone',
  device: 'Phone · iOS',
  browser: 'Safari 17',
  ip: '192.0.2.20',
  signedInAt: minutesAgo(3000),
  lastSeenAt: minutesAgo(180),
  isCurrent: false,
};

type Call = { method: string; url: string; body: unknown };

/** Shows the Security tab with a server whose sessions are `sessions` and whose password answer is `onPassword`. */
function show(onPassword: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  let sessions = [here, phone];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/account/sessions' && method === 'GET') {
        return Response.json({ status: 'success', data: { sessions } });
      }
      if (url === '/api/v1/account/sessions/s-phone' && method === 'DELETE') {
        sessions = [here];
        return Response.json({ status: 'success', data: { ended: true } });
      }
      if (url === '/api/v1/account/password' && method === 'POST') {
        const answer = onPassword(body);
        if (answer.status === 200) sessions = [here];
        return Response.json(answer.body, { status: answer.status });
      }
      return Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
        { status: 404 },
      );
    }),
  );
  render(
    <Providers client={createQueryClient()}>
      <SecurityTab />
    </Providers>,
  );
  return calls;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('lastSeenText', () => {
  it('reads as a person would say it', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(lastSeenText('2026-11-25T11:58:00Z', now)).toBe('Active now');
    expect(lastSeenText('2026-11-25T11:40:00Z', now)).toBe('20 minutes ago');
    expect(lastSeenText('2026-11-25T09:00:00Z', now)).toBe('3 hours ago');
    expect(lastSeenText('2026-11-24T10:00:00Z', now)).toBe('yesterday');
  });
});

describe('Settings › Security', () => {
  it('lists the sessions with this device marked and signs another one out', async () => {
    const calls = show(() => ({ status: 500, body: {} }));
    const list = await screen.findByRole('list', { name: 'Active sessions' }, { timeout: 20_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Firefox 133 · 192.0.2.10')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Phone · iOS')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Last seen 3 hours ago', { exact: false })).toBeTruthy();
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /Sign out/ })).toBeNull();

    fireEvent.click(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Sign out Safari 17 · 192.0.2.20' }),
    );
    expect(await screen.findByText('Signed out Safari 17 on Phone · iOS')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/account/sessions/s-phone')).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it("shows the server's refusal of the current password on its field", async () => {
    const calls = show(() => ({
      status: 400,
      body: {
        status: 'error',
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Your current password is not correct.',
          fields: [{ path: 'currentPassword', message: 'Your current password is not correct.' }],
        },
      },
    }));
    await screen.findByRole('list', { name: 'Active sessions' }, { timeout: 20_000 });
    fill('Current password', 'not it');
    fill('New password', 'second passphrase');
    fill('Confirm new password', 'second passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      currentPassword: 'not it',
      newPassword: 'second passphrase',
      confirmPassword: 'second passphrase',
    });
  });

  it('checks the new password before sending, then changes it and says the other devices were signed out', async () => {
    const calls = show(() => ({ status: 200, body: { status: 'success', data: { otherSessionsEnded: 1 } } }));
    await screen.findByRole('list', { name: 'Active sessions' }, { timeout: 20_000 });
    fill('Current password', 'first passphrase');
    fill('New password', 'password123');
    fill('Confirm new password', 'password124');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is too common; choose another one!')).toBeTruthy();
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fill('New password', 'second passphrase');
    fill('Confirm new password', 'second passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. 1 other device was signed out')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Active sessions' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
