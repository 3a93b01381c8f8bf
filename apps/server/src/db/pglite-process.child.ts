// The process that holds the embedded database (pglite-process.ts, decision 0033): PGlite runs
// each statement synchronously in WebAssembly, so on the event loop one 30 ms statement held every
// other request for 30 ms. Here it runs beside the server, in a V8 of its own. Each message is one
// call on PGlite (a query, an exec, a transaction's begin or end, a listen) and gets one answer; a
// transaction's statements name it, and PGlite keeps every other statement waiting until it ends,
// as it does in one thread.
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { inspect } from 'node:util';
import type { ProcessReply, ProcessRequest, ProcessStart } from './pglite-process.ts';

if (!process.send) {
  throw new Error('pglite-process.child.ts runs only as a child with an IPC channel');
}
const sendToServer = process.send.bind(process) as (
  message: ProcessReply,
  callback: (error: Error | null) => void,
) => boolean;
const { dataDir, startParams } = JSON.parse(process.argv[2] ?? '{}') as ProcessStart;

// The server decides when the database closes: Ctrl+C in a terminal signals the whole process
// group, and the server still has requests to finish and a database to close.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// The channel closes when the server has closed the database, or when the server is gone
// (killed, crashed), also while the database still opens: the database is closed (PGlite writes
// what it holds) and the process ends.
process.on('disconnect', () => {
  void opening
    .then(() => closeOnce())
    .catch(() => {})
    .finally(() => process.exit(0));
});
// A dead server is not a reason to die with a stack trace (a write to its channel can still fail).
process.on('error', () => {});

type OpenTransaction = { tx: Transaction; endId: number; end: (commit: boolean) => void };
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();
/** Thrown inside PGlite's transaction callback to make it roll back. */
const ROLLBACK = new Error('rolled back by the caller');

function errorOf(error: unknown): Extract<ProcessReply, { ok: false }>['error'] {
  // PGlite's file system throws plain objects (Emscripten's ErrnoError: { errno, code }), which
  // String() would give as "[object Object]".
  if (!(error instanceof Error)) {
    const message = typeof error === 'object' && error !== null ? inspect(error) : String(error);
    return { name: 'Error', message, fields: {} };
  }
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

function reply(message: ProcessReply): Promise<void> {
  // The server may be gone (killed while this process was busy: the channel still looks open
  // until the event loop reads its end): then nobody waits for the answer, and a failed write
  // (EPIPE) must not end this process before it has closed the database.
  return new Promise((resolve) => {
    if (!process.connected) resolve();
    else sendToServer(message, () => resolve());
  });
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

/**
 * The file that says which process has the database on disk open: a server killed with kill -9
 * and started again at once must not open it while the old database process still closes it
 * (it ends when its channel closes, a moment later). Next to the data folder, not in it: initdb
 * wants that folder to itself. Taken by creating it (`wx`: only one process can), so two waiting
 * processes cannot both take it.
 */
const lockFile = dataDir ? `${dataDir}.pid` : undefined;

/** Whether `pid` is a live database process (not this one, not a zombie, not a reused id). */
function holdsDatabase(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X') return false;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pglite-process.child');
  } catch {
    if (existsSync('/proc/self/stat')) return false; // Linux: no such process
  }
  // Elsewhere: whether a process with that id exists at all.
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Waits (for as long as it takes) until no other live database process holds the lock, then
 * takes it. Resolves false if the server went away meanwhile: nobody wants the database then.
 */
async function takeLock(file: string): Promise<boolean> {
  let saidFor: string | undefined;
  for (;;) {
    if (!process.connected) return false;
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: string;
    try {
      holder = readFileSync(file, 'utf8').trim();
    } catch {
      continue; // removed meanwhile: try to take it
    }
    if (!holdsDatabase(Number(holder))) {
      // Left by a process that is gone (or empty, cut short): remove it, unless it changed
      // meanwhile (another process took it).
      try {
        if (readFileSync(file, 'utf8').trim() === holder) rmSync(file);
      } catch {
        // Removed by another waiter.
      }
      continue;
    }
    if (saidFor !== holder) {
      process.stderr.write(`waiting for the previous database process (${holder}) to close\n`);
      saidFor = holder;
    }
    await delay(50);
  }
}

function releaseLock() {
  if (!lockFile) return;
  try {
    if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile);
  } catch {
    // Already gone.
  }
}

async function open(): Promise<PGlite> {
  if (lockFile && !(await takeLock(lockFile))) process.exit(0);
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(startParams ? { startParams } : {}),
  });
}

const opening = open();
let db: PGlite;
try {
  db = await opening;
} catch (error) {
  releaseLock();
  // The answer is written before the process ends, so the server reports PGlite's own error.
  await reply({ id: 0, ok: false, error: errorOf(error) });
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : inspect(error)}\n`,
  );
  process.exit(1);
}
void reply({ id: 0, ok: true, value: null });

async function handle(request: ProcessRequest): Promise<void> {
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
        void reply({
          id,
          ok: true,
          value: { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields },
        });
        return;
      }
      case 'exec': {
        const results = await targetOf(db, request.tx).exec(request.sql);
        void reply({
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
            void reply({ id, ok: true, value: id });
          });
          if (!commit) throw ROLLBACK;
        }).then(
          () => {
            transactions.delete(id);
            void reply({ id: open!.endId, ok: true, value: null });
          },
          (error: unknown) => {
            transactions.delete(id);
            if (!open) void reply({ id, ok: false, error: errorOf(error) });
            else if (error === ROLLBACK) void reply({ id: open.endId, ok: true, value: null });
            else void reply({ id: open.endId, ok: false, error: errorOf(error) });
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
          void reply({ id: -1, listener: id, payload });
        });
        listeners.set(id, unlisten);
        void reply({ id, ok: true, value: id });
        return;
      }
      case 'unlisten': {
        const unlisten = listeners.get(request.listener);
        listeners.delete(request.listener);
        await unlisten?.();
        void reply({ id, ok: true, value: null });
        return;
      }
      case 'close': {
        await closeOnce();
        void reply({ id, ok: true, value: null });
        return;
      }
    }
  } catch (error) {
    void reply({ id, ok: false, error: errorOf(error) });
  }
}

let closing: Promise<void> | undefined;
/** Closes the database once, whoever asks first (the server, or its channel going away). */
function closeOnce(): Promise<void> {
  // An open transaction holds PGlite's close until it ends, and its end will not come now (the
  // server asked to close, or is gone): roll it back.
  for (const open of transactions.values()) open.end(false);
  closing ??= db.close().finally(releaseLock);
  return closing;
}

process.on('message', (request: ProcessRequest) => {
  void handle(request);
});
