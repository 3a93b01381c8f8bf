import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** The app's migrations folder (SQL files and the journal drizzle reads). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../drizzle');

type Journal = { entries: Array<{ idx: number; tag: string }> };

/**
 * A copy of the migrations folder in `dir` whose journal stops before the migration `tag`, for a
 * test that builds the database as it was, seeds it, then runs the migration on it.
 */
export function migrationsBefore(dir: string, tag: string): string {
  const before = path.join(dir, 'before');
  cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const migration = journal.entries.find((entry) => entry.tag === tag);
  expect(migration, `migration ${tag} in the journal`).toBeDefined();
  journal.entries = journal.entries.filter((entry) => entry.idx < migration!.idx);
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return before;
}
