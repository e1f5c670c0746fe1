import type { Collection } from '@layerloom/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { GrowPanel } from './grow-panel.tsx';
import { FROZEN_NOTE, MetadataEditor, previewName } from './metadata-editor.tsx';
import { keptSummary, RerollPanel } from './reroll-panel.tsx';

// jsdom has no ResizeObserver, which Ant Design's inputs read.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const collection: Collection = {
  id: 'c1',
  name: 'Cats',
  description: '',
  size: 8,
  width: 32,
  height: 32,
  projectId: 'p1',
  watermark: false,
  thumbnail: '/api/v1/collections/c1/images/1.png?v=j2',
  createdAt: '2026-11-20T10:00:00.000Z',
  progress: { status: 'ready', done: 5, total: 5, etaSeconds: null, error: null },
  revision: 'j2',
};

const reroll = {
  id: 'a1',
  kind: 'reroll',
  editions: [2, 3, 5, 7, 8],
  createdBy: 'ada@example.com',
  createdAt: '2026-11-21T10:00:00.000Z',
  status: 'done',
};

const metadataAnswer = {
  settings: {
    namePattern: null,
    description: null,
    externalUrl: null,
    backgroundColor: null,
    attributes: [],
    tokenAttributes: [{ edition: 3, trait_type: 'Signed', value: 'Yes' }],
    renames: [],
  },
  traits: [{ traitType: 'Body', values: ['Red', 'Blue'] }],
  defaultNamePattern: '{collection} #{edition}',
  warnings: [],
  history: [
    {
      id: 'e1',
      createdBy: 'ada@example.com',
      createdAt: '2026-11-21T10:00:00.000Z',
      changes: ['Description changed'],
      status: 'done',
    },
  ],
};

/** Answers the panels' calls; records the POSTs and PUTs. */
function stubServer(posts: { url: string; body: unknown }[], postAnswer?: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST' || init?.method === 'PUT') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return (
          postAnswer?.clone() ??
          Response.json(
            { status: 'success', data: { collection, amendment: { ...reroll, status: 'running' } } },
            { status: 202 },
          )
        );
      }
      if (url.endsWith('/metadata-settings'))
        return Response.json({ status: 'success', data: metadataAnswer });
      if (url.endsWith('/amendments'))
        return Response.json({ status: 'success', data: { amendments: [reroll] } });
      if (url.includes('/amendments/a1/changes')) {
        return Response.json({
          status: 'success',
          data: {
            total: 5,
            page: 1,
            changes: [
              {
                edition: 2,
                before: {
                  name: 'Cats #2',
                  image: '/api/v1/collections/c1/amendments/a1/before/2.png',
                  attributes: [
                    { trait_type: 'Body', value: 'Red' },
                    { trait_type: 'Hat', value: 'Cap' },
                  ],
                },
                after: {
                  name: 'Cats #2',
                  attributes: [
                    { trait_type: 'Body', value: 'Blue' },
                    { trait_type: 'Hat', value: 'Cap' },
                  ],
                },
              },
            ],
          },
        });
      }
      return Response.json(
        { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
        { status: 404 },
      );
    }),
  );
}

/** The reroll panel with its keep selection held as the collection page holds it. */
function RerollHarness() {
  const [kept, setKept] = useState<Set<number> | null>(null);
  return (
    <>
      <RerollPanel collection={collection} kept={kept} onKeptChange={setKept} />
      {kept ? (
        <button type="button" onClick={() => setKept(new Set([...kept, kept.size + 1]))}>
          keep one more
        </button>
      ) : null}
    </>
  );
}

function show(node: React.ReactNode) {
  render(<Providers client={createQueryClient()}>{node}</Providers>);
}

