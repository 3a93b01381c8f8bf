// PGlite in the server's own process (the default, decision 0033) runs each statement
// synchronously on the event loop, and it hands its lock from one statement to the next in
// promise callbacks: statements queued behind one another, and the next statements of the
// requests they answer, run back to back without a single turn of the loop. Forty visitors'
// reads held every other request until all of their reads were done; a health check arriving
// meanwhile was not even read (issue 22, the burst of 40 first visits). Here each statement and
// each transaction waits for a turn of the loop before it starts, so that whatever I/O is ready
// (another request's arrival, its first statement) goes in between, as it would with a database
// server; a transaction's own statements run as before, inside it.
import type { PGlite } from '@electric-sql/pglite';

// Node's own, taken at load: a test that fakes timers must not stop every statement.
const { setImmediate: atNextTurn } = globalThis;

/** Resolves after the event loop's next turn: whatever I/O is ready is handled first. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => atNextTurn(resolve));
}

// Closing too: statements that were waiting for their turn when it was called go first.
const TAKING_TURNS = ['query', 'exec', 'transaction', 'close'] as const;

/** The clients made by `takingTurns`. */
const takingTurnsClients = new WeakSet<object>();

/** Whether `client` is one made by `takingTurns` (the app's database, tested). */
export function isTakingTurns(client: unknown): boolean {
  return typeof client === 'object' && client !== null && takingTurnsClients.has(client);
}

/**
 * `client` whose statements (`query`, `exec`) and transactions each start on a turn of the event
 * loop of their own. Everything else is PGlite's own (it is still a PGlite for `instanceof`).
 */
export function takingTurns(client: PGlite): PGlite {
  const taking = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite keeps its state in private fields: its methods must run on PGlite itself.
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (!(TAKING_TURNS as readonly PropertyKey[]).includes(property)) return method;
      return async (...args: unknown[]) => {
        await nextTurn();
        return method(...args);
      };
    },
  });
  takingTurnsClients.add(taking);
  return taking;
}
