import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP sink received it, its MIME body decoded from quoted-printable. */
interface ReceivedMail {
  to: string[];
  text: string;
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) so links and codes can be read. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** A real SMTP server on a loopback port that keeps what it receives. */
export interface SmtpSink {
  /** What the app's SMTP_URL is set to. */
  url: string;
  /** The first mail to `to` whose whole text (headers and body) matches `pattern`, beyond the first `skip`. */
  waitFor(to: string, pattern: RegExp, skip?: number): Promise<string>;
  /** How many mails to `to` match `pattern` so far. */
  count(to: string, pattern: RegExp): number;
  close(): Promise<void>;
}

/** Starts an SMTP sink: the app (SMTP_URL) delivers its mail here and nowhere else. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
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
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const matching = (to: string, pattern: RegExp) =>
    mails.filter((mail) => mail.to.includes(to) && pattern.test(mail.text));
  return {
    url: `smtp://127.0.0.1:${port}`,
    async waitFor(to, pattern, skip = 0) {
      for (let attempt = 0; attempt < 150; attempt++) {
        const mail = matching(to, pattern)[skip];
        if (mail) return mail.text;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No mail to ${to} matching ${pattern} arrived (${mails.length} mails in the sink)`);
    },
    count: (to, pattern) => matching(to, pattern).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
