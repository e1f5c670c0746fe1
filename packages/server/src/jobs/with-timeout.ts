/** A wait that took longer than allowed. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Settles like `promise`, or rejects with TimeoutError after `ms` (the promise keeps running; its outcome is dropped). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} took more than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
