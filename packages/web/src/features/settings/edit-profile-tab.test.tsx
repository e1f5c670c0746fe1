import type { Profile } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { SettingsPage } from './settings-page.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const profile: Profile = {
  user: {
    _id: 'u1',
    name: { first: 'Ada', last: 'Lovelace' },
    email: 'ada@example.com',
    avatar: null,
    role: 'user',
    status: 'verified',
    accountAccepted: { status: 'approved', reason: null },
    planId: 'starter',
    createdAt: '2026-01-02T10:00:00.000Z',
  },
  address: '12 St James Square',
  city: 'London',
  state: null,
  country: 'GB',
  zipcode: 'SW1Y 4JH',
  pendingEmail: null,
};

type Answer = { status: number; body: unknown };

/** Shows Settings with the server answering the profile and a save with `onSave`. */
function show(onSave: (body: Record<string, unknown>) => Answer) {
  const saves: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/v1/account/profile' && method === 'PUT') {
        const body = JSON.parse(String(init?.body));
        saves.push(body);
        const answer = onSave(body);
        return Response.json(answer.body, { status: answer.status });
      }
      if (url === '/api/v1/account/profile') {
        return Response.json({
          status: 'success',
          data: { profile, summary: { planId: 'starter', collections: 2, tokens: 40 } },
        });
      }
      return Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
        { status: 404 },
      );
    }),
  );
  const router = createMemoryRouter([{ path: '/dashboard/settings', element: <SettingsPage /> }], {
    initialEntries: ['/dashboard/settings'],
  });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return saves;
}

// The tab's code loads lazily, with Ant Design's form and select: slow on a busy machine.
describe('Settings › Edit Profile', () => {
  it('opens on Edit Profile with the saved values, the country by name', async () => {
    show(() => ({ status: 500, body: {} }));
    expect(await screen.findByRole('tab', { name: 'Edit Profile', selected: true })).toBeTruthy();
    // Titled as its menu entry is.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    const first = (await screen.findByLabelText('First name', {}, { timeout: 20_000 })) as HTMLInputElement;
    expect(first.value).toBe('Ada');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Zip code') as HTMLInputElement).value).toBe('SW1Y 4JH');
    expect(screen.getByText('United Kingdom')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Upload picture/ })).toBeTruthy();
  });

  it('asks for the postal address as optional, saying it is only for payment receipts', async () => {
    show(() => ({ status: 500, body: {} }));
    await screen.findByLabelText('First name', {}, { timeout: 20_000 });
    const postal = screen.getByRole('group', { name: 'Postal address (optional)' });
    expect(postal.getAttribute('aria-describedby')).toBe('lls-postal-why');
    expect(document.getElementById('lls-postal-why')?.textContent).toMatch(
      /^Only for your payment receipts: it is printed on the invoice of each plan you buy\./,
    );
    for (const label of ['Street address', 'City', 'State', 'Country', 'Zip code'])
      expect(postal.contains(screen.getByLabelText(label))).toBe(true);
    expect((screen.getByLabelText('Street address') as HTMLInputElement).value).toBe('12 St James Square');
  });

  it("shows the server's field messages on their fields", async () => {
    const saves = show(() => ({
      status: 409,
      body: {
        status: 'error',
        error: {
          code: 'CONFLICT',
          message: 'This email is already used by another account',
          fields: [{ path: 'email', message: 'This email is already used by another account' }],
        },
      },
    }));
    const email = await screen.findByLabelText('Email', {}, { timeout: 20_000 });
    fireEvent.change(email, { target: { value: 'grace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This email is already used by another account', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(saves[0]).toMatchObject({
      firstName: 'Ada',
      email: 'grace@example.com',
      country: 'GB',
      state: null,
    });
  });

  it('says a new email waits for its link, and keeps the current one', async () => {
    show((body) => ({
      status: 200,
      body: {
        status: 'success',
        data: { profile: { ...profile, city: body.city, pendingEmail: body.email } },
      },
    }));
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 20_000 }), {
      target: { value: 'ada.new@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByText('Confirm ada.new@example.com', {}, { timeout: 10_000 });
    const alert = notice.closest('.ant-alert') as HTMLElement;
    expect(
      within(alert).getByText(
        'We sent a link to ada.new@example.com. Your account keeps ada@example.com until you open it.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com'),
    );
  });
});
