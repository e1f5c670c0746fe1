/** Something loaded on first need (a module, a component): once it has loaded, `current()` gives it at once. */
export interface LazyValue<T> {
  /** Starts loading (once) and resolves with the value; a failed load is tried again on the next call. */
  load: () => Promise<T>;
  /** The value if it has loaded, else undefined. */
  current: () => T | undefined;
}

/** A value that `load` fetches the first time it is needed, kept from then on. */
export function lazyValue<T>(load: () => Promise<T>): LazyValue<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () => {
      loading ??= load().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => value,
  };
}
