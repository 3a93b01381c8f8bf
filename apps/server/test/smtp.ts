import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as it arrived over SMTP, with its parts decoded. */
export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
};

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A header's RFC 2047 encoded words (nodemailer's form of non-ASCII text: `=?UTF-8?B?...?=`)
 * decoded; the bytes of adjacent words are joined before decoding, as a character may span two.
 */
function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi;
  return value.replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(word)].map(([, , kind, text]) =>
      kind!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(
            text!
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ),
    );
    return Buffer.concat(bytes).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
  });
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'base64')
    return { type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) };
  return { type, body };
}

/** Reads the subject, text and HTML of a raw message (enough MIME for nodemailer's output). */
export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary
    ? raw.split(`--${boundary}`).slice(1, -1).map(decodePart)
    : [decodePart(raw)];
  return {
    from,
    to,
    subject,
    text: parts.find((part) => part.type === 'text/plain')?.body ?? '',
    html: parts.find((part) => part.type === 'text/html')?.body ?? '',
    raw,
  };
}

/** A real SMTP server in the test process; `smtpUrl` goes into SMTP_URL. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` (waits for it to arrive, up to `timeoutMs`). */
    async waitForMail(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((mail) => mail.to.includes(to));
        if (found) {
          mails.splice(mails.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link of a text. */
export function firstLink(text: string): string {
  const link = /https?:\/\/[^\s"'<>]+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
}
