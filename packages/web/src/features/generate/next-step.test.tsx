import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Blocker } from './generate-blockers.ts';
import { NextStep, nextBlocker } from './next-step.tsx';

const blocker = (id: string): Blocker => ({ id, text: id, targets: [] });

describe('nextBlocker', () => {
  it('offers the layers before a settings field, then the page order', () => {
    expect(nextBlocker([blocker('field-description'), blocker('no-layers')])?.id).toBe('no-layers');
    expect(nextBlocker([blocker('field-name'), blocker('empty-layer-a'), blocker('empty-layer-b')])?.id).toBe(
      'empty-layer-a',
    );
    expect(nextBlocker([blocker('field-width'), blocker('too-many')])?.id).toBe('field-width');
    expect(nextBlocker([])).toBeUndefined();
  });
});

const props = {
  blockers: [] as Blocker[],
  isGenerating: false,
  collectionSize: 100,
  onTarget: () => {},
  onGoToGenerate: () => {},
  onGoToProgress: () => {},
  onShowAll: () => {},
  sample: { onStart: () => {}, isLoading: false },
};

const shown = (extra: Partial<Parameters<typeof NextStep>[0]>) => {
  render(
    <MemoryRouter>
      <NextStep {...props} {...extra} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Next step' });
};

describe('NextStep', () => {
  it('says ready to generate only for a project that has not made its collection', () => {
    expect(shown({}).textContent).toMatch(/^Ready to generate\./);
  });

  it('says a generated project made its collection, and leads to it', () => {
    const region = shown({ generated: { id: 'c1', name: 'Moon Cats', size: 100 } });
    expect(region.textContent).toMatch(/^Generated\. This project made “Moon Cats” \(100 items\)/);
    expect(region.textContent).not.toContain('Ready to generate');
    expect(screen.getByRole('link', { name: 'Open collection' }).getAttribute('href')).toBe(
      '/dashboard/collections/c1',
    );
  });

  it('says a generation is running instead of a thing to fix or a ready project', () => {
    const region = shown({ isGenerating: true, generated: { id: 'c1', name: 'Moon Cats', size: 100 } });
    expect(region.textContent).toMatch(/^Generating\./);
    expect(screen.getByRole('button', { name: 'See progress' })).toBeTruthy();
  });
});
