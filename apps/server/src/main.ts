import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Stops accepting, lets in-flight requests finish, closes the database, exits in time. */
function installShutdown(app: FastifyInstance, timeoutMs: number) {
  let isClosing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    // Fastify closes the connections idle at the signal; a keep-alive connection whose response
    // finishes afterwards would hold the server open, so sweep idle ones until closed.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
    app.close().then(
      () => {
        app.log.info('closed cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
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
  const app = await buildApp(config);
  installShutdown(app, config.shutdownTimeoutMs);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Teamshuffle is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Teamshuffle failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
