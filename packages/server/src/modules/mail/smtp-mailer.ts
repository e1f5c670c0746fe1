import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Delivers mail through the SMTP server at `smtpUrl` (nodemailer). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
