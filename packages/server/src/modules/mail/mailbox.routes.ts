import { z } from 'zod';
import type { App } from '../../types.ts';
import { listOutboxMails, type OutboxMail } from './outbox.repository.ts';

const MAILBOX_LIMIT = 100;

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The text body, escaped, with its http(s) links made clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMailbox(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to_address)} · ${escapeHtml(mail.created_at)}</p><pre>${linkify(mail.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Layerloom dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px}article{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:16px;margin:0}.meta{color:#666;font-size:13px}pre{white-space:pre-wrap}</style></head><body><h1>Development mailbox</h1><p>Mails sent while no SMTP_URL is set, newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
}

const MailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/** `GET /dev/mailbox` (HTML) and `/dev/mailbox.json`: the development outbox. Not registered in production. */
export async function mailboxRoutes(app: App): Promise<void> {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listOutboxMails(app.database.db, MAILBOX_LIMIT);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailbox(mails));
  });
  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal('success'), data: z.object({ mails: z.array(MailSchema) }) }),
        },
      },
    },
    async (_request, reply) => {
      const mails = await listOutboxMails(app.database.db, MAILBOX_LIMIT);
      return reply.header('cache-control', 'no-store').send({
        status: 'success' as const,
        data: {
          mails: mails.map((mail) => ({
            id: mail.id,
            to: mail.to_address,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            createdAt: mail.created_at,
          })),
        },
      });
    },
  );
}
