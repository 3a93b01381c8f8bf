// The embedded database in a process of its own (decision 0033, which replaces 0032's thread).
// PGlite runs each statement synchronously in WebAssembly: on the event loop, the 20-50 ms
// statement that builds a team's notes section held every other request that long, and forty
// students arriving at once queued behind each other's (issue 22). In a worker thread it crashed
// the whole server now and then: V8 aborted (SIGTRAP) on its shared bookkeeping of compiled code
// while the thread's WebAssembly and the event loop's JavaScript were compiled side by side
// (nodejs/node#64500). `PGliteProcess` is the part of PGlite's interface Drizzle's PGlite driver
// and the app use (query, exec, transaction, listen, close), answered by pglite-process.child.ts
// over the IPC channel, so statements run beside the event loop and never on it, in a V8 of their
// own.
import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The child's start-up data. */
export type ProcessStart = {
  dataDir: string | undefined;
  /** PGlite's start parameters (its defaults when left out). */
  startParams?: string[];
};

type RowMode = 'array' | 'object';

/** What the client sends the child: one call on PGlite each. */
export type ProcessRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: RowMode | undefined;
      /** Type ids whose values stay text (the caller's parsers, all of them the identity). */
      rawTypes: number[] | undefined;
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

/** What the child answers (id 0: started; id -1: a notification for a listener). */
export type ProcessReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { name: string; message: string; fields: Record<string, string | number | boolean> };
    }
  | { id: -1; listener: number; payload: string };

