import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { HeaderSearch } from './header-search.tsx';
import { searchAnswer } from './search-test-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Serves the search: every kind but users; records the queries asked. */
function serve() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      asked.push(parsed.searchParams);
      return Response.json(
        searchAnswer(parsed.searchParams.get('q') ?? '', ['project', 'collection', 'token']),
      );
    }),
  );
  return asked;
}

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

function show() {
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <HeaderSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByRole('combobox', { name: 'Search projects, collections and tokens' });
}

const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

describe('HeaderSearch', () => {
  it('shows results grouped by kind once typing pauses, with one request for the settled text', async () => {
    const asked = serve();
    const box = show();
    fireEvent.change(box, { target: { value: 'g' } });
    fireEvent.change(box, { target: { value: 'gold' } });
    const list = await screen.findByRole('listbox', { name: 'Search results' }, { timeout: 10_000 });
    await within(list).findByRole('group', { name: /Tokens/ }, { timeout: 10_000 });
    expect(asked.map((query) => query.get('q'))).toEqual(['gold']);
    expect(asked[0]?.get('pageSize')).toBe('5');
    expect(within(list).getByRole('group', { name: /Projects/ })).toBeTruthy();
    expect(within(list).getByRole('group', { name: /Collections/ })).toBeTruthy();
    const tokens = within(within(list).getByRole('group', { name: /Tokens/ })).getAllByRole('option');
    expect(tokens.map((option) => option.textContent)).toEqual([
      'Golden Apes #12Gold · Crown',
      'Golden Apes #40Gold',
    ]);
    expect(within(list).getByRole('option', { name: /See all results for “gold”/ })).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves through the results with the arrows and opens the chosen one with Enter', async () => {
    serve();
    const box = show();
    fireEvent.change(box, { target: { value: 'gold' } });
    await screen.findAllByRole('option', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    // Project, collection, token #12.
    for (let step = 0; step < 3; step++) fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toContain('Golden Apes #12');
    expect(box.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/dashboard/collections/c1/tokens/12'));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('wraps around with the arrows, and Up from the text reaches "See all results"', async () => {
    serve();
    const box = show();
    fireEvent.change(box, { target: { value: 'gold' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5), { timeout: 10_000 });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('See all results');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Golden ApesProject');
  });

  it('opens the results page with Enter when no result is chosen, and Escape closes the dropdown', async () => {
    serve();
    const box = show();
    fireEvent.change(box, { target: { value: ' gold hat ' } });
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1), { timeout: 10_000 });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/dashboard/search?q=gold%20hat'));
  });

  it('takes the focus on / outside a text field and on Ctrl+K anywhere', async () => {
    serve();
    const box = show();
    expect(document.activeElement).not.toBe(box);
    fireEvent.keyDown(document.body, { key: '/' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    box.blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(box));
    // In a text field, / is a character.
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.keyDown(box, { key: '/' });
    expect((box as HTMLInputElement).value).toBe('a');
  });

  it('says so when nothing matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          status: 'success',
          data: { query: 'zebra', groups: [{ kind: 'token', total: 0, page: 1, pageSize: 5, hits: [] }] },
        }),
      ),
    );
    const box = show();
    fireEvent.change(box, { target: { value: 'zebra' } });
    await screen.findByText('No results for “zebra”', {}, { timeout: 10_000 });
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]?.textContent?.trim()).toBe('See all results for “zebra”');
  });
});
