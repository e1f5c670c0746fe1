import { PassThrough } from 'node:stream';
import { streamLiveEvents } from '@layerloom/api';
import { withTimeout } from '../../jobs/with-timeout.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { sessionTokenOf } from '../auth/session-cookie.ts';
import { resolveSession } from '../auth/sessions.service.ts';
import { eventRange, eventsAfter, type StoredEvent } from './user-events.repository.ts';

function frame(event: { seq: number; type: string; data: unknown }): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** `GET /api/v1/events`: the signed-in user's live stream, resumable with `Last-Event-ID`. */
export async function eventsRoutes(app: App): Promise<void> {
  const { heartbeatMs, streamsPerUser } = app.config.live;
  const openStreams = new Map<string, number>();
  const closers = new Set<() => Promise<void>>();
  // Open streams would keep the server from closing: they end, and their responses finish, first.
  app.addHook('preClose', async () => {
    await Promise.all([...closers].map((close) => close()));
  });

  app.get(
    streamLiveEvents.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['events'],
        summary: 'Your live events (server-sent events; resume with Last-Event-ID)',
        security: [{ session: [] }],
        headers: streamLiveEvents.headers,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const open = openStreams.get(user.id) ?? 0;
      if (open >= streamsPerUser) {
        throw new AppError(
          'RATE_LIMITED',
          `At most ${streamsPerUser} live connections can be open at once. Close another Layerloom tab and try again.`,
          { retryAfterSeconds: 10 },
        );
      }
      openStreams.set(user.id, open + 1);
      const token = sessionTokenOf(request);
      const stream = new PassThrough();
      let lastSent = 0;
      let live = false;
      const waiting: StoredEvent[] = [];
      const send = (event: StoredEvent) => {
        if (event.seq <= lastSent) return;
        stream.write(frame(event));
        lastSent = event.seq;
      };
      // Subscribe before reading the log, so an event stored meanwhile is held here rather than lost.
      const unsubscribe = app.live.bus.subscribe(user.id, (event) =>
        live ? send(event) : waiting.push(event),
      );
      const heartbeat = setInterval(() => {
        stream.write(': heartbeat\n\n');
        // A stream ends with its session (sign-out, or ended from Security).
        if (token) {
          resolveSession(app.database.db, token).then(
            (found) => found?.user.id === user.id || stop(),
            () => undefined,
          );
        }
      }, heartbeatMs);
      let stopped = false;
      function stop() {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        unsubscribe();
        closers.delete(closer);
        const left = (openStreams.get(user.id) ?? 1) - 1;
        if (left > 0) openStreams.set(user.id, left);
        else openStreams.delete(user.id);
        stream.end();
      }
      const finished = new Promise<void>((resolve) => {
        reply.raw.once('close', resolve);
        reply.raw.once('finish', resolve);
      });
      const closer = async () => {
        stop();
        await withTimeout(finished, 1000, 'ending a live stream').catch(() => undefined);
        // The server is closing: a kept-alive connection would hold it open.
        request.raw.socket?.destroy();
      };
      closers.add(closer);
      request.raw.on('close', stop);

      try {
        const { latest, oldest } = await eventRange(app.database.db, user.id);
        const header = request.headers['last-event-id'];
        stream.write('retry: 3000\n\n');
        if (header === undefined || Number(header) >= latest) {
          lastSent = Math.min(Number(header ?? latest), latest);
        } else {
          lastSent = Number(header);
          // Events between the client's last one and the oldest kept are gone: the client refetches.
          if (lastSent < oldest - 1) stream.write(`event: resync\ndata: {}\n\n`);
          for (const event of await eventsAfter(app.database.db, user.id, lastSent)) send(event);
        }
        stream.write(frame({ seq: lastSent, type: 'ready', data: { latest: lastSent } }));
        live = true;
        for (const event of waiting.splice(0)) send(event);
      } catch (error) {
        stop();
        throw error;
      }
      return reply
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
