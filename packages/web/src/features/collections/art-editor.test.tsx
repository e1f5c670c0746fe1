import type { Collection, Publication } from '@layerloom/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { ArtEditor, artConfirmation, artFileProblem, FROZEN_ART_NOTE } from './art-editor.tsx';

// jsdom has no ResizeObserver, which Ant Design's inputs read.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const HASH = `a1b2c3d4e5${'0'.repeat(48)}f6e5d4`;

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
  progress: { status: 'ready', done: 8, total: 8, etaSeconds: null, error: null },
  revision: 'j2',
};

const publication: Publication = {
  collectionId: 'c1',
  mode: 'hosted',
  slug: 'cats-abc123',
  baseUri: 'https://layerloom.test/hosted/cats-abc123/metadata/',
  imageBaseUri: 'https://layerloom.test/hosted/cats-abc123/images/',
  provenanceHash: HASH,
  publishedAt: '2026-11-20T10:00:00.000Z',
};

const artVersion = {
  id: 'v2',
  kind: 'art',
  editions: [2],
  createdBy: 'ada@example.com',
  createdAt: '2026-11-22T10:00:00.000Z',
  changes: ['Art replaced (version 2): token #2'],
  status: 'done',
  location: {
    imageBaseUri: 'https://layerloom.test/hosted/cats-abc123/v2/images/',
    metadataBaseUri: 'https://layerloom.test/hosted/cats-abc123/v2/metadata/',
  },
};

/** Answers the panel's reads (frozen or not, one art version) and records what it posts. */
function stubServer(posts: FormData[], { frozen = false } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(init.body as FormData);
        return Response.json(
          { status: 'success', data: { edit: artVersion, metadata: metadataAnswer } },
          { status: 201 },
        );
      }
      if (url.endsWith('/marketplace')) {
        return Response.json({ status: 'success', data: { marketplace: { isFrozen: frozen, updates: [] } } });
      }
      return Response.json({ status: 'success', data: metadataAnswer });
    }),
  );
}

const metadataAnswer = {
  settings: {
    namePattern: null,
    description: null,
    externalUrl: null,
    backgroundColor: null,
    attributes: [],
    tokenAttributes: [],
    renames: [],
  },
  traits: [],
  defaultNamePattern: '{collection} #{edition}',
  warnings: [],
  history: [artVersion],
};

function renderEditor() {
  return render(
    <Providers client={createQueryClient()}>
      <ArtEditor collection={collection} publication={publication} />
    </Providers>,
  );
}

describe('replacing token art', () => {
  it('says the published provenance hash will no longer match those tokens, and what comes next', () => {
    const hosted = artConfirmation({ editions: [2], provenanceHash: HASH, mode: 'hosted' });
    expect(hosted.title).toBe('Replace the art of token #2?');
    expect(hosted.paragraphs[0]).toBe(
      'The provenance hash published on chain (a1b2c3d4e5…f6e5d4) was computed from the original images. It will no longer match the new art of token #2: anyone who checks the provenance will find that this token differs.',
    );
    expect(hosted.paragraphs[1]).toMatch(/The published hash stays as it is/);
    expect(hosted.paragraphs[2]).toMatch(/new addresses \(a new version\).*update metadata on marketplaces/);
    const ipfs = artConfirmation({ editions: [5, 2], provenanceHash: HASH, mode: 'ipfs' });
    expect(ipfs.title).toBe('Replace the art of 2 tokens?');
    expect(ipfs.paragraphs[0]).toMatch(
      /new art of tokens #2, #5: anyone who checks the provenance will find that these tokens differ\./,
    );
    expect(ipfs.paragraphs[2]).toMatch(/^Next, publish to IPFS again/);
  });

  it('refuses files that are not images or too large before sending', () => {
    expect(artFileProblem({ name: 'notes.txt', size: 10, type: 'text/plain' })).toBe(
      'notes.txt is not a PNG, JPEG, WebP or GIF image.',
    );
    expect(artFileProblem({ name: 'big.png', size: 11 * 1024 * 1024, type: 'image/png' })).toBe(
      'big.png is over 10 MB: choose a smaller image.',
    );
    expect(artFileProblem({ name: 'fixed.webp', size: 1000, type: 'image/webp' })).toBeNull();
  });

  it('asks for confirmation with the provenance text, then sends the image as token-N with the confirmation', async () => {
    const posts: FormData[] = [];
    stubServer(posts);
    const { container } = renderEditor();
    expect(await screen.findByRole('list', { name: 'Art versions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '#2' }).getAttribute('href')).toBe(
      'https://layerloom.test/hosted/cats-abc123/v2/images/2.png',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Replace art' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Row 1: enter the token number.');

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Row 1: token number' }), {
      target: { value: '2' },
    });
    // The token's image as it is now, beside the new one.
    expect(screen.getByRole('img', { name: 'Token #2 now' }).getAttribute('src')).toBe(
      '/api/v1/collections/c1/thumbnails/2.webp?v=j2',
    );
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'fixed.png', { type: 'image/png' });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('fixed.png')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Replace art' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Replace the art of token #2?');
    expect(dialog.textContent).toContain('It will no longer match the new art of token #2');
    expect(posts).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Replace art' }).at(-1) as HTMLElement);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.get('confirm')).toBe('provenance-mismatch');
    expect((posts[0]?.get('token-2') as File | undefined)?.name).toBe('fixed.png');
  }, 20_000);

  it('is disabled with the reason once the metadata is frozen on chain', async () => {
    stubServer([], { frozen: true });
    renderEditor();
    expect(await screen.findByText(FROZEN_ART_NOTE)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Replace art' }).hasAttribute('disabled')).toBe(true),
    );
  }, 20_000);
});
