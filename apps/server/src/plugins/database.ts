import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { withActionCommits } from '../db/action-context.ts';
import { PGliteProcess, type ProcessEvents } from '../db/pglite-process.ts';
import { takingTurns } from '../db/turn-taking.ts';
import * as schema from '../db/schema.ts';

/** The Drizzle database, the same type whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** LISTEN on a channel (a dedicated connection on PostgreSQL; PGlite's own listener). */
    dbListen: Listen;
    dbDriver: DbDriver;
    /** One round trip on the raw driver (simple protocol: a third of Drizzle's cost on PGlite). */
    pingDatabase: () => Promise<void>;
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
// Any constant will do: it keeps two app instances from migrating one server at the same time.
const MIGRATION_LOCK_ID = 7_240_311;

/**
 * PGlite's default start parameters plus a smaller buffer pool. The pool (`shared_buffers`, 128 MB
 * as initdb writes it into postgresql.conf) lives in PGlite's WebAssembly memory, is resident from
 * start-up on, before a single row is read, and WebAssembly memory never shrinks: 151 MB of an idle
 * server's 504 MB were PGlite's memory, 29 MB with a 16 MB pool. A fresh database is 8 MB,
 * catalogs included, and a page missing from the pool is read from the OS page cache (from
 * PGlite's in-memory files for memory://), so 16 MB cost no measurable speed (docs/performance.md,
 * "Idle memory"). `-c` on the command line overrides postgresql.conf without rewriting it; PGlite's
 * `postgresqlconf` option would replace the whole file that initdb wrote (time zone, locale...).
 * `wal_buffers` follows the pool at 1/32 (512 kB).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

/**
 * Listens to a PostgreSQL channel (LISTEN/NOTIFY): `onPayload` for each notification, and
 * `onReconnect` after the connection was lost and listens again (what was sent meanwhile is lost:
 * a listener catches up from the database then). Resolves to the function that stops listening.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

type OpenDatabase = {
  db: Db;
  driver: DbDriver;
  ping: () => Promise<void>;
  listen: Listen;
  close: () => Promise<void>;
};

/**
 * What opening the database is busy with: connecting to a PostgreSQL server, creating a new
 * PGlite database (initdb: the slow one, up to a minute on a loaded machine), starting an existing
 * one, applying the migrations.
 */
export type OpenStage = 'connect' | 'initdb' | 'start' | 'migrations';

export type OpenOptions = {
  /** An idle PostgreSQL connection failed (the pool replaces it). */
  onIdleError?: (error: Error) => void;
  /** Told as each stage begins, and waited for: a test can stand for a slow disk there. */
  onStage?: (stage: OpenStage) => void | Promise<void>;
  /** Tests: a copy of a migrated embedded database to start from (dumpNewEmbeddedDatabase). */
  template?: Blob;
  /** The embedded database's process died, started again, or could not (pglite-process.ts). */
  processEvents?: ProcessEvents;
};

/** Opens the configured database and applies the migrations that it lacks. */
export async function openDatabase(
  config: DatabaseConfig,
  options: OpenOptions = {},
): Promise<OpenDatabase> {
  const { onIdleError = () => {}, onStage = () => {}, template, processEvents } = options;
  if (config.kind === 'postgres') {
    await onStage('connect');
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection can be cut by the server (restart, failover, an administrator); without a
    // listener that 'error' event would crash the process. The pool replaces the connection.
    pool.on('error', (error) => onIdleError(error));
    try {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await onStage('migrations');
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: drizzleNodePg({ client: pool, schema }),
      driver: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, onPayload, onReconnect) =>
        listenOnPostgres(config.url, channel, onPayload, onReconnect, onIdleError),
      close: () => pool.end(),
    };
  }

  // PGlite runs in a process of its own (decision 0033, the default since 0037: its statements run
  // synchronously, and on the event loop a long one holds every request), or on the event loop
  // with PGLITE_PROCESS=false (the API tests).
  const startParams = pgliteStartParams;
  // On the event loop, each statement waits for a turn of the loop (db/turn-taking.ts).
  const open = async (dataDir: string | undefined) =>
    config.inChildProcess
      ? PGliteProcess.create({ dataDir, startParams }, processEvents)
      : takingTurns(await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams }));
  let client: PGlite | PGliteProcess;
  if (config.kind === 'pglite') {
    // PGlite does not create missing parent folders.
    mkdirSync(config.dataDir, { recursive: true });
    // initdb writes PG_VERSION first thing: without it, PGlite creates the database.
    const isNew = !existsSync(path.join(config.dataDir, 'PG_VERSION'));
    await onStage(isNew ? 'initdb' : 'start');
    client = await open(config.dataDir);
  } else if (template && !config.inChildProcess) {
    // Tests: a copy of a database made and migrated once (dumpNewEmbeddedDatabase), not initdb.
    await onStage('start');
    client = takingTurns(await PGlite.create({ loadDataDir: template, startParams }));
  } else {
    await onStage('initdb');
    client = await open(undefined);
  }
  // Drizzle's PGlite driver uses only what PGliteProcess offers (query, transaction).
  const db = drizzlePglite({ client: client as PGlite, schema });
  try {
    await onStage('migrations');
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.exec('select 1');
    },
    listen: async (channel, onPayload, onReconnect) => {
      // A process that died and was started again listens again, and the listener catches up.
      const stop =
        client instanceof PGliteProcess
          ? await client.listen(channel, onPayload, onReconnect)
          : await client.listen(channel, onPayload);
      return () => stop();
    },
    close: () => client.close(),
  };
}

