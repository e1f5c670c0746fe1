import type { Collection, RarityReportView } from '@layerloom/api';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { barPercent, RarityPage } from './rarity-page.tsx';
import { formatPValue, formatStatistic } from './rarity-queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const collection: Collection = {
  id: 'c1',
  name: 'Rare Cats',
  description: '',
  size: 100,
  width: 64,
  height: 64,
  projectId: 'p1',
  watermark: false,
  thumbnail: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  progress: { status: 'ready', done: 100, total: 100, etaSeconds: null, error: null },
};

const rarity: RarityReportView = {
  tokenCount: 100,
  rarityMode: 'weighted',
  hasRules: true,
  layers: [
    {
      layer: 'Body',
      traits: [
        { name: 'Red', count: 70, share: 0.7, targetShare: 0.75, targetCount: 75 },
        { name: 'Blue', count: 30, share: 0.3, targetShare: 0.25, targetCount: 25 },
      ],
      chiSquare: { statistic: 4 / 3, degreesOfFreedom: 1, pValue: 0.2482 },
    },
    {
      layer: 'Hat',
      traits: [
        { name: 'Cap', count: 2, share: 0.02, targetShare: 0.5, targetCount: 50 },
        { name: 'None', count: 98, share: 0.98, targetShare: 0.5, targetCount: 50 },
      ],
      chiSquare: { statistic: 92.16, degreesOfFreedom: 1, pValue: 1e-20 },
    },
  ],
  rarest: [
    { edition: 7, name: 'Rare Cats #7', rank: 1, score: 2.5 },
    { edition: 3, name: 'Rare Cats #3', rank: 2, score: 2.1 },
  ],
};

function show(status: Collection['progress']['status'] = 'ready') {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/rarity')
      ? Response.json({ status: 'success', data: { rarity } })
      : Response.json({
          status: 'success',
          data: { collection: { ...collection, progress: { ...collection.progress, status } } },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard/collections/c1/rarity']}>
        <Routes>
          <Route path="/dashboard/collections/:id/rarity" element={<RarityPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return fetchMock;
}

describe('RarityPage', () => {
  it('shows each layer as a table of counts, shares and targets, its fit in plain words, the rarest tokens and how they are ranked', async () => {
    show();
    const body = await screen.findByRole('table', { name: /Body: tokens per trait/ }, { timeout: 10_000 });
    const red = within(body).getByRole('row', { name: /Red/ });
    expect(within(red).getByText('70')).toBeTruthy();
    expect(within(red).getByText('70%')).toBeTruthy();
    expect(within(red).getByText('75%')).toBeTruthy();
    expect(screen.getAllByTestId('fit-chance').map((node) => node.textContent)).toEqual([
      'If tokens followed the weights exactly, luck alone would leave shares this far from the targets about 25 % of the time (a chi-square test of the counts).',
      'If tokens followed the weights exactly, luck alone would leave shares this far from the targets less than once in 1,000 times (a chi-square test of the counts).',
    ]);
    expect(document.body.textContent).not.toMatch(/χ²|\bdf\b|p [=<]/);
    expect(screen.getByText(/Within what chance gives/)).toBeTruthy();
    expect(screen.getByText(/Far off the weights/)).toBeTruthy();
    expect(screen.getByText(/the project has rules/)).toBeTruthy();
    const rarest = screen.getByRole('region', { name: 'Rarest tokens' });
    const link = within(rarest).getByRole('link', { name: 'Rare Cats #7' });
    expect(link.getAttribute('href')).toBe('/dashboard/collections/c1/tokens/7');
    expect(within(rarest).getByTestId('rarity-method').textContent).toMatch(
      /OpenRarity's method.*more traits that no other token has come first.*same score share a rank \(1, 1, 3…\)/,
    );
    expect(within(rarest).getAllByRole('link')).toHaveLength(2);
  });

  it('draws every bar on one 0–100 % axis, so equal shares draw equal bars in every layer', async () => {
    show();
    const hat = await screen.findByRole('table', { name: /Hat: tokens per trait/ }, { timeout: 10_000 });
    const body = screen.getByRole('table', { name: /Body: tokens per trait/ });
    const bar = (table: HTMLElement, trait: string) => {
      const row = within(table).getByRole('rowheader', { name: trait }).closest('tr')!;
      return {
        fill: (row.querySelector('.ll-rarity-bar-fill') as HTMLElement).style.width,
        target: (row.querySelector('.ll-rarity-bar-target') as HTMLElement).style.left,
      };
    };
    expect(bar(body, 'Red')).toEqual({ fill: '70%', target: '75%' });
    expect(bar(body, 'Blue')).toEqual({ fill: '30%', target: '25%' });
    expect(bar(hat, 'Cap')).toEqual({ fill: '2%', target: '50%' });
    expect(bar(hat, 'None')).toEqual({ fill: '98%', target: '50%' });
  });

  it('asks for no report while the collection is not ready', async () => {
    const fetchMock = show('generating');
    await screen.findByRole('heading', { name: 'This collection is not ready' }, { timeout: 10_000 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/collections/c1']);
  });

  it('places a share on the axis, within 0 and 100 %', () => {
    expect(barPercent(0.5)).toBe('50%');
    expect(barPercent(1 / 3)).toBe('33.33%');
    expect(barPercent(0)).toBe('0%');
    expect(barPercent(1.2)).toBe('100%');
  });

  it('formats the statistic and p-value', () => {
    expect(formatStatistic(4 / 3)).toBe('1.33');
    expect(formatStatistic(12.44)).toBe('12.4');
    expect(formatStatistic(1234.4)).toBe('1,234');
    expect(formatPValue(0.2482)).toBe('p = 0.25');
    expect(formatPValue(0.0321)).toBe('p = 0.032');
    expect(formatPValue(1e-9)).toBe('p < 0.001');
  });
});
