import { describe, expect, it } from 'vitest';
import { createLiveConnection, type EventSourceLike } from './live-connection.ts';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly handlers = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    this.handlers.get(type)?.({ data } as MessageEvent<string>);
  }
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const scheduled: { run: () => void; ms: number }[] = [];
  const connection = createLiveConnection(
    (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    (run, ms) => scheduled.push({ run, ms }),
  );
  return { connection, sources, scheduled };
}

describe('the live connection', () => {
  it('opens one stream for every listener, hands each the data of its event type, and closes with the last', () => {
    const { connection, sources } = setup();
    const bell: unknown[] = [];
    const reads: unknown[] = [];
    const stopBell = connection.listen('notification', (data) => bell.push(data));
    const stopReads = connection.listen('notifications.read', (data) => reads.push(data));
    expect(sources.map((source) => source.url)).toEqual(['/api/v1/events']);
    sources[0]?.emit('notification', '{"title":"Generation finished"}');
    sources[0]?.emit('notifications.read', '{"ids":["a"]}');
    sources[0]?.emit('notification', 'not json');
    expect(bell).toEqual([{ title: 'Generation finished' }]);
    expect(reads).toEqual([{ ids: ['a'] }]);
    stopBell();
    expect(sources[0]?.closed).toBe(false);
    stopReads();
    expect(sources[0]?.closed).toBe(true);
    expect(connection.isOpen).toBe(false);
  });

  it('opens the stream again after a growing pause when the server closed it, while someone listens', () => {
    const { connection, sources, scheduled } = setup();
    const stop = connection.listen('notification', () => {});
    sources[0]?.fail();
    sources[0]?.fail();
    expect(scheduled.map((entry) => entry.ms)).toEqual([2000]);
    scheduled[0]?.run();
    expect(sources).toHaveLength(2);
    sources[1]?.fail();
    expect(scheduled.map((entry) => entry.ms)).toEqual([2000, 4000]);
    // A `ready` event means the connection works again: the pause starts over.
    scheduled[1]?.run();
    sources[2]?.emit('ready', '{"latest":3}');
    sources[2]?.fail();
    expect(scheduled.at(-1)?.ms).toBe(2000);
    stop();
    scheduled.at(-1)?.run();
    expect(sources).toHaveLength(3);
  });
});
