import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../plugins/database.ts';

/**
 * What the request being handled adds to each transaction it commits (issue 23): the database
 * plugin calls `beforeCommit(tx)` as the last statement of every `db.transaction` run inside
 * `actionContext.run(...)`, so a marker it writes commits if and only if the action's own rows do.
 * The idempotency plugin marks the request's key as committed this way (decision 0015): a retry
 * after the instance died then knows whether the first request's work is in the database.
 */
export type ActionContext = { beforeCommit: (tx: Db) => Promise<void> };

export const actionContext = new AsyncLocalStorage<ActionContext>();

/**
 * `db` with its `transaction` running the current action's `beforeCommit` (if any) just before
 * the transaction's callback returns. Nested transactions (savepoints, `tx.transaction`) are not
 * touched: the outer one commits them.
 */
export function withActionCommits(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const wrapped: Db['transaction'] = (run, config) =>
    transaction(async (tx) => {
      const result = await run(tx);
      const context = actionContext.getStore();
      if (context) await context.beforeCommit(tx);
      return result;
    }, config);
  db.transaction = wrapped;
  return db;
}

/**
 * Runs `run` outside the current action: its transactions are not the action's work and do not
 * mark it (a quota claim made before an upload's bytes stream, decision 0018). Without this, a
 * claim's commit would mark an upload as done whose files never committed.
 */
export function outsideAction<T>(run: () => T): T {
  return actionContext.exit(run);
}