/** A statement's result, as PGlite gives it. */
export type ProcessResults<Row = Record<string, unknown>> = {
  rows: Row[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
};

type QueryOptions = { rowMode?: RowMode; parsers?: Record<number, unknown> };

/** A transaction's statements, as PGlite's `Transaction` offers them to Drizzle. */
export type ProcessTransaction = {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ProcessResults<Row>>;
  exec(sql: string): Promise<ProcessResults[]>;
};

const CHILD_PATH = fileURLToPath(new URL('./pglite-process.child.ts', import.meta.url));

/** An error from the database, with the server's fields (code, constraint...) as PGlite has them. */
function errorFrom(error: Extract<ProcessReply, { ok: false }>['error']): Error {
  const made = new Error(error.message);
  Object.assign(made, error.fields);
  made.name = error.name;
  return made;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** The type ids of a caller's parsers, worked out once per parsers object (Drizzle keeps one). */
const rawTypesOf = new WeakMap<object, number[]>();

/** What the owner of a database on disk is told when its process dies and starts again. */
export type ProcessEvents = {
  /** The process died by itself (a crash, the out-of-memory killer): a new one is on its way. */
  onStopped?: (error: Error) => void;
  /** A new process has the database open again, `ms` after the old one died (listeners too). */
  onRestarted?: (ms: number) => void;
  /** A new process could not open the database: another try comes `retryInMs` later. */
  onRestartFailed?: (error: Error, retryInMs: number) => void;
};

/**
 * The pause before starting a new process: none after a process that had run a while (`stable`),
 * then doubling from `first` up to `most` while new processes fail to start or die soon after, so
 * that a crash at start-up does not loop at full speed.
 */
const RESTART_PAUSE_MS = { first: 250, most: 10_000, stable: 30_000 } as const;

/** A listener of a channel, kept across restarts (a new process is asked to listen again). */
type Subscription = {
  channel: string;
  onPayload: (payload: string) => void;
  /** After a restart: what was notified while no process listened is lost. */
  onRelisten: (() => void) | undefined;
  /** Its number in the current process. */
  id: number;
  /** Its listener has stopped listening (also while a new process was being started). */
  isStopped: boolean;
};

export class PGliteProcess {
  readonly #start: ProcessStart;
  readonly #events: ProcessEvents;
  #child: ChildProcess;
  /** Resolves once the current process has ended and everything it sent has been read. */
  #ended: Promise<void>;
  readonly #pending = new Map<number, Pending>();
  readonly #subscriptions = new Map<number, Subscription>();
  #nextId = 1;
  /** Why calls fail from now on: the process is gone, or the database closed. */
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;
  /** A new process being started after the last one died: calls made meanwhile wait for it. */
  #restarting: Promise<void> | undefined;
  /** The next start, after a pause. */
  #nextStart: NodeJS.Timeout | undefined;
  /** The pause before the next start (RESTART_PAUSE_MS). */
  #pause = 0;
  /** The process that has the database open (none while one starts, or after a failed start). */
  #openChild: ChildProcess | undefined;
  /** When it opened it. */
  #openSince = 0;
  /** Which process calls go to: 0 for the first, one more for each started after a death. */
  #generation = 0;

  private constructor(start: ProcessStart, events: ProcessEvents, child: ChildProcess) {
    this.#start = start;
    this.#events = events;
    this.#child = child;
    this.#ended = this.#attach(child);
  }

  /**
   * Starts PGlite in a new process: on `dataDir`, or in memory without one. On disk, a process
   * that dies by itself is replaced by a new one on the same folder (what was committed is there:
   * PostgreSQL recovers from its write-ahead log), and `events` hears of it; in memory its data
   * died with it, and every later call fails.
   */
  static async create(start: ProcessStart, events: ProcessEvents = {}): Promise<PGliteProcess> {
    const opened = new PGliteProcess(start, events, PGliteProcess.#fork(start));
    try {
      await opened.#call<null>(0);
    } catch (error) {
      opened.#closing = Promise.resolve();
      // Waited for, and held meanwhile: nothing else may keep a starting server alive.
      opened.#setHeld(true);
      opened.#kill();
      await opened.#ended;
      throw error;
    }
    opened.#openChild = opened.#child;
    opened.#openSince = Date.now();
    return opened;
  }

  static #fork(start: ProcessStart): ChildProcess {
    const child = fork(CHILD_PATH, [JSON.stringify(start)], {
      // Not the parent's Node flags: a test runner's loaders or a CPU profile are not for it.
      execArgv: [],
      // Dates, Uint8Array and BigInt cross as they are (structured clone), as between threads.
      serialization: 'advanced',
      // Pipes of its own, not the server's stdout and stderr: a process that shares a pipe
      // shares its blocking mode, and Node makes a child's stdio pipes blocking, so one full log
      // pipe would stop the server's event loop. What it prints (V8's last words, if any) goes
      // to the server's stderr.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    }
    return child;
  }

  /** Listens to `child`; resolves once it has ended (what it sent read, its calls failed). */
  #attach(child: ChildProcess): Promise<void> {
    this.#setHeld(false, child);
    child.on('message', (reply: ProcessReply) => this.#receive(reply));
    // A failed start ('error' without a process) or a failed kill: the end shows it.
    child.on('error', () => {});
    // The end counts once the process has exited and every message it wrote has been read (its
    // channel then reports 'disconnect'), so an answer written just before it ended (its
    // start-up error) is not lost. A channel this side closed (close) has nothing more to read.
    return new Promise((resolve) => {
      const end = (code: number | null, signal: NodeJS.Signals | null) => {
        resolve();
        // A process given up on (its start failed) that ends after the next one has begun: its
        // calls were settled then, and the next one's are not its own.
        if (child !== this.#child) return;
        const why = signal ? `signal ${signal}` : `exit code ${code}`;
        const error = this.#closing
          ? new Error('the database is closed')
          : new Error(`the database process stopped (${why})`);
        this.#fail(error);
        // A process that had the database open died: on disk, a new one takes over. (One that
        // dies while starting fails its start, which tries again later or fails `create`.)
        if (child === this.#openChild && !this.#closing && this.#start.dataDir !== undefined) {
          this.#openChild = undefined;
          if (Date.now() - this.#openSince >= RESTART_PAUSE_MS.stable) this.#pause = 0;
          this.#events.onStopped?.(error);
          this.#startLater(Date.now());
        }
      };
      child.once('exit', (code, signal) => {
        if (child.connected) child.once('disconnect', () => end(code, signal));
        else end(code, signal);
      });
      // A process that could not be started at all has no exit to wait for.
      child.once('error', (error) => {
        if (child.pid === undefined) {
          resolve();
          if (child === this.#child) this.#fail(error);
        }
      });
    });
  }

  /**
   * Starts a new process after the current pause (at once after a process that ran a while);
   * meanwhile calls fail with the reason the last one is gone.
   */
  #startLater(stoppedAt: number) {
    const pause = this.#pause;
    this.#pause = pause === 0 ? RESTART_PAUSE_MS.first : Math.min(RESTART_PAUSE_MS.most, pause * 2);
    if (pause === 0) {
      this.#startAgain(stoppedAt);
      return;
    }
    this.#nextStart = setTimeout(() => {
      this.#nextStart = undefined;
      if (!this.#closing) this.#startAgain(stoppedAt);
    }, pause);
    this.#nextStart.unref();
  }

  /**
   * Starts a new process on the same folder; calls made meanwhile wait for it and are answered
   * by it, in order. If it cannot start, they fail with its error, and so does every call until
   * the next try.
   */
  #startAgain(stoppedAt: number) {
    let child: ChildProcess;
    try {
      child = PGliteProcess.#fork(this.#start);
    } catch (error) {
      // No process at all (out of memory, too many processes): the next try, later.
      this.#failure = error as Error;
      this.#events.onRestartFailed?.(error as Error, this.#pause);
      this.#startLater(stoppedAt);
      return;
    }
    this.#child = child;
    this.#generation += 1;
    this.#ended = this.#attach(child);
    const restarting = (async () => {
      await this.#call<null>(0);
      // Listening again, under the new process's numbers (a listener that stops meanwhile is
      // left out, or stopped again here).
      const subscriptions = [...this.#subscriptions.values()];
      this.#subscriptions.clear();
      for (const subscription of subscriptions) {
        if (subscription.isStopped) continue;
        const request = { op: 'listen', channel: subscription.channel } as const;
        await this.#sendNow<number>(
          request,
          (id) => {
            subscription.id = id;
            this.#subscriptions.set(id, subscription);
          },
          true,
        );
        if (subscription.isStopped) {
          this.#subscriptions.delete(subscription.id);
          await this.#sendNow({ op: 'unlisten', listener: subscription.id }, undefined, true);
        }
      }
      return subscriptions;
    })();
    this.#restarting = restarting.then(() => undefined);
    // Its failure is handled below (and by each call waiting for it), not left unhandled.
    this.#restarting.catch(() => {});
    this.#failure = undefined;
    const failed = (error: Error) => {
      this.#restarting = undefined;
      this.#failure = error;
      // Closed as a server's process is (it closes the database once its channel closes), or
      // killed if its channel is gone already.
      if (child.connected) child.disconnect();
      else if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (this.#closing) return;
      this.#events.onRestartFailed?.(error, this.#pause);
      this.#startLater(stoppedAt);
    };
    restarting.then((subscriptions) => {
      // Died again as soon as it had started: counted as a failed start.
      if (this.#failure) return failed(this.#failure);
      this.#restarting = undefined;
      this.#openChild = child;
      this.#openSince = Date.now();
      if (this.#closing) return;
      this.#events.onRestarted?.(Date.now() - stoppedAt);
      // The listeners catch up (what was notified while no process listened is lost).
      for (const subscription of subscriptions) {
        if (subscription.isStopped) continue;
        try {
          subscription.onRelisten?.();
        } catch {
          // A listener's own failure to catch up is not the database's: it stays open.
        }
      }
    }, failed);
  }

  /** The child's process id (benches add its CPU and memory to the server's). */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  /**
   * Which process the calls made now go to (0, then one more for each process started after a
   * death): what a session prepared on one (PREPARE) the next does not have (db/prepared.ts).
   */
  get generation(): number {
    return this.#generation;
  }

  query<Row>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<ProcessResults<Row>> {
    return this.#send({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes: options?.parsers ? rawTypes(options.parsers) : undefined,
      ...(tx === undefined ? {} : { tx }),
    });
  }

  exec(sql: string, tx?: number): Promise<ProcessResults[]> {
    return this.#send({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
  }

  /**
   * Runs `run` in a transaction: committed when it resolves, rolled back when it throws (its
   * error then comes out). Other statements wait meanwhile, as in PGlite itself. A transaction
   * whose process died fails: its later statements name a transaction the next process does not
   * have, and it refuses them.
   */
  async transaction<T>(run: (tx: ProcessTransaction) => Promise<T>): Promise<T> {
    const txId = await this.#send<number>({ op: 'begin' });
    const tx: ProcessTransaction = {
      query: (sql, params, options) => this.query(sql, params, options, txId),
      exec: (sql) => this.exec(sql, txId),
    };
    let result: T;
    try {
      result = await run(tx);
    } catch (error) {
      await this.#send({ op: 'end', tx: txId, commit: false }).catch(() => {});
      throw error;
    }
    await this.#send({ op: 'end', tx: txId, commit: true });
    return result;
  }

  /**
   * LISTEN on `channel`; resolves to the function that stops listening. After the process was
   * replaced (a restart), it listens again and calls `onRelisten`: what was notified in between
   * is lost, and the listener catches up from the database.
   */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRelisten?: () => void,
  ): Promise<() => Promise<void>> {
    // Kept before the request goes: a notification can arrive right behind its answer.
    const subscription: Subscription = {
      channel,
      onPayload,
      onRelisten,
      id: 0,
      isStopped: false,
    };
    await this.#send<number>({ op: 'listen', channel }, (id) => {
      subscription.id = id;
      this.#subscriptions.set(id, subscription);
    }).catch((error: unknown) => {
      this.#subscriptions.delete(subscription.id);
      throw error;
    });
    return async () => {
      subscription.isStopped = true;
      const isListening = this.#subscriptions.get(subscription.id) === subscription;
      this.#subscriptions.delete(subscription.id);
      if (isListening && !this.#closing && !this.#failure) {
        await this.#send({ op: 'unlisten', listener: subscription.id });
      }
    };
  }

  /**
   * Closes the database (PGlite writes what it holds) and waits for the process to end. Calls
   * made before are answered first; calls made after are refused.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    clearTimeout(this.#nextStart);
    // A process being started is waited for (the calls made before, which wait for it, are
    // answered), then closed like any other.
    await this.#restarting?.catch(() => {});
    const closed = this.#failure ? undefined : this.#sendNow({ op: 'close' }, undefined, true);
    try {
      await closed;
    } finally {
      // Waited for: the server must not end before it (an unref'd child does not hold it).
      this.#setHeld(true);
      // The child ends by itself once its channel closes (pglite-process.child.ts).
      if (this.#child.connected) this.#child.disconnect();
      else this.#kill();
      await this.#ended;
    }
  }

  #kill() {
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      this.#child.kill('SIGKILL');
    }
  }

  /** A call: once a process being started is ready (or has failed to start). */
  #send<T>(
    request: DistributiveOmit<ProcessRequest, 'id'>,
    beforeSend?: (id: number) => void,
  ): Promise<T> {
    if (this.#restarting && !this.#closing) {
      // Made before any close: answered before it, as close promises.
      const send = () => this.#sendNow<T>(request, beforeSend, true);
      return this.#restarting.then(send, send);
    }
    return this.#sendNow(request, beforeSend);
  }

  /** Sends at once; once closing, only what was asked before (or the close itself). */
  #sendNow<T>(
    request: DistributiveOmit<ProcessRequest, 'id'>,
    beforeSend?: (id: number) => void,
    evenIfClosing = false,
  ): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closing && !evenIfClosing) {
      return Promise.reject(new Error('the database is closed'));
    }
    const id = this.#nextId++;
    const answer = this.#call<T>(id);
    beforeSend?.(id);
    const failed = (error: Error) => {
      const pending = this.#pending.get(id);
      if (!pending) return;
      this.#pending.delete(id);
      if (this.#pending.size === 0 && !this.#closing) this.#setHeld(false);
      pending.reject(error);
    };
    try {
      this.#child.send({ ...request, id }, (error) => {
        if (error) failed(error);
      });
    } catch (error) {
      // A value that cannot be cloned (a function, a promise) is refused before it is sent.
      failed(error as Error);
    }
    return answer;
  }

  #call<T>(id: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The process keeps the server alive only while a call waits for it.
      if (this.#pending.size === 0) this.#setHeld(true);
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /**
   * Whether the process, its channel and its output pipes keep the server's event loop alive:
   * while a call waits, and while closing (until it has ended).
   */
  #setHeld(held: boolean, child: ChildProcess = this.#child) {
    const pipes = [child.stdout, child.stderr] as (Socket | null)[];
    if (held) {
      child.ref();
      child.channel?.ref();
      for (const pipe of pipes) pipe?.ref();
    } else {
      child.unref();
      child.channel?.unref();
      for (const pipe of pipes) pipe?.unref();
    }
  }

  #receive(reply: ProcessReply) {
    if ('listener' in reply) {
      this.#subscriptions.get(reply.listener)?.onPayload(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0 && !this.#closing) this.#setHeld(false);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFrom(reply.error));
  }

  /** The process is gone: every waiting call fails, and every later one (until a restart). */
  #fail(error: Error) {
    this.#failure = error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

function rawTypes(parsers: Record<number, unknown>): number[] {
  let types = rawTypesOf.get(parsers);
  if (!types) {
    types = Object.keys(parsers).map(Number);
    rawTypesOf.set(parsers, types);
  }
  return types;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
