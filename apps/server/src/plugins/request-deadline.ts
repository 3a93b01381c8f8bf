import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'upload': the route streams a large body (multipart); only the server's upload limit
     * applies to it, not the body deadline.
     */
    bodyTimeout?: 'upload';
  }
}

/**
 * A request that announces a body must deliver all of it within `bodyMs` of its headers, or its
 * connection is closed: a client trickling a byte every few seconds would otherwise keep a
 * connection and a parser busy for as long as the server's whole-request limit allows.
 */
export const requestDeadlinePlugin = fp(
  async (app: FastifyInstance, options: { bodyMs: number }) => {
    app.addHook('onRequest', async (request) => {
      const raw = request.raw;
      const hasBody =
        raw.headers['transfer-encoding'] !== undefined ||
        Number(raw.headers['content-length'] ?? 0) > 0;
      if (!hasBody || raw.complete || request.routeOptions.config.bodyTimeout === 'upload') return;
      const timer = setTimeout(() => {
        if (raw.complete) return;
        request.log.info({ bodyMs: options.bodyMs }, 'request body not received in time');
        // Destroying the request closes its connection (and works on injected requests too).
        raw.destroy();
      }, options.bodyMs);
      timer.unref();
      // Not cleared when the reply is sent: a route may answer before reading the body (a
      // refusal), and Node then still reads the rest of it to keep the connection.
      const clear = () => clearTimeout(timer);
      raw.once('end', clear);
      raw.once('close', clear);
    });
  },
  { name: 'request-deadline', fastify: '5.x' },
);
