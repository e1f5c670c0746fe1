import type { Referral } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { forgetReferralCode, rememberReferralCode, storedReferralCode } from './referral-code.ts';
import { ReferralsPage } from './referrals-page.tsx';
import { shareLinks } from './share-links.ts';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetReferralCode();
});

const link = 'http://localhost:3000/?ref=ABCDEFGH23';
const grace: Referral = {
  id: 'r1',
  email: 'grace@example.com',
  name: 'Grace Hopper',
  status: 'paying',
  rewardUsd: 10,
  invitedAt: '2026-11-01T10:00:00.000Z',
  signedUpAt: '2026-11-02T10:00:00.000Z',
};
const answer = (referrals: Referral[]) =>
  Response.json({
    status: 'success',
    data: {
      code: 'ABCDEFGH23',
      link,
      rewardRule: 'You earn $10 of Layerloom credit for each person you referred who buys a paid plan.',
      rewardPerPayingUsd: 10,
      totalRewardUsd: referrals.reduce((sum, r) => sum + r.rewardUsd, 0),
      referrals,
    },
  });

function show(respond: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => respond(String(url), init));
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/dashboard/referrals', element: <ReferralsPage /> }], {
    initialEntries: ['/dashboard/referrals'],
  });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return fetch;
}

describe('Referrals page', () => {
  it('shows the rule, the link with its share URLs and the people referred with status and reward', async () => {
    show(() => answer([grace]));
    expect(
      await screen.findByText(/You earn \$10 of Layerloom credit/, {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Referral link' }) as HTMLInputElement).value).toBe(link);
    const shares = within(screen.getByRole('list', { name: 'Share your link' })).getAllByRole('link');
    expect(shares.map((a) => a.textContent)).toEqual(['X', 'Facebook', 'LinkedIn', 'Telegram', 'WhatsApp']);
    expect(shares[1]?.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    );
    const row = screen.getByRole('row', { name: /Grace Hopper/ });
    expect(within(row).getByText('Paying')).toBeTruthy();
    expect(within(row).getByText('$10')).toBeTruthy();
    // Each cell names its column, which the phone layout shows in place of the header row.
    expect([...row.querySelectorAll('td')].map((cell) => cell.dataset.label)).toEqual([
      'No',
      'Name',
      'Email',
      'Status',
      'Invited',
      'Signed up',
      'Reward',
    ]);
    expect(screen.getByText('Reward earned:').textContent).toBe('Reward earned: $10');
  });

  it('sends an invitation and shows the server’s refusal on the field', async () => {
    let invited = false;
    const fetch = show((_url, init) => {
      if (init?.method === 'POST') {
        const { email } = JSON.parse(String(init.body)) as { email: string };
        if (email === 'again@example.com') {
          return Response.json(
            {
              status: 'error',
              error: {
                code: 'RATE_LIMITED',
                message:
                  'You already invited this address this week. You can send another invitation on 2026-12-01.',
                fields: [
                  {
                    path: 'email',
                    message: 'Already invited this week; you can invite again on 2026-12-01.',
                  },
                ],
              },
            },
            { status: 429 },
          );
        }
        invited = true;
        return Response.json({
          status: 'success',
          data: {
            referral: { ...grace, email, name: null, status: 'invited', rewardUsd: 0, signedUpAt: null },
          },
        });
      }
      return answer(
        invited ? [{ ...grace, email: 'new@example.com', name: null, status: 'invited', rewardUsd: 0 }] : [],
      );
    });
    expect(
      await screen.findByText(
        'Nobody yet: share your link or invite someone by email.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    const email = screen.getByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Invitation sent to new@example.com.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('row', { name: /new@example\.com/ })).toBeTruthy());
    expect(within(screen.getByRole('row', { name: /new@example\.com/ })).getByText('Invited')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'again@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Already invited this week; you can invite again on 2026-12-01.'),
    ).toBeTruthy();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { email: 'new@example.com' },
      { email: 'again@example.com' },
    ]);
  });
});

describe('referral code kept for the sign-up', () => {
  it('keeps a well-formed ?ref= for 30 days and ignores anything else', () => {
    rememberReferralCode('?ref=<script>', 0);
    expect(storedReferralCode(0)).toBeUndefined();
    rememberReferralCode('?ref=ABCDEFGH23', 0);
    expect(storedReferralCode(1000)).toBe('ABCDEFGH23');
    expect(storedReferralCode(31 * 24 * 60 * 60 * 1000)).toBeUndefined();
    forgetReferralCode();
    expect(storedReferralCode(0)).toBeUndefined();
  });

  it('builds the five plain share URLs', () => {
    expect(shareLinks('https://l.example/?ref=A1', 'Hi').map((s) => s.url)).toEqual([
      'https://x.com/intent/tweet?text=Hi&url=https%3A%2F%2Fl.example%2F%3Fref%3DA1',
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fl.example%2F%3Fref%3DA1',
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fl.example%2F%3Fref%3DA1',
      'https://t.me/share/url?url=https%3A%2F%2Fl.example%2F%3Fref%3DA1&text=Hi',
      'https://wa.me/?text=Hi%20https%3A%2F%2Fl.example%2F%3Fref%3DA1',
    ]);
  });
});
