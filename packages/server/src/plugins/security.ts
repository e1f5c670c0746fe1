import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Security headers (helmet, with a CSP the web app works under) and the rate limiter routes opt into. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
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
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${seconds} seconds.`, {
        retryAfterSeconds: seconds,
      });
    },
  });
}
