import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** One mail, with an HTML and a plain-text body. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends mail: over SMTP when SMTP_URL is set, otherwise into the development outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Sends the message; throws when the transport fails. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The configured mailer. */
export function createMailer(config: Config, db: Kysely<Database>, log: FastifyBaseLogger): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(db, log, { logBodies: config.env !== 'production' });
}

/**
 * Sends a mail without failing the caller: a transport failure is logged (the user can ask again),
 * so a slow or broken mail server never turns a sign-up or reset into a 500.
 */
export async function sendSafely(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log.error({ err: error, subject: message.subject }, 'sending mail failed');
    return false;
  }
}
