import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PGliteProcess } from './pglite-process.ts';
import { rowsOf } from './rows.ts';

/**
 * Named prepared statements, for the few queries on almost every request's path (the session
 * check, a caller's access to a workspace). The database plans such a statement once per
 * connection instead of on every call. On PGlite that is most of a small query's cost: the
 * session lookup takes about 370 µs planned on every call through the extended protocol (which
 * PGlite runs as six separate calls into WebAssembly) and about 110 µs executed from a prepared
 * plan. Everything else goes through Drizzle; see docs/decisions/0003-workspace-read-path.md.
 *
 * Values are text, converted to the type the statement gives each parameter (write a cast where
 * the context does not settle it, as in `$2::text is null`); `null` is SQL NULL.
 */
export type Statement<Row> = (values: ReadonlyArray<string | null>) => Promise<Row[]>;

/** A statement: a name unique in the app (lower case) and its SQL with $1, $2, ... */
export type StatementDefinition = { readonly name: string; readonly text: string };

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * A PostgreSQL string literal for any text: E'' syntax with backslashes and quotes doubled, so
 * the result does not depend on standard_conforming_strings. PostgreSQL text cannot hold NUL.
 */
export function quoteLiteral(value: string | null): string {
  if (value === null) return 'null';
  if (value.includes('\0')) throw new Error('PostgreSQL text cannot contain NUL');
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * PGlite is one session, so each statement is prepared once (SQL PREPARE) and run with EXECUTE
 * through the simple protocol, which PGlite serialises with its other queries and transactions.
 * In its own process, once per process: a process started after a death (decision 0038) is a new
 * session, without the statements the last one had prepared.
 */
function pgliteStatement<Row>(
  client: PGlite | PGliteProcess,
  definition: StatementDefinition,
): Statement<Row> {
  let prepared: { generation: number; done: Promise<unknown> } | undefined;
  const prepare = `prepare ${definition.name} as ${definition.text}`;
  const generationOf = () => (client instanceof PGliteProcess ? client.generation : 0);
  return async (values) => {
    const generation = generationOf();
    if (prepared?.generation !== generation) {
      const done: Promise<unknown> = client.exec(prepare).catch((error: unknown) => {
        if (prepared?.done === done) prepared = undefined;
        throw error;
      });
      prepared = { generation, done };
    }
    await prepared.done;
    const results = await client.exec(
      `execute ${definition.name} (${values.map(quoteLiteral).join(', ')})`,
    );
    return (results[0]?.rows ?? []) as Row[];
  };
}

/** node-postgres prepares a named statement on each pooled connection the first time it runs. */
function poolStatement<Row>(pool: pg.Pool, definition: StatementDefinition): Statement<Row> {
  const { name, text } = definition;
  return async (values) => {
    const result = await pool.query({ name, text, values: [...values] });
    return result.rows as Row[];
  };
}

const statements = new WeakMap<object, Map<string, { text: string; run: Statement<unknown> }>>();

/**
 * The statement `name` on the database's driver (PGlite or a node-postgres pool), made on first
 * use and kept per driver. Use it on the app's database, not inside a Drizzle transaction.
 */
export function statement<Row>(db: object, definition: StatementDefinition): Statement<Row> {
  const { name, text } = definition;
  const client = (db as { $client?: unknown }).$client;
  if (typeof client !== 'object' || client === null) {
    throw new Error('prepared statements run on the database itself, not in a transaction');
  }
  let byName = statements.get(client);
  if (!byName) {
    byName = new Map();
    statements.set(client, byName);
  }
  const existing = byName.get(name);
  if (existing) {
    if (existing.text !== text) throw new Error(`two prepared statements are named ${name}`);
    return existing.run as Statement<Row>;
  }
  if (!NAME.test(name)) throw new Error(`bad prepared statement name: ${name}`);
  const paramCount = Math.max(
    0,
    ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])),
  );
  let made: Statement<Row>;
  if (client instanceof PGlite || client instanceof PGliteProcess) {
    made = pgliteStatement(client, definition);
  } else if (client instanceof pg.Pool) made = poolStatement(client, definition);
  else throw new Error('unknown database driver');
  const checked: Statement<Row> = (values) => {
    if (values.length !== paramCount) {
      throw new Error(`${name} takes ${paramCount} values, not ${values.length}`);
    }
    return made(values);
  };
  byName.set(name, { text, run: checked });
  return checked;
}

const dialect = new PgDialect();

/**
 * A query value as the text a prepared statement takes (see `Statement`). A Date is written in
 * UTC: right for `timestamptz`; a `timestamp without time zone` parameter would read it as UTC
 * wall time (node-postgres writes local time), so such a query keeps `db.execute`.
 */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  throw new Error(`a prepared query cannot take a ${typeof value} value`);
}

/**
 * Runs a query written with Drizzle's `sql` as the named prepared statement `name` on the app's
 * database (planned once, not on every call: for a large statement such as a section's, planning
 * is half its cost on PGlite), and as an ordinary query inside a transaction, where a prepared
 * statement cannot run. The query's text must not depend on its values (only its parameters
 * may): a second text under the same name throws.
 */
export async function preparedQuery<Row>(db: object, name: string, query: SQL): Promise<Row[]> {
  if ((db as { $client?: unknown }).$client === undefined) {
    const result = await (db as { execute: (query: SQL) => Promise<unknown> }).execute(query);
    return rowsOf<Row>(result);
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  return statement<Row>(db, { name, text })(params.map(asText));
}
