import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createLocalBus, createRedisBus, type LiveBus } from './live-bus.ts';
import { appendUserEvent, type StoredEvent } from './user-events.repository.ts';

/** The users' live event streams: what modules call to tell a user something happened. */
export interface LiveEvents {
  /** Stores the event in the user's log (so reconnects resume) and delivers it to the user's open streams. */
  send(userId: string, type: string, data: unknown): Promise<StoredEvent>;
  bus: LiveBus;
  close(): Promise<void>;
}

/** In-process delivery by default; Redis pub/sub across nodes when `redisUrl` is set. */
export function createLiveEvents(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  redisUrl: string | undefined;
}): LiveEvents {
  const bus = options.redisUrl ? createRedisBus(options.redisUrl, options.log) : createLocalBus();
  return {
    bus,
    async send(userId, type, data) {
      const event = await appendUserEvent(options.db, userId, type, data);
      bus.publish(event);
      return event;
    },
    close: () => bus.close(),
  };
}
