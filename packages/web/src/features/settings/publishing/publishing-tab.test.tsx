// Ant Design renders slowly in jsdom, more so on a busy 2-core machine: allow each test 20 s.
import type { PinningProvider } from '@layerloom/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { useWorkspace, WorkspaceProvider } from '../../workspaces/workspace-context.tsx';
import { PublishingTab } from './publishing-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const workspaces = [
  { id: 'wsp_me', name: 'Personal', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
  { id: 'w1', name: 'Moon Studio', personal: false, role: 'viewer', memberCount: 3, createdAt: '' },
  { id: 'w2', name: 'Sun Guild', personal: false, role: 'admin', memberCount: 2, createdAt: '' },
];

const provider = (last4: string): PinningProvider => ({
  endpoint: 'https://rpc.filebase.io',
  tokenLast4: last4,
  updatedAt: '2026-11-25T01:00:00.000Z',
});

/** Stands in for the header's switcher. */
function SwitchTo({ id }: { id: string }) {
  const { switchTo } = useWorkspace();
  return (
    <button type="button" onClick={() => switchTo(id)}>
      Switch to {id}
    </button>
  );
}

function show(at: string) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const answers: Record<string, unknown> = {
        '/api/v1/workspaces': { workspaces },
        '/api/v1/pinning-provider': { provider: null },
        '/api/v1/pinning-provider?workspace=w1': { provider: provider('a1b2') },
        '/api/v1/pinning-provider?workspace=w2': { provider: null },
      };
      const data = answers[url];
      return data
        ? Response.json({ status: 'success', data })
        : Response.json(
            { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
            { status: 404 },
          );
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WorkspaceProvider>
            <SwitchTo id="w2" />
            <PublishingTab />
          </WorkspaceProvider>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return asked;
}

describe('Settings › Publishing', () => {
  it("shows the header's workspace's pinning provider and follows the switcher to another", async () => {
    const asked = show('/dashboard/settings?tab=publishing&workspace=w1');
    expect(await screen.findByRole('heading', { name: 'Pinning provider of Moon Studio' })).toBeTruthy();
    expect(await screen.findByText('ending in a1b2')).toBeTruthy();
    // A Viewer there: the provider is shown, not changed.
    expect(screen.getByRole('button', { name: 'Change provider' }).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText(/You are a Viewer in Moon Studio: changing the pinning provider needs the Admin role/),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Switch to w2' }));
    expect(await screen.findByRole('heading', { name: 'Pinning provider of Sun Guild' })).toBeTruthy();
    // An Admin there, with none saved yet: the form to save one.
    expect(await screen.findByLabelText('Provider API address')).toBeTruthy();
    expect(asked).toContain('/api/v1/pinning-provider?workspace=w2');
    expect(asked).not.toContain('/api/v1/pinning-provider');
  }, 20_000);

  it('shows the personal workspace’s provider as the user’s own', async () => {
    show('/dashboard/settings?tab=publishing');
    expect(await screen.findByRole('heading', { name: 'Your pinning provider' })).toBeTruthy();
    expect(await screen.findByText('Used for every collection of your personal workspace.')).toBeTruthy();
    expect(await screen.findByLabelText('Access token')).toBeTruthy();
  }, 20_000);
});
