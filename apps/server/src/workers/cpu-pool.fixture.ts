// Tasks for cpu-pool.test.ts: values, errors, a crash, an uncaught error and a hang, run by the
// real worker entry (cpu-worker.ts) in real threads.
import { threadId } from 'node:worker_threads';
import { AppError } from '@teamshuffle/domain';

export const cpuTasks = {
  add: async () => (a: number, b: number) => a + b,
  threadId: async () => () => threadId,
  /** Busy for `ms` of wall clock, then the thread it ran on. */
  busy: async () => (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until);
    return threadId;
  },
  fail: async () => (message: string) => {
    throw new Error(message);
  },
  refuse: async () => () => {
    throw new AppError('rule_broken', { message: 'Not like this.', field: 'snapshot' });
  },
  exit: async () => (code: number) => process.exit(code),
  uncaught: async () => () => {
    setTimeout(() => {
      throw new Error('thrown outside the task');
    });
    return new Promise<never>(() => {});
  },
  hang: async () => () => {
    for (;;);
  },
};
