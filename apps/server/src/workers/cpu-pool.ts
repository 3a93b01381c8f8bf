// A small pool of worker threads for CPU-heavy pure functions, so that a long computation (the
// replay of a balanced result's search) never holds the event loop while other requests wait
// (issue 22, decision 0012). Workers start on the first task and stay until `close`; each runs
// one task at a time, the others wait in order. A task's error comes back as the same error (an
// AppError keeps its id, message and field); a worker that crashes, exits or overruns the time
// limit fails its task with a clear error and is replaced by the next task, never a hang.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorId } from '@teamshuffle/domain';
import type { cpuTasks } from './cpu-tasks.ts';

/** Task list: each name loads its function (inside the worker). */
export type CpuTaskLoaders = Record<string, () => Promise<(...args: never[]) => unknown>>;
type TaskOf<T extends CpuTaskLoaders, N extends keyof T> = Awaited<ReturnType<T[N]>>;

/** What the pool posts to a worker. */
export type TaskRequest = { id: number; name: string; args: unknown[] };
/** What a worker answers. */
export type TaskReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: {
        name: string;
        message: string;
        stack?: string;
        appError?: { id: string; field: string | undefined };
      };
    };
/** The worker's start-up data. */
export type WorkerData = { tasksUrl: string; niceness: number };

export type CpuPoolOptions = {
  /** Worker threads at most (default: 2 when there are more than 2 cores, else 1). */
  size?: number;
  /**
   * A task not answered this long after it was handed to a worker (a fresh worker's start
   * included) fails, and its worker is ended (default 60 s).
   */
  timeoutMs?: number;
  /** The module whose `cpuTasks` export lists the tasks (default: cpu-tasks.ts). */
  tasksUrl?: URL;
  /**
   * How much lower than the event loop's the workers' CPU priority is (Linux, where a thread has
   * its own nice value; default 10, 0 for the same): when the cores are busy, requests go first
   * and the background work waits.
   */
  niceness?: number;
};

export type CpuPoolStats = {
  workers: number;
  running: number;
  queued: number;
  /** Tasks that returned a value, by name. */
  completed: Record<string, number>;
  /** Tasks that failed (their error, a crash or the time limit). */
  failed: number;
  /** The thread ids of the workers started so far (the main thread's is 0). */
  threadIds: number[];
};

type Job = {
  id: number;
  name: string;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};
type Slot = { worker: Worker; job: Job | undefined };

const WORKER_URL = new URL('./cpu-worker.ts', import.meta.url);
const DEFAULT_TASKS_URL = new URL('./cpu-tasks.ts', import.meta.url);

/** The default number of workers: leave the event loop a core of its own on a small machine. */
export function defaultPoolSize(): number {
  return availableParallelism() > 2 ? 2 : 1;
}

function errorFromReply(reply: Extract<TaskReply, { ok: false }>['error'], name: string): Error {
  if (reply.appError) {
    return new AppError(reply.appError.id as ErrorId, {
      message: reply.message,
      field: reply.appError.field,
    });
  }
  const error = new Error(`CPU task ${name} failed: ${reply.message}`);
  if (reply.stack) error.stack = `${error.message}\n--- in the worker ---\n${reply.stack}`;
  return error;
}

/** Runs the named pure functions of a task list in worker threads. */
export class CpuPool<Tasks extends CpuTaskLoaders = typeof cpuTasks> {
  readonly #size: number;
  readonly #timeoutMs: number;
  readonly #tasksUrl: string;
  readonly #niceness: number;
  readonly #slots = new Set<Slot>();
  readonly #queue: Job[] = [];
  readonly #completed: Record<string, number> = {};
  readonly #threadIds: number[] = [];
  #failed = 0;
  #nextId = 1;
  #isClosed = false;

  constructor(options: CpuPoolOptions = {}) {
    this.#size = Math.max(1, options.size ?? defaultPoolSize());
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#tasksUrl = (options.tasksUrl ?? DEFAULT_TASKS_URL).href;
    this.#niceness = options.niceness ?? 10;
  }

