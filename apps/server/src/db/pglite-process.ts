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

export class PGliteProcess {
  readonly #child: ChildProcess;
  /** Resolves once the process has ended and everything it sent has been read. */
  readonly #ended: Promise<void>;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  /** Why calls fail from now on: the process is gone, or the database closed. */
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(child: ChildProcess) {
    this.#child = child;
    this.#setHeld(false);
    child.on('message', (reply: ProcessReply) => this.#receive(reply));
    // A failed start ('error' without a process) or a failed kill: the end shows it.
    child.on('error', () => {});
    // The end counts once the process has exited and every message it wrote has been read (its
    // channel then reports 'disconnect'), so an answer written just before it ended (its
    // start-up error) is not lost. A channel this side closed (close) has nothing more to read.
    this.#ended = new Promise((resolve) => {
      const end = (code: number | null, signal: NodeJS.Signals | null) => {
        const why = signal ? `signal ${signal}` : `exit code ${code}`;
        this.#fail(
          this.#closing
            ? new Error('the database is closed')
            : new Error(`the database process stopped (${why})`),
        );
        resolve();
      };
      child.once('exit', (code, signal) => {
        if (child.connected) child.once('disconnect', () => end(code, signal));
        else end(code, signal);
      });
      // A process that could not be started at all has no exit to wait for.
      child.once('error', (error) => {
        if (child.pid === undefined) {
          this.#fail(error);
          resolve();
        }
      });
    });
  }

  /** Starts PGlite in a new process: on `dataDir`, or in memory without one. */
  static async create(start: ProcessStart): Promise<PGliteProcess> {
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
    const opened = new PGliteProcess(child);
    try {
      await opened.#call<null>(0);
    } catch (error) {
      opened.#closing = Promise.resolve();
      // Waited for, and held meanwhile: nothing else may keep a starting server alive.
      opened.#setHeld(true);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await opened.#ended;
      throw error;
    }
    return opened;
  }

  /** The child's process id (benches add its CPU and memory to the server's). */
  get pid(): number | undefined {
    return this.#child.pid;
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
   * error then comes out). Other statements wait meanwhile, as in PGlite itself.
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

  /** LISTEN on `channel`; resolves to the function that stops listening. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    // Kept before the request goes: a notification can arrive right behind its answer.
    let listener = 0;
    await this.#send<number>({ op: 'listen', channel }, (id) => {
      listener = id;
      this.#listeners.set(id, onPayload);
    }).catch((error: unknown) => {
      this.#listeners.delete(listener);
      throw error;
    });
    return async () => {
      this.#listeners.delete(listener);
      if (!this.#closing && !this.#failure) await this.#send({ op: 'unlisten', listener });
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
    const closed = this.#failure ? undefined : this.#send({ op: 'close' }, undefined, true);
    try {
      await closed;
    } finally {
      // Waited for: the server must not end before it (an unref'd child does not hold it).
      this.#setHeld(true);
      // The child ends by itself once its channel closes (pglite-process.child.ts).
      if (this.#child.connected) this.#child.disconnect();
      else if (this.#child.exitCode === null && this.#child.signalCode === null) {
        this.#child.kill('SIGKILL');
      }
      await this.#ended;
    }
  }

  #send<T>(
    request: DistributiveOmit<ProcessRequest, 'id'>,
    beforeSend?: (id: number) => void,
    isClose = false,
  ): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closing && !isClose) return Promise.reject(new Error('the database is closed'));
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
  #setHeld(held: boolean) {
    const pipes = [this.#child.stdout, this.#child.stderr] as (Socket | null)[];
    if (held) {
      this.#child.ref();
      this.#child.channel?.ref();
      for (const pipe of pipes) pipe?.ref();
    } else {
      this.#child.unref();
      this.#child.channel?.unref();
      for (const pipe of pipes) pipe?.unref();
    }
  }

  #receive(reply: ProcessReply) {
    if ('listener' in reply) {
      this.#listeners.get(reply.listener)?.(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0 && !this.#closing) this.#setHeld(false);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFrom(reply.error));
  }

  /** The process is gone: every waiting call fails, and every later one. */
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
