import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { NotificationTab } from './notification-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings › Notification', () => {
  it('shows one switch per mail kind as the server has it, saves a change and says safety mails stay on', async () => {
    let preferences = { generation: true, drops: true, referrals: true, mentions: true, news: false };
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') preferences = { ...preferences, ...JSON.parse(String(init.body)) };
      return Response.json({ status: 'success', data: { preferences } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <Providers client={createQueryClient()}>
        <NotificationTab />
      </Providers>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Referrals' }, { timeout: 20_000 });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Generation' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Drop activity' }).getAttribute('aria-checked')).toBe('true');
    expect(
      screen.getByText(
        'Mail me when a contract of mine is deployed, its first token is minted, or it sells out.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Product news' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Mentions' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Mail me when a team member mentions me in a comment.')).toBeTruthy();
    expect(screen.getByText('Mail me when someone signs up through my referral link.')).toBeTruthy();
    expect(screen.getByText('Mail me when a collection finishes generating, or when it fails.')).toBeTruthy();
    expect(screen.getByText(/These are always sent and cannot be turned off/).textContent).toMatch(
      /two-factor sign-in turned on or off .* deactivated, reactivated or deleted, and a change of your plan\.$/,
    );
    fireEvent.click(toggle);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Referrals' }).getAttribute('aria-checked')).toBe('false');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      generation: true,
      drops: true,
      referrals: false,
      mentions: true,
      news: false,
    });
  });
});
