import { describe, expect, it, vi } from 'vitest';
import { lazyValue } from './lazy-value.ts';

describe('lazyValue', () => {
  it('loads once, on first need, and gives the value at once from then on', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const value = lazyValue(load);
    expect(load).not.toHaveBeenCalled();
    expect(value.current()).toBeUndefined();
    const [first, second] = await Promise.all([value.load(), value.load()]);
    expect(first).toBe(second);
    expect(value.current()).toBe(first);
    await value.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('loaded');
    const value = lazyValue<string>(load);
    await expect(value.load()).rejects.toThrow('offline');
    expect(value.current()).toBeUndefined();
    await expect(value.load()).resolves.toBe('loaded');
    expect(value.current()).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
