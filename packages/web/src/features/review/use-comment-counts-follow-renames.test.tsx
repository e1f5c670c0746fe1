import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { traitNamesOf, useCommentCountsFollowRenames } from './use-comment-counts-follow-renames.ts';

const names = (trait: string) => traitNamesOf([{ name: 'Hat', traits: [{ name: trait }, { name: 'Cap' }] }]);

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    ({ revision, trait }: { revision: number; trait: string }) =>
      useCommentCountsFollowRenames('p1', revision, names(trait)),
    { wrapper, initialProps: { revision: 0, trait: 'Crown' } },
  );
  const reads = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { ...view, reads };
}

describe('useCommentCountsFollowRenames', () => {
  it('reads the project’s comments again once a save that renamed a trait is confirmed, not for other saves', () => {
    const { rerender, reads } = setup();
    rerender({ revision: 1, trait: 'Crown' });
    expect(reads()).toEqual([]);
    // Typed, not saved yet: nothing to read.
    rerender({ revision: 1, trait: 'Tiara' });
    expect(reads()).toEqual([]);
    rerender({ revision: 2, trait: 'Tiara' });
    expect(reads()).toEqual([['review', 'project', 'p1', 'comments']]);
    // Once more after the next save (the names may have been ahead of the save), then no more.
    rerender({ revision: 3, trait: 'Tiara' });
    rerender({ revision: 4, trait: 'Tiara' });
    expect(reads()).toHaveLength(2);
  });
});
