// Once per test run, before any test file: the database every test app starts from, migrated
// once (issue 22: every test app created and migrated a database of its own, and CI
// went over its 30 minutes on a loaded machine).
// - PGlite (no TEST_DATABASE_URL): a tarball of a new, migrated data folder in a temporary file;
//   each app loads a copy of it instead of running initdb and the migrations (a test app started
//   in 1.4 s, now 0.35 s).
// - PostgreSQL (TEST_DATABASE_URL): a migrated template database; each app's database is created
//   from it (`create database ... template`) instead of being migrated (0.43 s, now 0.11 s).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpNewEmbeddedDatabase, openDatabase } from '../src/plugins/database.ts';
// (helpers.ts declares what this file provides: `ProvidedContext`.)

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `teamshuffle_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Migrated as an app migrates it, then closed: a template must have no connection when copied.
    const opened = await openDatabase({ kind: 'postgres', url: url.toString() });
    await opened.close();
    project.provide('postgresTemplateDatabase', name);
    project.provide('embeddedDatabaseTemplate', null);
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'teamshuffle-template-'));
  const file = path.join(dir, 'database.tar');
  writeFileSync(file, Buffer.from(await (await dumpNewEmbeddedDatabase()).arrayBuffer()));
  project.provide('embeddedDatabaseTemplate', file);
  project.provide('postgresTemplateDatabase', null);
  return async () => rmSync(dir, { recursive: true, force: true });
}
