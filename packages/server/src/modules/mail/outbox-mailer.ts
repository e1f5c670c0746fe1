import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from './mailer.ts';
import { insertOutboxMail } from './outbox.repository.ts';

/**
 * The development outbox: stores each mail in the database and logs it (with its text body,
 * so links and codes are at hand, unless `logBodies` is off as in production).
 */
export function createOutboxMailer(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: { logBodies: boolean },
): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const mail = {
        id: randomUUID(),
        to_address: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        created_at: new Date().toISOString(),
      };
      await insertOutboxMail(db, mail);
      log.info(
        {
          mailId: mail.id,
          to: message.to,
          subject: message.subject,
          ...(options.logBodies ? { text: message.text } : {}),
        },
        'mail stored in the development outbox (no SMTP_URL)',
      );
    },
    async close() {},
  };
}
