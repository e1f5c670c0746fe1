import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { WorkspaceProvider } from '../workspaces/workspace-context.tsx';
import { SearchPage } from './search-page.tsx';
import { sampleHits, searchAnswer } from './search-test-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Serves the session (a user or an admin) and the search, 23 tokens in all. */
function serve(role: 'user' | 'admin') {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname === '/api/v1/session') {
        return Response.json({
          status: 'success',
          data: {
            user: {
              _id: 'me',
              name: { first: 'Ada', last: 'Admin' },
              email: 'ada@example.com',
              avatar: null,
              role,
              status: 'verified',
              accountAccepted: { status: 'approved', reason: null },
              planId: 'free',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          },
        });
      }
      asked.push(parsed.searchParams);
      const kind = parsed.searchParams.get('kind') as 'project' | 'collection' | 'token' | 'user';
      return Response.json(
        searchAnswer(parsed.searchParams.get('q') ?? '', [kind], 1, 10, kind === 'token' ? 23 : undefined),
      );
    }),
  );
  return asked;
}

function show(path: string) {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard/search" element={<SearchPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe('SearchPage', () => {
  it('lists each kind with its count and links each result to what it is', async () => {
    const asked = serve('user');
    show('/dashboard/search?q=gold');
    await screen.findByRole('heading', { name: 'Results for “gold”' }, { timeout: 10_000 });
    const tokens = await screen.findByRole('region', { name: /Tokens/ }, { timeout: 10_000 });
    await within(tokens).findByRole('link', { name: /Golden Apes #12/ });
    expect(
      within(tokens)
        .getByRole('link', { name: /Golden Apes #12/ })
        .getAttribute('href'),
    ).toBe('/dashboard/collections/c1/tokens/12');
    expect(within(tokens).getByText('23')).toBeTruthy();
    // 23 tokens at 10 a page: three pages.
    expect(within(tokens).getByRole('listitem', { name: '3' })).toBeTruthy();
    const projects = screen.getByRole('region', { name: /Projects/ });
    expect((await within(projects).findByRole('link', { name: /Golden Apes/ })).getAttribute('href')).toBe(
      '/dashboard/nft?project=p1',
    );
    const collections = screen.getByRole('region', { name: /Collections/ });
    expect((await within(collections).findByRole('link', { name: /Golden Apes/ })).getAttribute('href')).toBe(
      '/dashboard/collections/c1',
    );
    expect(screen.queryByRole('region', { name: /Users/ })).toBeNull();
    expect(new Set(asked.map((query) => query.get('kind')))).toEqual(
      new Set(['project', 'collection', 'token']),
    );
    expect(asked.every((query) => query.get('q') === 'gold' && query.get('pageSize') === '10')).toBe(true);
  });

  it('shows admins the users too, linked to User Requests', async () => {
    serve('admin');
    show('/dashboard/search?q=olive');
    const users = await screen.findByRole('region', { name: /Users/ }, { timeout: 10_000 });
    expect((await within(users).findByRole('link', { name: /Olive Owner/ })).getAttribute('href')).toBe(
      '/dashboard/user-requests?tab=users&search=olive%40example.com',
    );
  });

  it('asks for a search text when there is none', async () => {
    serve('user');
    show('/dashboard/search');
    await screen.findByText(/Type in the search box at the top/, {}, { timeout: 10_000 });
  });

  it("labels a team member's results with their workspace, linking a team's into it", async () => {
    const workspaces = [
      { id: 'wsp_me', name: 'Personal', personal: true, role: 'owner', memberCount: 1, createdAt: '' },
      { id: 'w1', name: 'Moon Studio', personal: false, role: 'viewer', memberCount: 3, createdAt: '' },
    ];
    const team = { workspaceId: 'w1', workspaceName: 'Moon Studio' };
    const personal = { workspaceId: 'wsp_me', workspaceName: 'Personal' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const parsed = new URL(url, 'http://localhost');
        if (parsed.pathname === '/api/v1/workspaces') {
          return Response.json({ status: 'success', data: { workspaces } });
        }
        const kind = parsed.searchParams.get('kind');
        const hits =
          kind === 'project'
            ? [
                { ...sampleHits.project[0]!, ...team },
                { ...sampleHits.project[0]!, id: 'p2', name: 'Golden Sketches', ...personal },
              ]
            : kind === 'collection'
              ? [{ ...sampleHits.collection[0]!, ...team }]
              : [];
        return Response.json({
          status: 'success',
          data: {
            query: 'golden',
            groups: [{ kind, total: hits.length, page: 1, pageSize: 10, hits }],
          },
        });
      }),
    );
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/search?q=golden']}>
          <WorkspaceProvider>
            <Routes>
              <Route path="/dashboard/search" element={<SearchPage />} />
            </Routes>
          </WorkspaceProvider>
        </MemoryRouter>
      </Providers>,
    );
    const projects = await screen.findByRole('region', { name: /Projects/ }, { timeout: 10_000 });
    // jsdom's name leaves out the spaces around the hidden 'in' that browsers keep.
    const teamProject = await within(projects).findByRole('link', {
      name: /^Golden Apes\s*in\s*Moon Studio/,
    });
    expect(teamProject.getAttribute('href')).toBe('/dashboard/nft?project=p1&workspace=w1');
    expect(
      within(projects)
        .getByRole('link', { name: /^Golden Sketches\s*in\s*Personal/ })
        .getAttribute('href'),
    ).toBe('/dashboard/nft?project=p2');
    const collections = screen.getByRole('region', { name: /Collections/ });
    expect(
      (await within(collections).findByRole('link', { name: /Golden Apes\s*in\s*Moon Studio/ })).getAttribute(
        'href',
      ),
    ).toBe('/dashboard/collections/c1?workspace=w1');
  });
});
