import { REFERRAL_REWARD_RULE } from '@layerloom/api';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { ReferralsPage } from './referrals-page.tsx';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function show(totalRewardUsd: number, creditAvailableUsd: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        status: 'success',
        data: {
          code: 'ABCDEFGH23',
          link: 'http://localhost:3000/?ref=ABCDEFGH23',
          rewardRule: REFERRAL_REWARD_RULE,
          rewardPerPayingUsd: 10,
          totalRewardUsd,
          creditAvailableUsd,
          referrals: [],
        },
      }),
    ),
  );
  const router = createMemoryRouter([{ path: '/dashboard/referrals', element: <ReferralsPage /> }], {
    initialEntries: ['/dashboard/referrals'],
  });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('Referrals page: the credit a reward gives', () => {
  it('says how the credit is used, and how much is left for the next plan, with a way to the plans', async () => {
    show(30, 20);
    await screen.findByText(/Your credit is taken off the price of the next plan you buy, at checkout\./);
    const left = screen.getByText(/of credit left/);
    expect(left.textContent).toBe(
      'You have $20 of credit left: the next plan you buy costs that much less at checkout. See the plans',
    );
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/dashboard/payment-plans',
    );
  });

  it('shows cents when a checkout took part of a reward', async () => {
    show(190, 11.5);
    expect((await screen.findByText(/of credit left/)).textContent).toContain(
      'You have $11.50 of credit left',
    );
  });

  it('promises no credit left when it was all used', async () => {
    show(10, 0);
    await screen.findByText(/Your credit is taken off the price/);
    expect(screen.queryByText(/of credit left/)).toBeNull();
  });
});
