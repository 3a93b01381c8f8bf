import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { recordStart } from './modules/system/system.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail.ts';
import { outboxPlugin } from './plugins/outbox.ts';
import { securityPlugin } from './plugins/security.ts';
import { smsPlugin } from './plugins/sms.ts';
import { webPlugin } from './plugins/web.ts';

const packageJson = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
) as { version: string };

/** Builds the whole app from a parsed configuration; `main.ts` and every test use it. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.rateLimitPerMinute,
    trustedOrigins: config.trustedOrigins,
  });
  await app.register(databasePlugin, { database: config.database });
  await app.register(outboxPlugin, { isProduction: config.isProduction });
  await app.register(mailPlugin, { smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  await app.register(smsPlugin, { gateway: config.sms });
  await app.register(authPlugin, { config });
  await app.register(docsPlugin, { publicUrl: config.publicUrl, version: packageJson.version });

  await app.register(healthRoutes, { version: packageJson.version });
  await app.register(publicConfigRoutes, {
    contactEmail: config.contactEmail,
    googleEnabled: config.google !== undefined,
    passwordPolicy: config.passwordPolicy,
  });
  await app.register(authRoutes, {
    publicUrl: config.publicUrl,
    minPasswordLength: config.passwordPolicy.minLength,
  });
  const { authCookies } = await app.auth.$context;
  await app.register(usersRoutes, {
    sessionCookieNames: [
      authCookies.sessionToken.name,
      authCookies.sessionData.name,
      authCookies.dontRememberToken.name,
    ],
  });

  await app.register(resultsRoutes);
  await app.register(workspacesRoutes, { publicUrl: config.publicUrl });

  await app.register(webPlugin, { webDistDir: config.webDistDir });

  app.addHook('onReady', async () => {
    const row = await recordStart(app.db);
    app.log.info({ bootCount: row.bootCount, installedAt: row.installedAt }, 'database ready');
  });
  return app;
}
