import type { LookAlikesReportView } from '@layerloom/api';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { LookAlikesPanel } from './look-alikes-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(report: LookAlikesReportView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/v1/collections/c1/look-alikes'
        ? Response.json({ status: 'success', data: { lookAlikes: report } })
        : Response.json(
            { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } },
            { status: 404 },
          ),
    ),
  );
  render(
    <Providers client={createQueryClient()}>
      <MemoryRouter>
        <LookAlikesPanel collectionId="c1" />
      </MemoryRouter>
    </Providers>,
  );
}

const token = (edition: number, background: string) => ({
  edition,
  name: `Curtains #${edition}`,
  thumbnail: `/api/v1/collections/c1/thumbnails/${edition}.webp?v=j1`,
  differences: [{ traitType: 'Background', value: background }],
});

describe('LookAlikesPanel', () => {
  it('shows each group with its thumbnails and the traits nobody can see', async () => {
    serve({
      available: true,
      tokenCount: 12,
      distinctLooks: false,
      groups: [
        {
          kind: 'identical',
          differingTraits: ['Background'],
          tokens: [token(3, 'Pink'), token(6, 'Blue'), token(12, 'Green')],
        },
        {
          kind: 'look-alike',
          differingTraits: ['Background', 'Hair'],
          tokens: [token(5, 'Orange'), token(10, 'Green')],
        },
      ],
    });
    expect(
      await screen.findByText(
        '5 of the 12 tokens look the same as another token although their traits differ: collectors see one image for each group.',
      ),
    ).toBeTruthy();
    const identical = screen.getByRole('heading', { name: '3 tokens with the same image' }).closest('li')!;
    expect(
      within(identical).getByText('Their metadata says different Background; nobody can see it.'),
    ).toBeTruthy();
    const first = within(identical).getByRole('link', { name: /Curtains #3/ });
    expect(first.getAttribute('href')).toBe('/dashboard/collections/c1/tokens/3');
    expect(within(first).getByText('Background: Pink')).toBeTruthy();
    expect(first.querySelector('img')!.getAttribute('src')).toBe(
      '/api/v1/collections/c1/thumbnails/3.webp?v=j1',
    );
    const alike = screen.getByRole('heading', { name: '2 tokens that look the same' }).closest('li')!;
    expect(
      within(alike).getByText('Their metadata says different Background and Hair; nobody can see it.'),
    ).toBeTruthy();
  });

  it('says every token looks different when there are no groups', async () => {
    serve({ available: true, tokenCount: 12, distinctLooks: true, groups: [] });
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            ' Every token looks different (generated with “Every token looks different”).',
      ),
    ).toBeTruthy();
  });

  it('explains a collection generated before the check', async () => {
    serve({ available: false, tokenCount: 12, distinctLooks: false, groups: [] });
    expect(await screen.findByText(/generated before images were checked for look-alikes/)).toBeTruthy();
  });
});
