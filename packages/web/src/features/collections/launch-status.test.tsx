import type { Collection, LaunchStatus } from '@layerloom/api';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { CollectionsPage } from './collections-page.tsx';
import { formatProceeds, launchFigures, launchStageText } from './launch-status.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base: LaunchStatus = {
  collectionId: 'c1',
  stage: 'draft',
  phase: null,
  minted: null,
  supply: 20,
  proceeds: null,
  mintPath: null,
  chainName: null,
  notice: null,
};

describe('launch status words', () => {
  it('names each stage, the open sale and the figures in plain words', () => {
    expect(launchStageText(base)).toBe('Draft');
    expect(launchStageText({ ...base, stage: 'published', mintPath: '/mint/x' })).toBe('Published');
    expect(launchStageText({ ...base, stage: 'deployed', minted: 0 })).toBe('Deployed · sale closed');
    expect(launchStageText({ ...base, stage: 'live', phase: 'allowlist', minted: 1 })).toBe(
      'Live · allowlist sale',
    );
    expect(launchStageText({ ...base, stage: 'live', phase: 'public', minted: 1 })).toBe(
      'Live · public sale',
    );
    expect(launchStageText({ ...base, stage: 'sold-out', minted: 20 })).toBe('Sold out');

    expect(launchFigures(base)).toBeNull();
    expect(launchFigures({ ...base, minted: 0, proceeds: { wei: '0', currency: 'ETH' } })).toBe(
      'Minted 0 of 20',
    );
    expect(
      launchFigures({
        ...base,
        minted: 1_234,
        supply: 10_000,
        proceeds: { wei: '30000000000000000', currency: 'POL' },
      }),
    ).toBe('Minted 1,234 of 10,000 · 0.03 POL to withdraw');
    expect(formatProceeds('1500000000000000000000', 'ETH')).toBe('1,500 ETH');
    expect(formatProceeds('123456789000000000', 'ETH')).toBe('0.1234 ETH');
  });
});

const ready = (id: string, name: string): Collection => ({
  id,
  name,
  description: '',
  size: 20,
  width: 512,
  height: 512,
  projectId: 'p1',
  watermark: false,
  thumbnail: `/api/v1/collections/${id}/images/1.png`,
  createdAt: '2026-11-20T10:00:00.000Z',
  progress: { status: 'ready', done: 20, total: 20, etaSeconds: null, error: null },
});

describe('My Collection cards', () => {
  it("show each collection's launch: its stage, minted / supply and proceeds, and a link to the live page", async () => {
    const statuses: LaunchStatus[] = [
      { ...base, collectionId: 'a', stage: 'draft' },
      {
        ...base,
        collectionId: 'b',
        stage: 'live',
        phase: 'public',
        minted: 3,
        proceeds: { wei: '30000000000000000', currency: 'ETH' },
        mintPath: '/mint/tide-cats-x1',
        chainName: 'Base',
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/v1/collections') {
          return Response.json({
            status: 'success',
            data: { collections: [ready('a', 'Draft Owls'), ready('b', 'Tide Cats')] },
          });
        }
        if (url === '/api/v1/launch-status') return Response.json({ status: 'success', data: { statuses } });
        return Response.json(
          { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
          { status: 404 },
        );
      }),
    );
    render(
      <Providers client={createQueryClient()}>
        <MemoryRouter>
          <CollectionsPage />
        </MemoryRouter>
      </Providers>,
    );
    const live = (await screen.findByText('Live · public sale')).closest('li')!;
    expect(within(live).getByText('Tide Cats')).toBeTruthy();
    expect(within(live).getByText('Minted 3 of 20 · 0.03 ETH to withdraw')).toBeTruthy();
    expect(
      within(live)
        .getByRole('link', { name: /View live page/ })
        .getAttribute('href'),
    ).toBe('/mint/tide-cats-x1');
    const draft = screen.getByText('Draft').closest('li')!;
    expect(within(draft).getByText('Draft Owls')).toBeTruthy();
    expect(within(draft).queryByRole('link', { name: /View live page/ })).toBeNull();
  }, 60_000);
});
