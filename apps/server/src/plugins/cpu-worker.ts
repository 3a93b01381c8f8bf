// The CPU worker pool as a plugin: `app.cpu.run(name, ...args)` runs a pure function of
// workers/cpu-tasks.ts in a worker thread (issue 22, decision 0012). The workers start with the
// first task, not with the app, and end when the app closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CpuPool, type CpuPoolOptions } from '../workers/cpu-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cpu: CpuPool;
  }
}

export const cpuWorkerPlugin = fp(
  async (app: FastifyInstance, options: CpuPoolOptions) => {
    const pool = new CpuPool(options);
    app.decorate('cpu', pool);
    app.addHook('onClose', async () => {
      await pool.close();
    });
  },
  { name: 'cpu-worker', fastify: '5.x' },
);
