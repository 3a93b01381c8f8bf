import { escapeHtml } from '@teamshuffle/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

/** A mail to send: always a text and an HTML part. */
export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = { send: (mail: Mail) => Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

// Characters that draw nothing: a name could hide a link's pieces behind them.
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
// A dot (ASCII, ideographic, fullwidth or halfwidth: IDN parsers take all four) between a letter
// or digit and two more letters, digits or hyphens starting with a letter: a host name's dot.
const HOST_DOT = /(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=\p{L}[\p{L}\p{N}-])/gu;
// The dot after `www`, which clients link whatever follows.
const WWW_DOT = /(?<=(?:^|[^\p{L}\p{N}])www)[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/giu;
// A scheme's `://` (`https://`, `hxxp://`, ...): mail clients link text that has one.
const SCHEME = /[:\uFF1A](?=\s*[/\\\uFF0F]{2})/gu;

/**
 * A user's text (a display name, a workspace, note or assignment title) made inert for mail
 * (issue 23, decision 0014): mail clients turn text that looks like a URL, a host name or an
 * e-mail address into a link, so a name such as `Visit https://evil.example` would carry a
 * clickable link in our own mail. Invisible characters are dropped, and every host-name dot and
 * scheme colon is bracketed (`https[:]//evil[.]example`), the convention for a defanged address:
 * it reads the same, no client links it, and a copy does not open it. Ordinary text (`v1.2`,
 * `J.R. Smith`, `Week 3: Reading`) is left as it is.
 */
export function inertText(value: string): string {
  return value
    .replace(INVISIBLE, '')
    .replace(HOST_DOT, '[.]')
    .replace(WWW_DOT, '[.]')
    .replace(SCHEME, '[:]');
}

/** `inertText` escaped for an HTML part. */
export function inertHtml(value: string): string {
  return escapeHtml(inertText(value));
}

type MailOptions = { smtpUrl: string | undefined; from: string };

/** Sends mail over SMTP (`SMTP_URL`), or into the dev outbox (or the log) when there is none. */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailOptions) => {
    if (options.smtpUrl) {
      const transport = nodemailer.createTransport(options.smtpUrl);
      app.decorate('mailer', {
        send: async (mail: Mail) => {
          await transport.sendMail({ from: options.from, ...mail });
        },
      });
      app.addHook('onClose', async () => transport.close());
      return;
    }
    app.decorate('mailer', {
      send: async (mail: Mail) => {
        const stored = app.outbox.add({
          kind: 'mail',
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        if (app.outbox.isReadable) {
          app.log.info(
            { to: mail.to, subject: mail.subject, link: stored.link },
            'mail to the dev outbox',
          );
        } else {
          // No way to send it: the operator reads it here (the start-up warning says so).
          app.log.warn(
            { to: mail.to, subject: mail.subject, link: stored.link, text: mail.text },
            'mail not sent (SMTP_URL is not set)',
          );
        }
      },
    });
  },
  { name: 'mail', fastify: '5.x', dependencies: ['outbox'] },
);
