import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/database.ts';
import { redisOptions } from '../../jobs/redis-options.ts';
import { TimeoutError, withTimeout } from '../../jobs/with-timeout.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { STORAGE_MARKER_KEY } from './storage-marker.ts';

/** A service this node depends on. */
export type DependencyName = 'database' | 'redis' | 'blobs';

/** One dependency's state as health answers show it; `reason` is a fixed word, never an address or a message. */
export interface DependencyCheck {
  name: DependencyName;
  status: 'up' | 'down';
  latencyMs: number;
  reason?: 'unreachable' | 'timeout' | 'marker-missing';
}

export interface DependencyChecks {
  /** Checks every dependency this node needs, at once; each answers within `timeoutMs`. */
  check(): Promise<DependencyCheck[]>;
  close(): void;
}

export interface DependencyChecksParameters {
  database: DatabaseHandle;
  blobs: BlobStore;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

/** The database, Redis (when configured) and blob store checks behind the health endpoints. */
export function createDependencyChecks(parameters: DependencyChecksParameters): DependencyChecks {
  const { database, blobs, redisUrl, log } = parameters;
  const timeoutMs = parameters.timeoutMs ?? 1000;
  // A connection of its own that fails at once while Redis is away, instead of queueing the PING.
  const redis = redisUrl
    ? new Redis({
        ...redisOptions(redisUrl),
        connectTimeout: timeoutMs,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      })
    : undefined;
  redis?.on('error', (error) => log.debug({ err: error }, 'health check redis connection error'));
  redis?.connect().catch(() => undefined);

  async function run(
    name: DependencyName,
    probe: () => Promise<DependencyCheck['reason'] | undefined>,
  ): Promise<DependencyCheck> {
    const started = performance.now();
    let reason: DependencyCheck['reason'];
    try {
      reason = await withTimeout(probe(), timeoutMs, `checking ${name}`);
    } catch (error) {
      reason = error instanceof TimeoutError ? 'timeout' : 'unreachable';
      if (!(error instanceof TimeoutError))
        log.debug({ err: error, dependency: name }, 'health check failed');
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return reason ? { name, status: 'down', latencyMs, reason } : { name, status: 'up', latencyMs };
  }

  return {
    check() {
      return Promise.all([
        run('database', async () => ((await database.ping()) ? undefined : 'unreachable')),
        ...(redis
          ? [
              run('redis', async () => {
                await redis.ping();
                return undefined;
              }),
            ]
          : []),
        run('blobs', async () => ((await blobs.stat(STORAGE_MARKER_KEY)) ? undefined : 'marker-missing')),
      ]);
    },
    close() {
      redis?.disconnect();
    },
  };
}
