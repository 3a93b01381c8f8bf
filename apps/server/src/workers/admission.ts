// A first-come, first-served limit on work done at once (issue 22). Two uses:
// - First visits of signed-in pages (plugins/web-server-render.ts): a first visit asks the API for
//   its page's data (a few queries each) and renders it in the page renderer's worker. Forty of
//   them at once put all their queries in the database's queue together (PGlite's one connection,
//   or PostgreSQL's pool of ten), and every other request (a health check, a student's upload)
//   waited behind all of them: 8x its latency alone. Admitted a few at a time, the rest wait here,
//   in memory, and any other request waits for at most the few admitted visits' queries.
// - Section builds (db/versioned-cache.ts): a section missing from its cache is one dear statement
//   (20-50 ms for a team's notes); ten teams' at once on PostgreSQL kept both cores of a small
//   server busy in its backends, and the event loop waited for a core.

/** A first-come, first-served limit on how many tasks run at once. */
export class Admission {
  readonly #limit: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be 1 or more');
    this.#limit = limit;
  }

  /** Tasks running now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for their turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` once fewer than `limit` tasks run, in the order the tasks came. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      // The turn passes straight to the next task waiting (the count stays), or is given back.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
