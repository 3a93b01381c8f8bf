import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogDestination, type LogDestination } from './logger.ts';

// A reader that keeps up takes the last buffered lines in far less; a stalled one never would.
const LOG_FLUSH_MS = 1000;

/** Stops accepting, lets in-flight requests finish, closes the database, exits in time. */
function installShutdown(app: FastifyInstance, timeoutMs: number, log: LogDestination) {
  let isClosing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    // The log cannot hold this up: its writes never block and nothing flushes it at exit.
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    // The last lines get a bounded wait; the timer above still bounds the whole shutdown.
    const exit = (code: number) => void log.flush(LOG_FLUSH_MS).then(() => process.exit(code));
    // Fastify closes the connections idle at the signal; a keep-alive connection whose response
    // finishes afterwards would hold the server open, so sweep idle ones until closed.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
    app.close().then(
      () => {
        app.log.info('closed cleanly');
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logDestination = createLogDestination();
  const app = await buildApp(config, { logStream: logDestination });
  installShutdown(app, config.shutdownTimeoutMs, logDestination);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Teamshuffle is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Teamshuffle failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
