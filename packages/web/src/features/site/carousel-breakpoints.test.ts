import { describe, expect, it } from 'vitest';
import {
  type CarouselState,
  carouselReducer,
  firstVisibleItem,
  itemsPerScreen,
} from './carousel-breakpoints.ts';

describe('itemsPerScreen', () => {
  it('shows 5 / 3 / 2 / 1 items at 3000-4000 / 1024-3000 / 464-1024 / below 464 px (spec section 2)', () => {
    expect([4000, 3200, 3000].map(itemsPerScreen)).toEqual([5, 5, 5]);
    expect([2999, 1440, 1024].map(itemsPerScreen)).toEqual([3, 3, 3]);
    expect([1023, 820, 464].map(itemsPerScreen)).toEqual([2, 2, 2]);
    expect([463, 390, 320, 0].map(itemsPerScreen)).toEqual([1, 1, 1, 1]);
  });
  it('keeps 5 on screens wider than 4000 px', () => {
    expect(itemsPerScreen(5120)).toBe(5);
  });
});

describe('carouselReducer', () => {
  const step = carouselReducer(6);
  const run = (state: CarouselState, ...actions: Parameters<typeof step>[1][]) => actions.reduce(step, state);

  it('moves on one item at a time, animated', () => {
    expect(step({ index: 0, animate: true }, { type: 'next' })).toEqual({ index: 1, animate: true });
  });

  it('loops forever: after the last item it slides onto the clone of the first, then jumps back unseen', () => {
    const onClone = run({ index: 5, animate: true }, { type: 'next' });
    expect(onClone).toEqual({ index: 6, animate: true });
    expect(firstVisibleItem(onClone, 6)).toBe(0);
    const settled = step(onClone, { type: 'settled' });
    expect(settled).toEqual({ index: 0, animate: false });
    expect(step(settled, { type: 'resume' })).toEqual({ index: 0, animate: true });
    // A whole lap of next/settled returns to the start.
    let state: CarouselState = { index: 0, animate: true };
    for (let i = 0; i < 6; i++) state = run(state, { type: 'next' }, { type: 'settled' }, { type: 'resume' });
    expect(state).toEqual({ index: 0, animate: true });
  });

  it('steps back from the first item through a jump to the clones at the end', () => {
    const jumped = step({ index: 0, animate: true }, { type: 'prev' });
    expect(jumped).toEqual({ index: 6, animate: false, pendingPrev: true });
    expect(step(jumped, { type: 'resume' })).toEqual({ index: 5, animate: true });
  });

  it('finishes a pending jump before moving on, so the index never leaves the track', () => {
    expect(step({ index: 6, animate: true }, { type: 'next' })).toEqual({ index: 0, animate: false });
  });

  it('jumps to an item from the dots and ignores a settle that is not on the clones', () => {
    expect(step({ index: 2, animate: true }, { type: 'go', index: 4 })).toEqual({ index: 4, animate: true });
    expect(step({ index: 2, animate: true }, { type: 'settled' })).toEqual({ index: 2, animate: true });
  });
});
