// The embedded database in a worker thread (decision 0032). PGlite runs each statement
// synchronously in WebAssembly: on the event loop, the 20-50 ms statement that builds a team's
// notes section held every other request that long, and forty students arriving at once queued
// behind each other's (issue 22). `PGliteThread` is the part of PGlite's interface Drizzle's
// PGlite driver and the app use (query, exec, transaction, listen, close), answered by
// pglite-thread.worker.ts, so statements run beside the event loop and never on it.
import { Worker } from 'node:worker_threads';

/** The worker's start-up data. */
export type ThreadStart = {
  dataDir: string | undefined;
  /** PGlite's start parameters (its defaults when left out). */
  startParams?: string[];
};

type RowMode = 'array' | 'object';

/** What the client posts to the worker: one call on PGlite each. */
export type ThreadRequest =
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

/** What the worker answers (id 0: started; id -1: a notification for a listener). */
export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { name: string; message: string; fields: Record<string, string | number | boolean> };
    }
  | { id: -1; listener: number; payload: string };

/** A statement's result, as PGlite gives it. */
export type ThreadResults<Row = Record<string, unknown>> = {
  rows: Row[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
};

type QueryOptions = { rowMode?: RowMode; parsers?: Record<number, unknown> };

/** A transaction's statements, as PGlite's `Transaction` offers them to Drizzle. */
export type ThreadTransaction = {
  query<Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<Row>>;
  exec(sql: string): Promise<ThreadResults[]>;
};

const WORKER_URL = new URL('./pglite-thread.worker.ts', import.meta.url);

/** An error from the database, with the server's fields (code, constraint...) as PGlite has them. */
function errorFrom(error: Extract<ThreadReply, { ok: false }>['error']): Error {
  const made = new Error(error.message);
  Object.assign(made, error.fields);
  made.name = error.name;
  return made;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #failure: Error | undefined;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', (reply: ThreadReply) => this.#receive(reply));
    worker.on('error', (error: Error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (!this.#closed) this.#fail(new Error(`the database thread stopped (exit code ${code})`));
    });
  }

  /** Starts PGlite in a new worker thread: on `dataDir`, or in memory without one. */
  static async create(start: ThreadStart): Promise<PGliteThread> {
    const worker = new Worker(WORKER_URL, { name: 'pglite', workerData: start });
    const thread = new PGliteThread(worker);
    try {
      await thread.#call<null>(0);
    } catch (error) {
      thread.#closed = true;
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  query<Row>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<ThreadResults<Row>> {
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#send({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes,
      ...(tx === undefined ? {} : { tx }),
    });
  }

  exec(sql: string, tx?: number): Promise<ThreadResults[]> {
    return this.#send({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });
  }

  /**
   * Runs `run` in a transaction: committed when it resolves, rolled back when it throws (its
   * error then comes out). Other statements wait meanwhile, as in PGlite itself.
   */
  async transaction<T>(run: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = await this.#send<number>({ op: 'begin' });
    const tx: ThreadTransaction = {
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
    const listener = await this.#send<number>({ op: 'listen', channel });
    this.#listeners.set(listener, onPayload);
    return async () => {
      this.#listeners.delete(listener);
      if (!this.#closed && !this.#failure) await this.#send({ op: 'unlisten', listener });
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      if (!this.#failure) await this.#send({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #send<T>(request: DistributiveOmit<ThreadRequest, 'id'>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    const answer = this.#call<T>(id);
    this.#worker.postMessage({ ...request, id });
    return answer;
  }

  #call<T>(id: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The thread keeps the process alive only while a call waits for it.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  #receive(reply: ThreadReply) {
    if ('listener' in reply) {
      this.#listeners.get(reply.listener)?.(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFrom(reply.error));
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#worker.unref();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
