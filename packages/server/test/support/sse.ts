import { setTimeout } from 'node:timers/promises';

/** One server-sent event as a browser's EventSource would see it, or a comment line (`type: ':'`). */
export interface ReceivedEvent {
  id: string | undefined;
  type: string;
  data: unknown;
}

/** A live `text/event-stream` connection read over real HTTP. */
export interface SseConnection {
  status: number;
  /** The body when the server answered with something other than a stream. */
  body: unknown;
  events: ReceivedEvent[];
  /** Whether the server ended the stream. */
  ended: boolean;
  /** Waits (polling every 20 ms) until an event matches; throws after `timeoutMs` naming what arrived. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** Opens `url` as an event stream with the given headers (cookie, Last-Event-ID…). */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  const connection: SseConnection = {
    status: response.status,
    body: isStream ? undefined : await response.json(),
    events: [],
    ended: !isStream,
    async waitFor(match, timeoutMs = 10_000) {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await setTimeout(20)) {
        const found = connection.events.find(match);
        if (found) return found;
      }
      throw new Error(`no matching event; received ${JSON.stringify(connection.events)}`);
    },
    close: () => abort.abort(),
  };
  if (!isStream || !response.body) return connection;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (block.startsWith(':')) {
            connection.events.push({ id: undefined, type: ':', data: block.slice(1).trim() });
            continue;
          }
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          connection.events.push({
            id: fields.get('id'),
            type: fields.get('event') ?? 'message',
            data: JSON.parse(fields.get('data') ?? 'null'),
          });
        }
      }
    } catch {
      // Aborted by close().
    }
    connection.ended = true;
  })();
  return connection;
}
