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