  /** Runs task `name` with `args` (structured-cloned) in a worker; resolves to its value. */
  run<N extends keyof Tasks & string>(
    name: N,
    ...args: Parameters<TaskOf<Tasks, N>>
  ): Promise<Awaited<ReturnType<TaskOf<Tasks, N>>>> {
    if (this.#isClosed) return Promise.reject(new Error('The CPU worker pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.#nextId++,
        name,
        args,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      this.#queue.push(job);
      this.#pump();
    });
  }

  /** Counts for tests and diagnostics. */
  stats(): CpuPoolStats {
    const slots = [...this.#slots];
    return {
      workers: slots.length,
      running: slots.filter((slot) => slot.job).length,
      queued: this.#queue.length,
      completed: { ...this.#completed },
      failed: this.#failed,
      threadIds: [...this.#threadIds],
    };
  }

  /**
   * Ends every worker now: their running tasks fail as in a crash, and the next task starts a
   * fresh worker. For tests of the crash path and for recovery; `close` is the shutdown.
   */
  async terminateWorkers(): Promise<void> {
    await Promise.all([...this.#slots].map((slot) => slot.worker.terminate()));
  }

  /** Fails what is queued or running and ends the workers; later tasks are refused. */
  async close(): Promise<void> {
    this.#isClosed = true;
    const closed = () => new Error('The CPU worker pool is closed');
    for (const job of this.#queue.splice(0)) job.reject(closed());
    const slots = [...this.#slots];
    for (const slot of slots) {
      this.#slots.delete(slot);
      if (slot.job) this.#settle(slot.job, closed());
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #pump() {
    while (this.#queue.length > 0) {
      let slot = [...this.#slots].find((candidate) => !candidate.job);
      if (!slot) {
        if (this.#slots.size >= this.#size) return;
        slot = this.#start();
      }
      this.#assign(slot, this.#queue.shift()!);
    }
  }

  #start(): Slot {
    const worker = new Worker(WORKER_URL, {
      name: 'cpu-worker',
      workerData: { tasksUrl: this.#tasksUrl, niceness: this.#niceness } satisfies WorkerData,
    });
    const slot: Slot = { worker, job: undefined };
    this.#slots.add(slot);
    this.#threadIds.push(worker.threadId);
    worker.on('message', (reply: TaskReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = undefined;
      worker.unref();
      if (reply.ok) {
        this.#completed[job.name] = (this.#completed[job.name] ?? 0) + 1;
        this.#settle(job, undefined, reply.value);
      } else {
        this.#settle(job, errorFromReply(reply.error, job.name));
      }
      this.#pump();
    });
    // An uncaught error ends the worker ('exit' follows); a failed start arrives here too.
    worker.on('error', (error: Error) => this.#lose(slot, `failed: ${error.message}`));
    worker.on('exit', (code) => this.#lose(slot, `stopped (exit code ${code})`));
    return slot;
  }

  #assign(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref();
    job.timer = setTimeout(() => {
      this.#lose(slot, `took longer than ${this.#timeoutMs} ms`);
      void slot.worker.terminate();
    }, this.#timeoutMs);
    slot.worker.postMessage({ id: job.id, name: job.name, args: job.args } satisfies TaskRequest);
  }

  // A worker gone (crash, exit, time limit): its task fails with why, the next task starts anew.
  #lose(slot: Slot, why: string) {
    if (!this.#slots.delete(slot)) return;
    const job = slot.job;
    slot.job = undefined;
    if (job) this.#settle(job, new Error(`The CPU worker ${why} while running ${job.name}`));
    this.#pump();
  }

  #settle(job: Job, error: Error | undefined, value?: unknown) {
    clearTimeout(job.timer);
    if (error) {
      this.#failed += 1;
      job.reject(error);
    } else {
      job.resolve(value);
    }
  }
}
