/**
 * Yields `load(0)`, `load(1)` … `load(count - 1)` in that order while up to `window` of the next loads are
 * already under way: reads overlap (a blob store may be remote, each read a round trip) and memory stays
 * bounded by the window. A load's failure is thrown when its turn comes; loads not reached are dropped.
 */
export async function* readAhead<T>(
  count: number,
  window: number,
  load: (index: number) => Promise<T>,
): AsyncGenerator<T> {
  const pending = new Map<number, Promise<T>>();
  let next = 0;
  for (let index = 0; index < count; index++) {
    while (next < count && next <= index + window) {
      const loading = Promise.resolve(next).then(load);
      loading.catch(() => undefined); // awaited in its turn below, or dropped with the rest
      pending.set(next++, loading);
    }
    const value = await pending.get(index)!;
    pending.delete(index);
    yield value;
  }
}
