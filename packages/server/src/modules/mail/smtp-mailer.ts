import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Delivers mail through the SMTP server at `smtpUrl` (nodemailer). Timeouts are short so a
 * stalled mail server delays a sign-up or reset by seconds, not minutes; the URL's own query
 * parameters (e.g. `?connectionTimeout=30000`) take precedence.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
