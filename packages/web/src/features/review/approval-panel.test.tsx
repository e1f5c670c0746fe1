import type { CollectionApproval } from '@layerloom/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { ApprovalPanel } from './approval-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const waiting: CollectionApproval = {
  state: 'waiting',
  required: true,
  approvedBy: null,
  approvedAt: null,
  lapsedAt: null,
  canApprove: true,
};

function serve(first: CollectionApproval, afterPost?: CollectionApproval) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    Response.json({
      status: 'success',
      data: { approval: init?.method === 'POST' && afterPost ? afterPost : first },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <Providers client={createQueryClient()}>
      <ApprovalPanel collectionId="c1" />
    </Providers>,
  );
  return fetch;
}

describe('ApprovalPanel', () => {
  it('shows an Owner or Admin the Approve button before the click, and who approved after it', async () => {
    const fetch = serve(waiting, {
      ...waiting,
      state: 'approved',
      approvedBy: 'Ada Admin',
      approvedAt: '2026-11-27T10:00:00.000Z',
    });
    expect(
      await screen.findByText("Needs an Owner's or Admin's approval before it is published or deployed"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve collection' }));
    expect(await screen.findByText(/^Approved by Ada Admin on /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw approval' })).toBeTruthy();
    expect(
      fetch.mock.calls.some(
        ([url, init]) => url === '/api/v1/collections/c1/approval' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('tells others whom to ask, and why an earlier approval lapsed; offers them no button', async () => {
    serve({ ...waiting, canApprove: false, lapsedAt: '2026-11-27T10:00:00.000Z' });
    expect(
      await screen.findByText(/Its metadata or art changed on .*, after the last approval/),
    ).toBeTruthy();
    expect(screen.getByText(/Ask an Owner or Admin of your team to approve it\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve collection' })).toBeNull();
  });

  it('shows nothing when the team does not ask for an approval', async () => {
    const fetch = serve({ ...waiting, state: 'not_required', required: false });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Approval' })).toBeNull();
  });
});
