import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { standInResizeObserver } from '../../test/stand-ins.ts';
import { APPROVAL_WAIT } from './approval-steps.tsx';
import { VerifyPage } from './verify-page.tsx';

standInResizeObserver();
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the mailed link's page with the server's answer to it. */
function open(data: { outcome: 'verified' | 'already-verified'; awaitingApproval: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status: 'success', data })),
  );
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={['/verify/u1/token']}>
        <Routes>
          <Route path="/verify/:id/:token" element={<VerifyPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('VerifyPage', () => {
  it('says what happens next while an administrator has not approved the account, instead of a login that would be refused', async () => {
    open({ outcome: 'verified', awaitingApproval: true });
    await screen.findByRole('heading', { name: 'Email verified' });
    const steps = screen.getByRole('region', { name: 'What happens next' });
    expect(steps.textContent).toContain(`An administrator approves new accounts, ${APPROVAL_WAIT}.`);
    expect(steps.textContent).toContain(
      'We email you as soon as your account is approved; you can log in then.',
    );
    expect(screen.queryByRole('link', { name: 'Go to Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe('/');
  });

  it('leads to the login once the account is approved', async () => {
    open({ outcome: 'already-verified', awaitingApproval: false });
    await screen.findByRole('heading', { name: 'Already verified' });
    expect(
      screen.getByText('This email address was already verified. You can go on to log in.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What happens next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/auth/login');
  });
});
