import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell, loadAntd, withoutAntd } from './app-shell.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page built with antd: says goodbye in a toast and leaves for the plain page, as logging out does. */
function LeavingPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        void message.success('You are logged out');
        void navigate('/');
      }}
    >
      Log out
    </button>
  );
}

function renderAt(path: string, table = routes) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// Ant Design's first render in jsdom is slow (styles are generated at run time).
describe('AppShell', () => {
  it('shows the landing page without Ant Design (no antd App, no antd styles)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 'success', data: { user: null } })),
    );
    renderAt('/');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'No Code NFT Collection Generator' },
      { timeout: 10_000 },
    );
    expect(screen.getAllByRole('link', { name: 'GET STARTED' })).toHaveLength(2);
    expect(document.querySelector('.ll-app')).not.toBeNull();
    expect(document.querySelector('.ant-app')).toBeNull();
    expect(document.querySelector('.ant-btn')).toBeNull();
    expect(document.querySelector('style[data-css-hash], style[data-rc-order]')).toBeNull();
  });

  it('wraps a page built with antd in its providers, and keeps them when the user goes on to the landing page', async () => {
    const table = [
      {
        Component: AppShell,
        children: [
          { path: '/', handle: withoutAntd, Component: () => <h1>Plain page</h1> },
          {
            path: '/leaving',
            lazy: async () => {
              await loadAntd();
              return { Component: LeavingPage };
            },
          },
        ],
      },
    ];
    renderAt('/leaving', table);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: 'Plain page' });
    // The toast shown as the antd page was left is still on screen over the plain page.
    expect(await screen.findByText('You are logged out')).toBeTruthy();
    expect(document.querySelector('.ant-app')).not.toBeNull();
    await act(async () => {});
  });
});
