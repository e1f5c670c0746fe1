import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { ReviewSettingsCard } from './review-settings-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(canChange: boolean) {
  let settings = { requireApproval: false, canChange };
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') settings = { ...settings, ...JSON.parse(String(init.body)) };
    return Response.json({ status: 'success', data: { settings } });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <Providers client={createQueryClient()}>
      <ReviewSettingsCard workspaceId="ws1" />
    </Providers>,
  );
  return fetch;
}

describe('ReviewSettingsCard', () => {
  it('lets an Owner or Admin require an approval before launches', async () => {
    const fetch = serve(true);
    const toggle = await screen.findByRole('switch', {
      name: 'Require approval before publishing or deploying',
    });
    await vi.waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/workspaces/ws1/review-settings');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ requireApproval: true });
  });

  it('shows the others the setting, disabled, and who can change it', async () => {
    serve(false);
    expect(await screen.findByText(/Only Owners and Admins can change this\./)).toBeTruthy();
    expect(
      screen
        .getByRole('switch', { name: 'Require approval before publishing or deploying' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });
});
