import type { Collection, GenerationProgress } from '@layerloom/api';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS, useGeneration } from './use-generation.ts';

const progress = (done: number, status: GenerationProgress['status'] = 'generating'): GenerationProgress => ({
  status,
  done,
  total: 20,
  etaSeconds: status === 'generating' ? 3 : null,
  error: null,
});

const collection = (state: GenerationProgress): Collection => ({
  id: 'c1',
  name: 'Moon Cats',
  description: '',
  size: 20,
  width: 256,
  height: 256,
  projectId: 'p1',
  watermark: true,
  thumbnail: null,
  createdAt: '2026-01-01T00:00:00Z',
  progress: state,
});

/** A stand-in EventSource the test drives by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(state: GenerationProgress) {
    for (const listener of this.listeners.get('progress') ?? []) {
      listener(new MessageEvent('progress', { data: JSON.stringify(state) }));
    }
  }
}

let polled: GenerationProgress[] = [];
const calls: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.last = null;
  polled = [];
  calls.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      if (url.endsWith('/generate')) {
        return Response.json(
          { status: 'success', data: { collection: collection(progress(0)) } },
          { status: 202 },
        );
      }
      if (url.endsWith('/cancel')) {
        return Response.json({ status: 'success', data: { progress: progress(7, 'cancelled') } });
      }
      const next = polled.shift() ?? progress(0);
      return Response.json({ status: 'success', data: { collection: collection(next) } });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useGeneration', () => {
  it('follows the server-sent progress to the end and then closes the stream', async () => {
    const { result } = renderHook(() => useGeneration());
    await act(async () => {
      await result.current.start('p1');
    });
    expect(calls).toEqual(['POST /api/v1/projects/p1/generate']);
    const stream = FakeEventSource.last;
    expect(stream?.url).toBe('/api/v1/collections/c1/events');
    // Each event is checked against the contract's schema, which loads with the first one.
    await act(async () => {
      stream?.emit(progress(8));
      await vi.dynamicImportSettled();
    });
    expect(result.current.run?.progress).toMatchObject({ done: 8, total: 20, etaSeconds: 3 });
    await act(async () => {
      stream?.emit(progress(20, 'ready'));
      await vi.dynamicImportSettled();
    });
    expect(result.current.run?.progress.status).toBe('ready');
    expect(stream?.closed).toBe(true);
  });

  it('polls the collection when the stream drops, until it ends', async () => {
    const { result } = renderHook(() => useGeneration());
    await act(async () => {
      await result.current.start('p1');
    });
    const stream = FakeEventSource.last;
    polled = [progress(12), progress(20, 'ready')];
    act(() => stream?.onerror?.());
    expect(stream?.closed).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(result.current.run?.progress.done).toBe(12);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    expect(result.current.run?.progress.status).toBe('ready');
    const gets = calls.filter((call) => call.startsWith('GET'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    });
    expect(calls.filter((call) => call.startsWith('GET'))).toEqual(gets);
  });

  it('cancels the running generation', async () => {
    const { result } = renderHook(() => useGeneration());
    await act(async () => {
      await result.current.start('p1');
    });
    await act(async () => {
      await result.current.cancel();
    });
    expect(calls).toContain('POST /api/v1/collections/c1/cancel');
    expect(result.current.run?.progress).toMatchObject({ status: 'cancelled', done: 7 });
    expect(FakeEventSource.last?.closed).toBe(true);
  });

  it('throws the refusal when generation cannot start', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            status: 'error',
            error: { code: 'BAD_REQUEST', message: 'Only 12 valid combinations exist, 20 asked' },
          },
          { status: 400 },
        ),
      ),
    );
    const { result } = renderHook(() => useGeneration());
    await expect(result.current.start('p1')).rejects.toThrow('Only 12 valid combinations exist, 20 asked');
    expect(result.current.run).toBeNull();
  });
});