/**
 * A new embedded database with every migration applied, as a tarball of its data folder: the test
 * apps start from a copy of it (`buildApp`'s `embeddedDatabaseTemplate`) instead of running
 * initdb and the migrations each (a test app started in 1.4 s that way, 0.35 s from the copy).
 */
export async function dumpNewEmbeddedDatabase(): Promise<Blob> {
  const client = await PGlite.create({ startParams: pgliteStartParams });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), reconnecting
 * with a growing pause when the server drops it.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let isStopped = false;
  let pause = 250;
  const quoted = `"${channel.replaceAll('"', '""')}"`;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      void next.end().catch(() => {});
      if (!isStopped) setTimeout(() => void retry(), pause).unref();
    });
    await next.connect();
    await next.query(`listen ${quoted}`);
    client = next;
    pause = 250;
    if (isReconnect) onReconnect?.();
  };
  const retry = async () => {
    if (isStopped) return;
    try {
      await connect(true);
    } catch (error) {
      onError(error as Error);
      pause = Math.min(RECONNECT_MAX_MS, pause * 2);
      setTimeout(() => void retry(), pause).unref();
    }
  };
  await connect(false);
  return async () => {
    isStopped = true;
    await client?.end().catch(() => {});
  };
}

/** How often a start-up still opening the database says so. */
export const OPEN_PROGRESS_EVERY_MS = 5000;

const stageLogs: Record<OpenStage, string> = {
  connect: 'connecting to the database server',
  initdb: 'creating a new database (initdb); on a slow machine this can take a minute',
  start: 'starting the database',
  migrations: 'applying the migrations the database lacks',
};

/** Where the database is, for the log: never a password. */
function locationOf(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return config.dataDir;
  if (config.kind === 'pglite-memory') return 'memory://';
  try {
    const url = new URL(config.url);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return 'postgres';
  }
}

export type DatabasePluginOptions = {
  database: DatabaseConfig;
  /**
   * Tests only: awaited as each stage of opening begins, to stand for a slow disk or a busy
   * machine (buildApp's `delayDatabaseOpen`). Production never sets it.
   */
  delayOpen?: (stage: OpenStage) => Promise<void>;
  /**
   * Tests only: what an in-memory embedded database (memory://) starts from instead of initdb
   * (dumpNewEmbeddedDatabase). Production never sets it.
   */
  template?: Blob;
};

/**
 * Decorates the app with `db` and closes the database when the app closes. Opening has no
 * deadline (buildApp's `pluginTimeout: 0`): initdb on a loaded machine takes what it takes, and
 * the log says what it is doing meanwhile.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: DatabasePluginOptions) => {
    const startedAt = Date.now();
    let stage: OpenStage | undefined;
    app.log.info({ database: locationOf(options.database) }, 'opening the database');
    const progress = setInterval(() => {
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      app.log.info({ stage, seconds }, `still opening the database after ${seconds} s`);
    }, OPEN_PROGRESS_EVERY_MS);
    progress.unref();
    let opened: OpenDatabase;
    try {
      opened = await openDatabase(options.database, {
        onIdleError: (error) => app.log.warn({ err: error }, 'an idle database connection failed'),
        onStage: async (next) => {
          stage = next;
          app.log.info(stageLogs[next]);
          await options.delayOpen?.(next);
        },
        template: options.template,
        processEvents: {
          onStopped: (error) =>
            app.log.error({ err: error }, 'the database process stopped; starting it again'),
          onRestarted: (ms) => app.log.warn({ ms }, 'the database process started again'),
          onRestartFailed: (error, retryInMs) =>
            app.log.error(
              { err: error, retryInMs },
              'the database process could not start again; trying again',
            ),
        },
      });
    } finally {
      clearInterval(progress);
    }
    app.log.info({ ms: Date.now() - startedAt }, 'database opened');
    app.decorate('db', withActionCommits(opened.db));
    app.decorate('dbDriver', opened.driver);
    app.decorate('pingDatabase', opened.ping);
    app.decorate('dbListen', opened.listen);
    app.addHook('onClose', async () => {
      await opened.close();
    });
  },
  { name: 'database', fastify: '5.x' },
);
