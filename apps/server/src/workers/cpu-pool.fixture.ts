// Tasks for cpu-pool.test.ts: values, errors, a crash, an uncaught error and a hang, run by the
// real worker entry (cpu-worker.ts) in real threads.
import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { AppError } from '@teamshuffle/domain';

export const cpuTasks = {
  add: async () => (a: number, b: number) => a + b,
  threadId: async () => () => threadId,
  /** The running thread's nice value (Linux). */
  nice: async () => () => threadNice(),
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

/** The calling thread's nice value, from /proc (Linux): field 19 of its stat line. */
export function threadNice(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
