import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { AuthUser } from './modules/auth/auth-user.ts';
import type { LiveEvents } from './modules/events/live-events.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { BlobStore } from './storage/blob-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Durable background jobs; modules register their handlers with `jobs.register` when they load. */
    jobs: JobRunner;
    /** Uploads, renders and exports (a local folder under DATA_DIR by default). */
    blobs: BlobStore;
    /** Outgoing mail: SMTP when SMTP_URL is set, otherwise the development outbox. */
    mail: Mailer;
    /** The users' live event streams (`GET /api/v1/events`): `live.send(userId, type, data)`. */
    live: LiveEvents;
  }
  interface FastifyRequest {
    /** The signed-in user; set by `requireUser`/`requireAdmin` (modules/auth), null otherwise. */
    user: AuthUser | null;
  }
}

/** The Fastify instance with the zod type provider, as route modules see it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
