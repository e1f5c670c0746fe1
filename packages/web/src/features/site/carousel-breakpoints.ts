/** Items per screen by viewport width (spec section 2): 5 at 3000-4000 px, 3 at 1024-3000, 2 at 464-1024, 1 below 464. */
export const carouselBreakpoints = [
  { minWidth: 3000, items: 5 },
  { minWidth: 1024, items: 3 },
  { minWidth: 464, items: 2 },
  { minWidth: 0, items: 1 },
] as const;

/** How many carousel items fit one screen at a viewport width (wider than 4000 px keeps 5). */
export function itemsPerScreen(viewportWidth: number): number {
  for (const breakpoint of carouselBreakpoints) {
    if (viewportWidth >= breakpoint.minWidth) return breakpoint.items;
  }
  return 1;
}

/** Where a looping carousel is: `index` counts positions on a track of the items followed by clones of the first screen. */
export interface CarouselState {
  index: number;
  /** False while the track jumps (without animation) between an end and its clone. */
  animate: boolean;
  /** A step back from the first item waits for the jump to its clone at the end. */
  pendingPrev?: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'go'; index: number }
  /** The slide animation ended: past the last item, jump back to the same picture at the start. */
  | { type: 'settled' }
  /** After a jump: animate again. */
  | { type: 'resume' };

/**
 * The infinite loop of the carousels: the track holds the `count` items and then clones of the first
 * items, so moving on from the last item slides onto the clones and then jumps, unseen, back to 0.
 */
export function carouselReducer(count: number) {
  return (state: CarouselState, action: CarouselAction): CarouselState => {
    if (count <= 0) return { index: 0, animate: false };
    switch (action.type) {
      case 'next':
        // A jump back is still pending: finish it first so the index stays on the track.
        if (state.index >= count) return { index: state.index - count, animate: false };
        return { index: state.index + 1, animate: true };
      case 'prev':
        if (state.index <= 0) return { index: count, animate: false, pendingPrev: true };
        return { index: state.index - 1, animate: true };
      case 'go':
        return { index: ((action.index % count) + count) % count, animate: true };
      case 'settled':
        return state.index >= count ? { index: state.index - count, animate: false } : state;
      case 'resume':
        if (state.pendingPrev) return { index: state.index - 1, animate: true };
        return state.animate ? state : { index: state.index, animate: true };
    }
  };
}

/** The item (0-based, among the real items) shown first on screen. */
export function firstVisibleItem(state: CarouselState, count: number): number {
  return count > 0 ? state.index % count : 0;
}
