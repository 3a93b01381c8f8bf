import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PublicConfig } from '@teamshuffle/domain';
import { type AppConfig, resolveAuthSecret } from './config.ts';
import { createHttpServer } from './http-server.ts';
import { assignmentsRoutes } from './modules/assignments/assignments.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { filesPlugin } from './modules/files/files.routes.ts';
import { lectureNotesRoutes } from './modules/lecture-notes/lecture-notes.routes.ts';
import { deadlineRemindersPlugin } from './modules/deadline-reminders/deadline-reminders.plugin.ts';
import { myDeadlinesRoutes } from './modules/my-deadlines/my-deadlines.routes.ts';
import { deadlineExtensionsRoutes } from './modules/deadline-extensions/deadline-extensions.routes.ts';
import { notificationsPlugin } from './modules/notifications/notifications.routes.ts';
import { workspaceAccessPlugin } from './modules/workspace-access/workspace-access.plugin.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invitationsPlugin } from './modules/invitations/invitations.routes.ts';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { teamExportRoutes } from './modules/team-export/team-export.routes.ts';
import { rosterRoutes } from './modules/roster/roster.routes.ts';
import { joiningRoutes } from './modules/joining/joining.routes.ts';
import { gradebookRoutes } from './modules/gradebook/gradebook.routes.ts';
import { peerEvaluationRoutes } from './modules/peer-evaluation/peer-evaluation.routes.ts';
import { recordStart } from './modules/system/system.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { cpuWorkerPlugin } from './plugins/cpu-worker.ts';
import { databasePlugin, type DatabasePluginOptions } from './plugins/database.ts';
import { storagePlugin } from './plugins/storage.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, sendError } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { instancePlugin } from './plugins/instance.ts';
import { inputPlugin } from './plugins/input.ts';
import { requestDeadlinePlugin } from './plugins/request-deadline.ts';
import { mailPlugin } from './plugins/mail.ts';
import { outboxPlugin } from './plugins/outbox.ts';
import { securityPlugin } from './plugins/security.ts';
import { smsPlugin } from './plugins/sms.ts';
import { webPlugin } from './plugins/web.ts';

const packageJson = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
) as { version: string };

/** Builds the whole app from a parsed configuration; `main.ts` and every test use it. */
export async function buildApp(
  config: AppConfig,
  options: {
    logStream?: { write(line: string): void };
    /** Tests only: holds each stage of opening the database (the database plugin's `delayOpen`). */
    delayDatabaseOpen?: DatabasePluginOptions['delayOpen'];
    /** Tests only: the start of an in-memory embedded database (the plugin's `template`). */
    embeddedDatabaseTemplate?: Blob;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // No deadline for a plugin to start (Fastify's default is 10 s): PGlite's initdb on a loaded
    // machine or a slow disk can take longer, and a server that gives up never starts at all. The
    // database plugin logs what it is doing while it takes long (issue 22).
    pluginTimeout: 0,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // main.ts passes its bounded stdout destination (logger.ts); tests keep pino's default.
      stream: options.logStream,
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    serverFactory: createHttpServer(config.timeouts),
    // Longer than any parameter's own schema allows, so an over-long one answers 400 naming it.
    routerOptions: { maxParamLength: 1000 },
    // Malformed or absurd URLs answer in the API's error shape, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      void sendError(
        reply,
        'validation_failed',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is longer than 1000 characters.'
          : 'The URL is not valid.',
      );
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  await app.register(requestDeadlinePlugin, { bodyMs: config.timeouts.bodyMs });
  await app.register(databasePlugin, {
    database: config.database,
    delayOpen: options.delayDatabaseOpen,
    template: options.embeddedDatabaseTemplate,
  });
  // This instance's id and lease (decision 0018), before anything that leaves work behind.
  await app.register(instancePlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.rateLimitPerMinute,
    trustedOrigins: config.trustedOrigins,
  });
  await app.register(storagePlugin, { storage: config.storage });
  await app.register(cpuWorkerPlugin);
  await app.register(outboxPlugin, {
    isReadable: config.devOutbox,
    hasSmtp: config.mail.smtpUrl !== undefined,
    hasSmsGateway: config.sms !== undefined,
  });
  await app.register(mailPlugin, { smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  await app.register(smsPlugin, { gateway: config.sms });
  await app.register(authPlugin, { config });
  await app.register(docsPlugin, { publicUrl: config.publicUrl, version: packageJson.version });

  await app.register(healthRoutes, { version: packageJson.version });
  const publicConfig: PublicConfig = {
    contactEmail: config.contactEmail,
    googleEnabled: config.google !== undefined,
    // Phone sign-in always works: codes go to the SMS gateway or the dev outbox.
    phoneEnabled: true,
    passwordPolicy: config.passwordPolicy,
  };
  await app.register(publicConfigRoutes, { config: publicConfig });
  await app.register(authRoutes, {
    publicUrl: config.publicUrl,
    minPasswordLength: config.passwordPolicy.minLength,
    authSecret: resolveAuthSecret(config),
  });
  const { authCookies } = await app.auth.$context;
  await app.register(usersRoutes, {
    sessionCookieNames: [
      authCookies.sessionToken.name,
      authCookies.sessionData.name,
      authCookies.dontRememberToken.name,
    ],
  });

  // Before the routes: the Idempotency-Key of the routes that declare `config.idempotent`.
  await app.register(idempotencyPlugin, { runningLeaseMs: config.timeouts.uploadMs + 60_000 });
  await app.register(workspaceAccessPlugin);
  await app.register(notificationsPlugin, {
    publicUrl: config.publicUrl,
    quotaBytes: config.storageQuotaBytes,
    adminEmails: config.adminEmails,
  });
  await app.register(deadlineRemindersPlugin, { publicUrl: config.publicUrl });
  await app.register(filesPlugin, {
    uploadMs: config.timeouts.uploadMs,
    quotaBytes: config.storageQuotaBytes,
  });
  await app.register(resultsRoutes);
  await app.register(workspacesRoutes, { publicUrl: config.publicUrl });
  await app.register(invitationsPlugin, { publicUrl: config.publicUrl });
  await app.register(lectureNotesRoutes);
  await app.register(assignmentsRoutes);
  await app.register(dashboardRoutes);
  await app.register(teamExportRoutes);
  await app.register(rosterRoutes);
  await app.register(joiningRoutes);
  await app.register(gradebookRoutes);
  await app.register(peerEvaluationRoutes);
  await app.register(myDeadlinesRoutes, { publicUrl: config.publicUrl });
  await app.register(deadlineExtensionsRoutes);

  await app.register(webPlugin, {
    webDistDir: config.webDistDir,
    sessionCookieName: authCookies.sessionToken.name,
    publicConfig,
    renderTimeLimitMs: config.serverRenderTimeLimitMs,
  });

  app.addHook('onReady', async () => {
    const row = await recordStart(app.db);
    app.log.info({ bootCount: row.bootCount, installedAt: row.installedAt }, 'database ready');
  });
  return app;
}