describe('lock and reroll, grow', () => {
  it('counts kept tokens', () => {
    expect(keptSummary(3, 8)).toBe('3 kept · 5 to reroll');
    expect(keptSummary(1200, 10_000)).toBe('1,200 kept · 8,800 to reroll');
  });

  it('shows the latest reroll before and after with the traits that changed, and the history', async () => {
    stubServer([]);
    show(<RerollHarness />);
    await screen.findByRole('heading', { name: 'Before and after' }, { timeout: 10_000 });
    expect(await screen.findByText('Body: Red → Blue')).toBeTruthy();
    expect(screen.queryByText(/Hat: Cap/)).toBeNull();
    expect(screen.getByRole('img', { name: 'Cats #2 before the reroll' }).getAttribute('src')).toBe(
      '/api/v1/collections/c1/amendments/a1/before/2.png',
    );
    expect(screen.getByRole('img', { name: 'Cats #2 after the reroll' }).getAttribute('src')).toBe(
      '/api/v1/collections/c1/thumbnails/2.webp?v=j2',
    );
    expect(screen.getByText('Rerolled 5 tokens')).toBeTruthy();
    expect(screen.getByText(/ada@example.com/)).toBeTruthy();
  });

  it('rerolls every token but the kept ones after confirming', async () => {
    const posts: { url: string; body: unknown }[] = [];
    stubServer(posts);
    show(<RerollHarness />);
    fireEvent.click(
      await screen.findByRole('button', { name: /Choose tokens to keep/ }, { timeout: 10_000 }),
    );
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'keep one more' }));
    expect(screen.getByText(/3 kept · 5 to reroll/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Reroll 5 tokens/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reroll' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: '/api/v1/collections/c1/reroll', body: { keep: [1, 2, 3] } });
    expect(await screen.findByRole('button', { name: /Choose tokens to keep/ })).toBeTruthy();
  });

  it("grows by the number asked and shows the server's refusal next to the field", async () => {
    const posts: { url: string; body: unknown }[] = [];
    const message =
      'Your Pro plan generates up to 10 assets; this collection has 8, so it can grow by at most 2.';
    stubServer(
      posts,
      Response.json({ status: 'error', error: { code: 'FORBIDDEN', message } }, { status: 403 }),
    );
    show(<GrowPanel collection={collection} />);
    const field = await screen.findByLabelText('Tokens to add', {}, { timeout: 10_000 });
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: /Add tokens/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(posts).toEqual([{ url: '/api/v1/collections/c1/grow', body: { count: 5 } }]);
  });

  it('edits the metadata: previews token #1’s name, sends blank fields as null, shows the history and the server’s refusal', async () => {
    expect(previewName('{collection} No. {edition}', 'Cats')).toBe('Cats No. 1');
    const posts: { url: string; body: unknown }[] = [];
    const message = 'Unknown placeholder {id}: use {collection} and {edition}.';
    stubServer(
      posts,
      Response.json({ status: 'error', error: { code: 'BAD_REQUEST', message } }, { status: 400 }),
    );
    show(<MetadataEditor collection={collection} />);
    const pattern = await screen.findByRole('textbox', { name: 'Name pattern' }, { timeout: 15_000 });
    expect(screen.getByText(/Token #1 reads “Cats #1”/)).toBeTruthy();
    expect(screen.getByText('Description changed')).toBeTruthy();
    fireEvent.change(pattern, { target: { value: '{collection} #{id}' } });
    expect(await screen.findByText(/Token #1 reads “Cats #\{id\}”/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Background colour'), { target: { value: '#1D3557' } });
    // The saved attribute of token #3 is there; one for token #5 is added.
    expect((screen.getByLabelText('Token 1 attribute name') as HTMLInputElement).value).toBe('Signed');
    fireEvent.click(screen.getByRole('button', { name: /Add an attribute to one token/ }));
    fireEvent.change(screen.getByLabelText('Token 2 number'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Token 2 attribute name'), { target: { value: ' Edition ' } });
    fireEvent.change(screen.getByLabelText('Token 2 attribute value'), { target: { value: 'Artist proof' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save metadata' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(posts).toEqual([
      {
        url: '/api/v1/collections/c1/metadata-settings',
        body: {
          namePattern: '{collection} #{id}',
          description: null,
          externalUrl: null,
          backgroundColor: '#1D3557',
          attributes: [],
          tokenAttributes: [
            { edition: 3, trait_type: 'Signed', value: 'Yes' },
            { edition: 5, trait_type: 'Edition', value: 'Artist proof' },
          ],
          renames: [],
        },
      },
    ]);
  });

  it.each([false, true])(
    'after publishing (frozen on chain: %s), says what an edit does, or disables the form with the reason',
    async (isFrozen) => {
      const calls: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          calls.push(url);
          if (url.endsWith('/metadata-settings'))
            return Response.json({ status: 'success', data: metadataAnswer });
          if (url.endsWith('/marketplace'))
            return Response.json({ status: 'success', data: { marketplace: { isFrozen } } });
          return Response.json(
            { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
            { status: 404 },
          );
        }),
      );
      show(<MetadataEditor collection={collection} published />);
      const save = await screen.findByRole('button', { name: 'Save metadata' }, { timeout: 15_000 });
      const pattern = screen.getByRole('textbox', { name: 'Name pattern' });
      if (isFrozen) {
        expect(await screen.findByText(FROZEN_NOTE)).toBeTruthy();
        await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
        expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
          FROZEN_NOTE,
        );
        expect(pattern.hasAttribute('disabled')).toBe(true);
      } else {
        await waitFor(() => expect(calls).toContain('/api/v1/collections/c1/marketplace'));
        expect(screen.getByText('Published: your edits make a new metadata version.')).toBeTruthy();
        expect(
          screen.getByText('Marketplaces see it after you update metadata on marketplaces (Run the drop).'),
        ).toBeTruthy();
        expect(screen.queryByText(FROZEN_NOTE)).toBeNull();
        expect(save.hasAttribute('disabled')).toBe(false);
        expect(pattern.hasAttribute('disabled')).toBe(false);
      }
    },
  );
});
