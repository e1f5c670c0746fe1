import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FeaturedProjectsSection } from './featured-projects-section.tsx';
import { landingSections } from './section-link.tsx';
import { sampleCollection } from './showcase-content.ts';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

/** What scripts/generate-art.ts wrote when the engine generated the sample collection. */
const generated = JSON.parse(
  readFileSync(path.join(publicDir, 'art/sample/sample-collection.json'), 'utf8'),
) as { name: string; size: number; tokens: { edition: number; rarityRank: number }[] };

describe('the landing page shows only what the product made', () => {
  it("lists the sample collection's rarest tokens with the ranks the engine gave them, each image on the site", () => {
    expect(sampleCollection.name).toBe(generated.name);
    expect(sampleCollection.size).toBe(generated.size);
    const rarest = [...generated.tokens].sort((a, b) => a.rarityRank - b.rarityRank).slice(0, 8);
    expect(sampleCollection.tokens.map(({ edition, rank }) => ({ edition, rank }))).toEqual(
      rarest.map((token) => ({ edition: token.edition, rank: token.rarityRank })),
    );
    for (const token of sampleCollection.tokens)
      expect(existsSync(path.join(publicDir, token.image))).toBe(true);
  });

  it('names the sample collection and links to it, with no invented projects or clients', () => {
    const router = createMemoryRouter([{ path: '/', element: <FeaturedProjectsSection /> }]);
    render(<RouterProvider router={router} />);
    const section = screen.getByRole('region', { name: 'The sample collection' });
    expect(section.textContent).toContain(
      'Loomlings: 24 tokens the engine generated from five layers of sample art',
    );
    expect(screen.getAllByText('Rarity rank 1 of 24').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'See the whole collection' }).getAttribute('href')).toBe(
      '/sample-collection',
    );
    expect(landingSections.map((entry) => entry.label)).not.toContain('Our clients');
  });
});
