import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Sends one text message to a phone number (E.164). */
export type SmsSender = { send: (to: string, text: string) => Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

type SmsOptions = { gateway: { gatewayUrl: string; apiKey: string | undefined } | undefined };

/**
 * SMS through a gateway (`SMS_GATEWAY_URL`: a JSON POST of `{ to, text }` with the key as a
 * bearer token), or into the dev outbox (or the log) when there is none.
 */
export const smsPlugin = fp(
  async (app: FastifyInstance, options: SmsOptions) => {
    const gateway = options.gateway;
    if (gateway) {
      app.decorate('sms', {
        send: async (to: string, text: string) => {
          const response = await fetch(gateway.gatewayUrl, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(gateway.apiKey ? { authorization: `Bearer ${gateway.apiKey}` } : {}),
            },
            body: JSON.stringify({ to, text }),
            signal: AbortSignal.timeout(10_000),
          });
          if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
        },
      });
      return;
    }
    app.decorate('sms', {
      send: async (to: string, text: string) => {
        app.outbox.add({ kind: 'sms', to, subject: null, text, html: null });
        if (app.outbox.isReadable) app.log.info({ to }, 'SMS to the dev outbox');
        else app.log.warn({ to, text }, 'SMS not sent (SMS_GATEWAY_URL is not set)');
      },
    });
  },
  { name: 'sms', fastify: '5.x', dependencies: ['outbox'] },
);
