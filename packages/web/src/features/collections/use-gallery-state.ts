import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SECTION_PARAM } from './collection-sections.ts';
import { type GalleryState, readGalleryState, writeGalleryState } from './gallery-state.ts';

/**
 * The gallery state read from and written to the URL's search params (each change is a history entry unless
 * replaced). A change made in the gallery also names it as the page's section, so a reload comes back to it.
 */
export function useGalleryState(): [
  GalleryState,
  (next: GalleryState, options?: { replace?: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readGalleryState(params), [params]);
  const update = useCallback(
    (next: GalleryState, options?: { replace?: boolean }) => {
      const params = writeGalleryState(next);
      params.set(SECTION_PARAM, 'gallery');
      setParams(params, options);
    },
    [setParams],
  );
  return [state, update];
}
