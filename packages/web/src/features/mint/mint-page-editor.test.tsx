import type { MintPageEditor } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { MintPageEditorPage } from './mint-page-editor.tsx';

// jsdom has no ResizeObserver, which Ant Design's text area reads.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const editor: MintPageEditor = {
  settings: {
    title: '',
    description: '',
    links: { website: null, x: null, discord: null },
    accentColor: null,
    banner: null,
    logo: null,
    gallery: { mode: 'first', count: 4 },
  },
  collectionName: 'Loom Cats',
  collectionDescription: 'Cats, woven.',
  size: 6,
  width: 64,
  height: 64,
  slug: null,
  imageBaseUrl: '/api/v1/collections/c1/mint-page/images/',
  collageUrl: '/api/v1/collections/c1/mint-page/images/collage.webp',
  isCollageHidden: false,
  tokenImageBaseUrl: '/api/v1/collections/c1/images/',
  updatedAt: null,
};

/** Shows the editor of collection c1; the server answers GET and PUT of its mint page. */
function show() {
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      if (url === '/api/v1/collections/c1/mint-page' && method === 'PUT') {
        return Response.json({
          status: 'success',
          data: { page: { ...editor, settings: body, updatedAt: '2026-11-25T01:00:00.000Z' } },
        });
      }
      if (url === '/api/v1/collections/c1/mint-page')
        return Response.json({ status: 'success', data: { page: editor } });
      return Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
        { status: 404 },
      );
    }),
  );
  const router = createMemoryRouter(
    [{ path: '/dashboard/collections/:id/mint-page', Component: MintPageEditorPage }],
    {
      initialEntries: ['/dashboard/collections/c1/mint-page'],
    },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return requests;
}

const preview = () => within(screen.getByTestId('mint-page-preview'));

describe('MintPageEditorPage', () => {
  it('shows the unsaved title, links, accent and gallery in the live preview', async () => {
    const requests = show();
    const title = await screen.findByLabelText('Title', {}, { timeout: 5_000 });
    expect(preview().getByRole('heading', { level: 1, name: 'Loom Cats' })).toBeTruthy();
    expect(preview().getByRole('img', { name: 'Loom Cats banner' }).getAttribute('src')).toBe(
      editor.collageUrl,
    );
    expect(screen.getByText('This page is not public yet')).toBeTruthy();

    fireEvent.change(title, { target: { value: 'Loom Cats: the drop' } });
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'https://loomcats.example' } });
    fireEvent.click(screen.getByLabelText('Use my own accent colour'));
    fireEvent.change(screen.getByLabelText('Hex colour'), { target: { value: '#1d3557' } });
    fireEvent.click(screen.getByLabelText('Tokens I choose'));
    fireEvent.change(screen.getByLabelText('Token numbers'), { target: { value: '5, 2' } });

    expect(preview().getByRole('heading', { level: 1, name: 'Loom Cats: the drop' })).toBeTruthy();
    expect(
      preview()
        .getByRole('link', { name: /Website/ })
        .getAttribute('href'),
    ).toBe('https://loomcats.example');
    const gallery = within(preview().getByRole('list', { name: 'Gallery' })).getAllByRole('img');
    expect(gallery.map((image) => image.getAttribute('src'))).toEqual([
      '/api/v1/collections/c1/images/5.png',
      '/api/v1/collections/c1/images/2.png',
    ]);
    expect(document.querySelector<HTMLElement>('.llm-page')?.style.getPropertyValue('--llm-accent')).toBe(
      '#1d3557',
    );
    expect(screen.getByText(/^Text on this colour is white \(contrast 12\.\d:1, WCAG AA\)\.$/)).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // The embed code is the creator's, in the editor; the preview (what collectors see) has none.
    expect(screen.getByText('The embed code is here once the collection is published.')).toBeTruthy();
    expect(preview().queryByLabelText('Embed code')).toBeNull();
    // Nothing is sent until the creator saves.
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('names the fields to fix and sends nothing while one is wrong', async () => {
    const requests = show();
    fireEvent.change(await screen.findByLabelText('X', {}, { timeout: 5_000 }), {
      target: { value: 'http://x.com/loomcats' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the mint page' }));
    expect(await screen.findByText('Use an https:// address')).toBeTruthy();
    expect(screen.getByLabelText('X').getAttribute('aria-invalid')).toBe('true');
    // The preview leaves the invalid link out.
    expect(preview().queryByRole('list', { name: 'Links' })).toBeNull();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('saves the settings the creator entered', async () => {
    const requests = show();
    fireEvent.change(await screen.findByLabelText('Title', {}, { timeout: 5_000 }), {
      target: { value: '  Night drop ' },
    });
    fireEvent.change(screen.getByLabelText('Discord'), { target: { value: 'https://discord.gg/loomcats' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the mint page' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      title: 'Night drop',
      description: '',
      links: { website: null, x: null, discord: 'https://discord.gg/loomcats' },
      accentColor: null,
      banner: null,
      logo: null,
      gallery: { mode: 'first', count: 4 },
    });
    // The toast and the form's state both say so.
    expect((await screen.findAllByText('Saved')).length).toBe(2);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});
