import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DeadlineReminders } from './deadline-reminders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deadline reminders and their daily digests (issue 26, decision 0031). */
    deadlineReminders: DeadlineReminders;
  }
}

/**
 * How often each instance sweeps for due reminders and digests. Every instance sweeps (claims make
 * each reminder and digest go once), so one that dies leaves nothing behind for long.
 */
export const REMINDER_SWEEP_MS = 60_000;

/** Deadline reminders: the service, and a sweep every REMINDER_SWEEP_MS once the app is ready. */
export const deadlineRemindersPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const reminders = new DeadlineReminders({
      db: app.db,
      log: app.log,
      outbox: app.notificationOutbox,
      mailer: app.mailer,
      publicUrl: options.publicUrl,
    });
    app.decorate('deadlineReminders', reminders);
    let sweep: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        running = reminders.sweep();
      }, REMINDER_SWEEP_MS);
      sweep.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      await running;
    });
  },
  {
    name: 'deadline-reminders',
    fastify: '5.x',
    dependencies: ['database', 'mail', 'notifications'],
  },
);
