import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type GalleryState, readGalleryState, writeGalleryState } from './gallery-state.ts';

/** The gallery state read from and written to the URL's search params (each change is a history entry unless replaced). */
export function useGalleryState(): [
  GalleryState,
  (next: GalleryState, options?: { replace?: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readGalleryState(params), [params]);
  const update = useCallback(
    (next: GalleryState, options?: { replace?: boolean }) => setParams(writeGalleryState(next), options),
    [setParams],
  );
  return [state, update];
}
