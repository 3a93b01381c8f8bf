// The worker thread that holds the embedded database (pglite-thread.ts, decision 0032): PGlite
// runs each statement synchronously in WebAssembly, so on the event loop one 30 ms statement held
// every other request for 30 ms. Here it runs beside the event loop. Each message is one call on
// PGlite (a query, an exec, a transaction's begin or end, a listen) and gets one answer; a
// transaction's statements name it, and PGlite keeps every other statement waiting until it ends,
// as it does in one thread.
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread.ts';

if (!parentPort) throw new Error('pglite-thread.worker.ts runs only as a worker thread');
const port = parentPort;
const { dataDir, startParams } = workerData as ThreadStart;

type OpenTransaction = { tx: Transaction; endId: number; end: (commit: boolean) => void };
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();
/** Thrown inside PGlite's transaction callback to make it roll back. */
const ROLLBACK = new Error('rolled back by the caller');

function errorOf(error: unknown): Extract<ThreadReply, { ok: false }>['error'] {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  // PGlite's DatabaseError carries the server's fields (code, constraint, detail...) as own
  // properties; the app reads `code` and `constraint` (db/errors.ts).
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

function reply(message: ThreadReply) {
  port.postMessage(message);
}

/** Identity parsers for the types the caller keeps as text (Drizzle's dates, intervals...). */
function parsersFor(rawTypes: readonly number[] | undefined) {
  if (!rawTypes) return undefined;
  const keep = (value: string) => value;
  return Object.fromEntries(rawTypes.map((oid) => [oid, keep]));
}

function targetOf(db: PGlite, txId: number | undefined): PGlite | Transaction {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

let db: PGlite;
try {
  db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(startParams ? { startParams } : {}),
  });
} catch (error) {
  reply({ id: 0, ok: false, error: errorOf(error) });
  throw error;
}
reply({ id: 0, ok: true, value: null });

async function handle(request: ThreadRequest): Promise<void> {
  const { id } = request;
  try {
    switch (request.op) {
      case 'query': {
        const options = { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) };
        const result: Results = await targetOf(db, request.tx).query(
          request.sql,
          request.params,
          options,
        );
        reply({
          id,
          ok: true,
          value: { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields },
        });
        return;
      }
      case 'exec': {
        const results = await targetOf(db, request.tx).exec(request.sql);
        reply({
          id,
          ok: true,
          value: results.map((result) => ({
            rows: result.rows,
            affectedRows: result.affectedRows,
            fields: result.fields,
          })),
        });
        return;
      }
      case 'begin': {
        // Answered once PGlite has begun it; its end is answered once PGlite has committed or
        // rolled it back (to the id of the `end` message).
        let open: OpenTransaction | undefined;
        db.transaction(async (tx) => {
          const commit = await new Promise<boolean>((resolve) => {
            open = { tx, endId: 0, end: resolve };
            transactions.set(id, open);
            reply({ id, ok: true, value: id });
          });
          if (!commit) throw ROLLBACK;
        }).then(
          () => {
            transactions.delete(id);
            reply({ id: open!.endId, ok: true, value: null });
          },
          (error: unknown) => {
            transactions.delete(id);
            if (!open) reply({ id, ok: false, error: errorOf(error) });
            else if (error === ROLLBACK) reply({ id: open.endId, ok: true, value: null });
            else reply({ id: open.endId, ok: false, error: errorOf(error) });
          },
        );
        return;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error(`transaction ${request.tx} is not open`);
        open.endId = id;
        open.end(request.commit);
        return;
      }
      case 'listen': {
        const unlisten = await db.listen(request.channel, (payload) => {
          port.postMessage({ id: -1, listener: id, payload } satisfies ThreadReply);
        });
        listeners.set(id, unlisten);
        reply({ id, ok: true, value: id });
        return;
      }
      case 'unlisten': {
        const unlisten = listeners.get(request.listener);
        listeners.delete(request.listener);
        await unlisten?.();
        reply({ id, ok: true, value: null });
        return;
      }
      case 'close': {
        await db.close();
        reply({ id, ok: true, value: null });
        port.close();
        return;
      }
    }
  } catch (error) {
    reply({ id, ok: false, error: errorOf(error) });
  }
}

port.on('message', (request: ThreadRequest) => {
  void handle(request);
});
