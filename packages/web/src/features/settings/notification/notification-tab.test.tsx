import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { NotificationTab } from './notification-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings › Notification', { timeout: 30_000 }, () => {
  it('shows the Referrals switch as the server has it, saves a change and says safety mails stay on', async () => {
    let referrals = true;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT')
        referrals = (JSON.parse(String(init.body)) as { referrals: boolean }).referrals;
      return Response.json({ status: 'success', data: { preferences: { referrals } } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <Providers client={createQueryClient()}>
        <NotificationTab />
      </Providers>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Referrals' }, { timeout: 20_000 });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Mail me when someone signs up through my referral link.')).toBeTruthy();
    expect(screen.getByText(/These are always sent and cannot be turned off/)).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Referrals' }).getAttribute('aria-checked')).toBe('false');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ referrals: false });
  });
});
