import type { Profile } from '@layerloom/api';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { ProfilePage } from './profile-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const profile: Profile = {
  user: {
    _id: '0b5e7c1a-9f2d-4c8e-a1b3-2d4f6e8a0c12',
    name: { first: 'Ada', last: 'Lovelace' },
    email: 'ada@example.com',
    avatar: '/api/v1/avatars/0b5e7c1a-9f2d-4c8e-a1b3-2d4f6e8a0c12/0123456789abcdef01234567.webp',
    role: 'user',
    status: 'verified',
    accountAccepted: { status: 'approved', reason: null },
    planId: 'pro',
    createdAt: '2026-03-04T10:00:00.000Z',
  },
  address: null,
  city: null,
  state: null,
  country: null,
  zipcode: null,
  pendingEmail: 'ada.new@example.com',
};

// jsdom has no ResizeObserver, which Ant Design's table reads.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const referrals = {
  referrals: [
    {
      no: 1,
      name: 'Grace Hopper',
      avatar: '/api/v1/avatars/g1/0123456789abcdef01234567.webp',
      email: 'grace@example.com',
      status: 'paying',
    },
    { no: 2, name: null, avatar: null, email: 'invited@example.com', status: 'invited' },
  ],
  page: 1,
  pageSize: 10,
  total: 2,
};

/** Shows Profile with the server answering the profile with `answer` and the referrals with two people. */
function show(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/v1/account/referrals')
        ? Response.json({ status: 'success', data: referrals })
        : answer(),
    ),
  );
  const router = createMemoryRouter([{ path: '/dashboard/profile', element: <ProfilePage /> }], {
    initialEntries: ['/dashboard/profile'],
  });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('Profile', () => {
  it('shows who the user is, the plan with its limits, what they made and since when', async () => {
    show(() =>
      Response.json({
        status: 'success',
        data: { profile, summary: { planId: 'pro', collections: 3, tokens: 1250 } },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Waiting for ada.new@example.com to be confirmed')).toBeTruthy();
    // The ID short (a whole UUID is no name for a person), the copy button copying all of it.
    expect(screen.getByText('0b5e7c1a…')).toBeTruthy();
    expect(screen.queryByText(profile.user._id)).toBeNull();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy full user ID' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(profile.user._id);
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByText('Collections of up to 5,000 tokens')).toBeTruthy();
    expect(screen.getByText('Layer images up to 20 MB')).toBeTruthy();
    expect(screen.getByText('No watermark')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('1,250')).toBeTruthy();
    expect(screen.getByText('March 4, 2026')).toBeTruthy();
    expect(document.querySelector(`img[src="${profile.user.avatar}"]`)).not.toBeNull();
    expect(screen.getByRole('link', { name: /Edit profile/ }).getAttribute('href')).toBe(
      '/dashboard/settings',
    );
    const table = screen.getByRole('region', { name: 'Referred people' });
    // Each cell names its column, which the phone layout shows in place of the header row.
    const cells = [...(await within(table).findByText('Grace Hopper')).closest('tr')!.querySelectorAll('td')];
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['No', 'Name', 'Picture', 'Email', 'Status']);
    expect(await within(table).findByText('Grace Hopper')).toBeTruthy();
    expect(within(table).getByText('Paying')).toBeTruthy();
    expect(within(table).getByText('invited@example.com')).toBeTruthy();
    expect(within(table).getByText('Not signed up yet')).toBeTruthy();
    expect(within(table).getByText('Invited')).toBeTruthy();
    expect(within(table).getByAltText("Grace Hopper's picture").getAttribute('src')).toBe(
      '/api/v1/avatars/g1/0123456789abcdef01234567.webp',
    );
  });

  it("says why when the profile can't be loaded", async () => {
    show(() =>
      Response.json(
        {
          status: 'error',
          error: { code: 'INTERNAL', message: 'The server had a problem. Please try again.' },
        },
        { status: 500 },
      ),
    );
    expect(
      await screen.findByText('The server had a problem. Please try again.', {}, { timeout: 20_000 }),
    ).toBeTruthy();
  });
});
