import { describe, expect, it } from 'vitest';
import type { Blocker } from './generate-blockers.ts';
import { nextBlocker } from './next-step.tsx';

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
