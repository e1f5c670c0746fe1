import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { redisOptions } from '../jobs/redis-options.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Security headers (helmet, with a CSP the web app works under) and the rate limiter routes opt into.
 * With Redis, the limiter counts in Redis, so a limit is the same however many web nodes share it.
 */
export async function registerSecurity(app: FastifyInstance, redisUrl?: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects its CSS-in-JS as <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The metadata viewer and mint page show images from IPFS gateways and other hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // The metadata viewer fetches metadata by URL; wallets talk to chain RPCs.
        connectSrc: ["'self'", 'https:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Generated images are embedded by other sites (marketplaces, explorers).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  let redis: Redis | undefined;
  if (redisUrl) {
    // Fail fast: a limiter waiting on a Redis that is down would hold every limited request.
    redis = new Redis({
      ...redisOptions(redisUrl),
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit store connection error'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    // The IETF draft's RateLimit-Limit/-Remaining/-Reset headers.
    enableDraftSpec: true,
    ...(redis
      ? {
          redis,
          nameSpace: 'layerloom-rate-limit:',
          // With the store unreachable, requests go on unlimited (logged) rather than fail.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${seconds} seconds.`, {
        retryAfterSeconds: seconds,
      });
    },
  });
}
