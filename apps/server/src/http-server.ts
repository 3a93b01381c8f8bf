import http from 'node:http';
import type { AppConfig } from './config.ts';

/**
 * The HTTP server under Fastify, with the time limits that cut off slow or stalled clients
 * (issue 9): the headers must arrive within `headersMs`; a connection that sends and receives
 * nothing for `bodyMs` is closed; no request may take longer than `uploadMs` to arrive (the
 * spec's upload budget, part 1 section 9). A body that trickles in under those limits is bounded
 * per route by the request-deadline plugin.
 */
export function createHttpServer(
  timeouts: AppConfig['timeouts'],
): (handler: http.RequestListener) => http.Server {
  return (handler) => {
    const server = http.createServer(
      {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.uploadMs,
        // How often Node checks the two limits above (its default is 30 s, longer than the limit).
        connectionsCheckingInterval: Math.max(50, Math.min(1000, timeouts.headersMs / 4)),
        // Longer than a load balancer's usual 60 s idle time, so the balancer closes first.
        keepAliveTimeout: 72_000,
      },
      handler,
    );
    server.setTimeout(timeouts.bodyMs);
    return server;
  };
}
