import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.ts';

async function collect<T>(values: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const value of values) all.push(value);
  return all;
}

describe('readAhead', () => {
  it('yields every load in order, however the loads finish', async () => {
    const delays = [30, 1, 20, 0, 10, 5, 0, 25];
    const values = await collect(
      readAhead(delays.length, 3, async (index) => {
        await setTimeout(delays[index]);
        return index * 10;
      }),
    );
    expect(values).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
  });

  it('keeps at most the window of loads under way beyond the one awaited', async () => {
    let running = 0;
    let most = 0;
    const values = await collect(
      readAhead(40, 4, async (index) => {
        running++;
        most = Math.max(most, running);
        await setTimeout(1);
        running--;
        return index;
      }),
    );
    expect(values).toHaveLength(40);
    expect(most).toBe(5);
  });

  it('throws a failed load in its turn, after the values before it, and starts nothing past the window', async () => {
    const started: number[] = [];
    const seen: number[] = [];
    const failing = readAhead(100, 2, async (index) => {
      started.push(index);
      if (index === 3) throw new Error('metadata/4.json is missing');
      return index;
    });
    await expect(
      (async () => {
        for await (const value of failing) seen.push(value);
      })(),
    ).rejects.toThrow('metadata/4.json is missing');
    expect(seen).toEqual([0, 1, 2]);
    expect(Math.max(...started)).toBeLessThanOrEqual(5);
  });

  it('yields nothing for no loads', async () => {
    expect(await collect(readAhead(0, 8, async () => 1))).toEqual([]);
  });
});
