import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { listOutboxMails } from './outbox.repository.ts';
import { accountRejectedMail, verificationMail } from './templates.ts';

const signUpPayload = {
  firstname: 'Mai',
  lastname: 'Lbox',
  email: 'mai@example.com',
  password: 'mail me please',
};

describe.each(databaseKinds)('development outbox on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind, { PUBLIC_URL: 'https://app.layerloom.test' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('stores mail and lists it at /dev/mailbox (HTML) and /dev/mailbox.json', async () => {
    const signUp = await test.app.inject({ method: 'POST', url: '/api/v1/users', payload: signUpPayload });
    expect(signUp.statusCode).toBe(201);
    const id = signUp.json().data.user._id;
    const json = await test.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(json.statusCode).toBe(200);
    const [mail] = json.json().data.mails;
    expect(mail).toMatchObject({ to: 'mai@example.com', subject: 'Confirm your email for Layerloom' });
    expect(mail.text).toMatch(new RegExp(`https://app\\.layerloom\\.test/verify/${id}/[A-Za-z0-9_-]{43}`));
    const html = await test.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Confirm your email for Layerloom');
    expect(html.body).toMatch(/<a href="https:\/\/app\.layerloom\.test\/verify\//);
  });
});

describe('mailbox in production', () => {
  it('is not served when NODE_ENV=production, though mail is still stored', async () => {
    const test = await createTestApp('sqlite', { NODE_ENV: 'production' });
    try {
      await test.app.inject({ method: 'POST', url: '/api/v1/users', payload: signUpPayload });
      expect((await test.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await test.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
      expect(await listOutboxMails(test.app.database.db, 10)).toHaveLength(1);
    } finally {
      await test.close();
    }
  });
});

describe('SMTP delivery', () => {
  const received: { to: string[]; raw: string }[] = [];
  let waiters: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        for (const wake of waiters) wake();
        waiters = [];
        callback();
      });
    },
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the verification mail to a real SMTP server and keeps no outbox', async () => {
    const test = await createTestApp('sqlite', {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Layerloom <hello@layerloom.test>',
    });
    try {
      const arrived = new Promise<void>((resolve) => waiters.push(resolve));
      const signUp = await test.app.inject({ method: 'POST', url: '/api/v1/users', payload: signUpPayload });
      expect(signUp.statusCode).toBe(201);
      await arrived;
      const [mail] = received;
      expect(mail?.to).toEqual(['mai@example.com']);
      expect(mail?.raw).toContain('From: Layerloom <hello@layerloom.test>');
      expect(mail?.raw).toContain('Subject: Confirm your email for Layerloom');
      expect(mail?.raw).toContain('text/html');
      expect(mail?.raw).toContain('text/plain');
      expect(mail?.raw).toContain(`/verify/${signUp.json().data.user._id}/`);
      expect(await listOutboxMails(test.app.database.db, 10)).toEqual([]);
      expect((await test.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await test.close();
    }
  });

  it('still signs the user up when the SMTP server is unreachable (the failure is logged)', async () => {
    const test = await createTestApp('sqlite', { SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const signUp = await test.app.inject({ method: 'POST', url: '/api/v1/users', payload: signUpPayload });
      expect(signUp.statusCode).toBe(201);
    } finally {
      await test.close();
    }
  });
});

describe('mail templates', () => {
  it('escape user-provided text in HTML and keep it readable in text', () => {
    const mail = accountRejectedMail(
      'x@example.com',
      '<b>Eve</b>',
      'Spam & <script>',
      'https://l.test/contact',
    );
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('Spam &amp; &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Reason: Spam & <script>');
    const verification = verificationMail('x@example.com', 'Eve', 'https://l.test/verify/1/abc', 48);
    expect(verification.html).toContain('href="https://l.test/verify/1/abc"');
    expect(verification.text).toContain('Confirm my email: https://l.test/verify/1/abc');
  });
});
