import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redisOptions } from '../../jobs/redis-options.ts';
import { withTimeout } from '../../jobs/with-timeout.ts';
import type { StoredEvent } from './user-events.repository.ts';

/** Carries stored events to the streams of their user on every web node. */
export interface LiveBus {
  publish(event: StoredEvent): void;
  /** Calls `listener` with each event of the user; returns the unsubscribe function. */
  subscribe(userId: string, listener: (event: StoredEvent) => void): () => void;
  close(): Promise<void>;
}

/** The default bus: events reach the streams of this process only. */
export function createLocalBus(): LiveBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    publish: (event) => emitter.emit(event.userId, event),
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * The scale-out bus: events go through Redis pub/sub, so a client connected to any web node receives
 * what any node or worker published. While Redis is away, events still reach this node's streams, and
 * clients of other nodes get them from the stored log when they reconnect.
 */
export function createRedisBus(url: string, log: FastifyBaseLogger, channel = 'layerloom:live'): LiveBus {
  const local = createLocalBus();
  const connection = { ...redisOptions(url), maxRetriesPerRequest: 1 };
  const publisher = new Redis({ ...connection, enableOfflineQueue: false });
  const subscriber = new Redis(connection);
  publisher.on('error', (error) => log.warn({ err: error }, 'redis live-event publisher connection error'));
  subscriber.on('error', (error) => log.warn({ err: error }, 'redis live-event subscriber connection error'));
  subscriber.on('message', (_channel, raw: string) => {
    try {
      local.publish(JSON.parse(raw) as StoredEvent);
    } catch (error) {
      log.warn({ err: error }, 'ignored a malformed live event');
    }
  });
  subscriber
    .subscribe(channel)
    .catch((error) => log.warn({ err: error }, 'could not subscribe to live events'));
  return {
    publish(event) {
      if (publisher.status !== 'ready') {
        local.publish(event);
        return;
      }
      publisher.publish(channel, JSON.stringify(event)).catch((error) => {
        log.warn({ err: error }, 'could not publish a live event');
        local.publish(event);
      });
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      // With Redis away quitting would wait for it; the wait is bounded.
      await withTimeout(publisher.quit(), 1000, 'closing Redis').catch(() => publisher.disconnect());
      subscriber.disconnect();
    },
  };
}
