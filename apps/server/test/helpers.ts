import { randomBytes } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  LANGUAGES,
  PRERENDERED_CONTACT_EMAIL,
  PRERENDERED_PAGES,
  prerenderedFile,
  SERVER_RENDERED_PAGES,
  SERVER_RENDER_SLOTS,
  serverRenderedFile,
  WEB_RENDERER_FILE,
} from '@teamshuffle/domain';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { dumpNewEmbeddedDatabase } from '../src/plugins/database.ts';

/** A temporary folder removed by the returned function. */
export function makeTempDir(prefix = 'teamshuffle-test-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A tiny stand-in for the built web app, so API tests need no Vite build. */
export function writeWebFixture(dir: string): string {
  const root = path.join(dir, 'web');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Teamshuffle</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(root, 'assets', 'app-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4096))});`,
  );
  // A build writes compressed copies beside its files; each copy ends with a comment naming
  // itself, so a test can tell the stored copy from one compressed on the fly.
  const built = `console.log(${JSON.stringify('precompressed'.repeat(400))});`;
  writeFileSync(path.join(root, 'assets', 'built-def456.js'), built);
  writeFileSync(
    path.join(root, 'assets', 'built-def456.js.br'),
    brotliCompressSync(`${built}//br-copy`),
  );
  writeFileSync(path.join(root, 'assets', 'built-def456.js.gz'), gzipSync(`${built}//gz-copy`));
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
  // The pages the build prerenders, one file per language.
  for (const page of PRERENDERED_PAGES) {
    for (const language of LANGUAGES) {
      writeFileSync(
        path.join(root, prerenderedFile(page, language)),
        `<!doctype html><html lang="${language}"><head></head><body><div id="root" data-prerendered="${page.path}">` +
          // /contact shows the contact e-mail, which the server writes in.
          `<a href="mailto:${PRERENDERED_CONTACT_EMAIL}">${PRERENDERED_CONTACT_EMAIL}</a></div></body></html>`,
      );
    }
  }
  return root;
}

// What global-setup.ts provides to the test files.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball of a new, migrated embedded database (PGlite runs only). */
    embeddedDatabaseTemplate: string | null;
    /** The migrated template database on TEST_DATABASE_URL's server (PostgreSQL runs only). */
    postgresTemplateDatabase: string | null;
  }
}

let embeddedTemplate: Promise<Blob> | undefined;

/**
 * What an in-memory test database starts from: the run's migrated copy (global-setup.ts), read
 * once per test file; made here when the run has none (a file run outside the server project).
 */
function embeddedDatabaseTemplate(): Promise<Blob> {
  embeddedTemplate ??= (async () => {
    const file = inject('embeddedDatabaseTemplate');
    return file ? new Blob([await readFile(file)]) : dumpNewEmbeddedDatabase();
  })();
  return embeddedTemplate;
}

/**
 * A fresh database for one test app: in-memory PGlite, or (when TEST_DATABASE_URL is set) a
 * new database on that PostgreSQL server, dropped afterwards. Both start migrated, from the run's
 * template (global-setup.ts).
 */
async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: 'memory://', drop: async () => {} };
  const name = `teamshuffle_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplateDatabase');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The web fixture plus a renderer for the signed-in pages (decision 0011): `renderer` is the
 * module's source (`fetchPageData` and `renderPage`), and each server-rendered page gets a
 * template with the slots the server fills.
 */
export function writeServerRenderFixture(dir: string, renderer: string): string {
  const root = writeWebFixture(dir);
  mkdirSync(path.dirname(path.join(root, WEB_RENDERER_FILE)), { recursive: true });
  writeFileSync(path.join(root, WEB_RENDERER_FILE), renderer);
  for (const page of SERVER_RENDERED_PAGES) {
    for (const language of LANGUAGES) {
      writeFileSync(
        path.join(root, serverRenderedFile(page, language)),
        `<!doctype html><html lang="${language}"><head><title>${SERVER_RENDER_SLOTS.title}</title></head>` +
          `<body><div id="root" data-prerendered="${SERVER_RENDER_SLOTS.path}" data-signed-in>` +
          `${SERVER_RENDER_SLOTS.markup}</div>${SERVER_RENDER_SLOTS.queries}</body></html>`,
      );
    }
  }
  return root;
}

export type TestApp = {
  app: FastifyInstance;
  config: AppConfig;
  close: () => Promise<void>;
  /**
   * Another instance of the app on the same PostgreSQL database (as behind a load balancer),
   * closed by its own `close`. Only with TEST_DATABASE_URL: PGlite is one process's database.
   */
  anotherInstance: () => Promise<TestApp>;
};

/** What a test may hand the app besides its environment. */
export type TestAppOptions = {
  /** Receives the app's log lines (set LOG_LEVEL in `env` too: tests default to silent). */
  logStream?: { write(line: string): void };
};

async function buildTestInstance(
  env: Record<string, string>,
  databaseUrl: string,
  setup?: (app: FastifyInstance) => void | Promise<void>,
  options: TestAppOptions = {},
) {
  const temp = makeTempDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // The API tests run the embedded database on the event loop, started from the run's migrated
    // copy: where it runs is not what they test, and a process per app would cost each a fork
    // and an initdb. The process is tested by its own suite (db/pglite-process.test.ts), the app
    // on it (pglite-process-app.test.ts), the whole-process tests and the browser tests, which
    // start the server as `npm start` does (decision 0033).
    PGLITE_PROCESS: 'false',
    // A signed-in page is waited for as long as it takes (production: 2 s, then the app): on a
    // slow machine a first render past 2 s turned the page a test expects into the app shell.
    // The time limit itself is tested with a short one (web-server-render.test.ts).
    SERVER_RENDER_TIME_LIMIT_MS: '120000',
    DATA_DIR: temp.dir,
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: writeWebFixture(temp.dir),
    ...env,
  });
  try {
    const app = await buildApp(config, {
      ...options,
      ...(config.database.kind === 'pglite-memory' && !config.database.inChildProcess
        ? { embeddedDatabaseTemplate: await embeddedDatabaseTemplate() }
        : {}),
    });
    await setup?.(app);
    await app.ready();
    return { app, config, temp };
  } catch (error) {
    temp.remove();
    throw error;
  }
}

/**
 * Builds the real app on a fresh database and a temporary data directory. `env` overrides the
 * environment; `setup` may add routes before the app is ready.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  setup?: (app: FastifyInstance) => void | Promise<void>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Instances of one test app share the session-signing secret, as a deployment would.
  const sharedEnv = { AUTH_SECRET: randomBytes(24).toString('hex'), ...env };
  const { app, config, temp } = await buildTestInstance(sharedEnv, database.url, setup, options);
  const anotherInstance = async (): Promise<TestApp> => {
    if (!database.url.startsWith('postgres')) {
      throw new Error('another instance needs TEST_DATABASE_URL (PostgreSQL)');
    }
    const other = await buildTestInstance(sharedEnv, database.url);
    return {
      app: other.app,
      config: other.config,
      close: async () => {
        try {
          await other.app.close();
        } finally {
          other.temp.remove();
        }
      },
      anotherInstance,
    };
  };
  return {
    app,
    config,
    close: async () => {
      try {
        await app.close();
      } finally {
        await database.drop();
        temp.remove();
      }
    },
    anotherInstance,
  };
}
