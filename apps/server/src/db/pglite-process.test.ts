import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGliteProcess } from './pglite-process.ts';
import { statement } from './prepared.ts';

// The embedded database in its own process (decision 0033): what Drizzle and the app ask of
// PGlite gives the same answers from there, a long statement leaves the event loop free, and the
// process lives exactly as long as the server that started it.

describe('PGlite in a process of its own', { timeout: 60_000 }, () => {
  let database: PGliteProcess;

  beforeAll(async () => {
    database = await PGliteProcess.create({ dataDir: undefined });
    await database.exec(
      'create table items (id int primary key, name text not null unique, at timestamptz)',
    );
  }, 60_000);
  afterAll(() => database.close());

  it('answers queries with their rows, in object or array mode, dates kept as text on request', async () => {
    await database.query('insert into items values ($1, $2, $3)', [
      1,
      'one',
      '2026-11-26T10:00:00Z',
    ]);
    const objects = await database.query<{ id: number; name: string }>(
      'select id, name from items where id = $1',
      [1],
    );
    expect(objects.rows).toEqual([{ id: 1, name: 'one' }]);
    const arrays = await database.query<unknown[]>('select id, at from items', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => value },
    });
    expect(arrays.rows[0]![0]).toBe(1);
    expect(typeof arrays.rows[0]![1]).toBe('string');
    const parsed = await database.query<{ at: unknown }>('select at from items');
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
  });

  it('passes the database error with its code and constraint', async () => {
    const error = await database
      .query('insert into items values (2, $1)', ['one'])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key' });
  });

  it('commits a transaction that resolves and rolls back one that throws; others wait for it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.transaction(async (tx) => {
      await tx.query('insert into items values (10, $1)', ['ten']);
      // A statement outside the transaction waits until it ends, as in PGlite itself.
      outside = database.query('select count(*)::int as n from items').then((result) => {
        order.push('outside');
        return result.rows;
      });
      await tx.query('insert into items values (11, $1)', ['eleven']);
      order.push('inside');
    });
    expect(await outside).toEqual([{ n: 3 }]);
    expect(order).toEqual(['inside', 'outside']);

    const failure = new Error('changed my mind');
    await expect(
      database.transaction(async (tx) => {
        await tx.query('insert into items values (12, $1)', ['twelve']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const after = await database.query<{ id: number }>('select id from items where id = 12');
    expect(after.rows).toEqual([]);
  });

  it('serves Drizzle: statements, transactions and their rollback', async () => {
    const db = drizzle({ client: database as unknown as PGlite });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (20, 'twenty')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (21, 'twenty-one')`);
        await tx.execute(sql`insert into items values (22, 'twenty')`);
      }),
    ).rejects.toThrow();
    const result = await db.execute<{ id: number }>(
      sql`select id from items where id between 20 and 29 order by id`,
    );
    expect(result.rows).toEqual([{ id: 20 }]);
  });

  it('delivers notifications to a listener until it stops listening', async () => {
    const heard: string[] = [];
    const stop = await database.listen('news', (payload) => heard.push(payload));
    await database.exec(`notify news, 'first'`);
    await expect.poll(() => heard, { timeout: 20_000 }).toEqual(['first']);
    await stop();
    await database.exec(`notify news, 'second'`);
    await database.exec('select 1');
    expect(heard).toEqual(['first']);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    let isRunning = true;
    const tick = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      if (isRunning) setImmediate(tick);
    };
    setImmediate(tick);
    const startedAt = performance.now();
    await database.query('select count(*) from generate_series(1, 3000000)');
    const took = performance.now() - startedAt;
    isRunning = false;
    // On the event loop the statement's whole time would be one gap; here the loop keeps turning.
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('answers after a Ctrl+C reached it: the server decides when the database closes', async () => {
    process.kill(database.pid!, 'SIGINT');
    // A signal is delivered at once, but not synchronously: a few round trips later it has been.
    for (let round = 0; round < 20; round++) await database.exec('select 1');
    const result = await database.query<{ n: number }>('select 1 as n');
    expect(result.rows).toEqual([{ n: 1 }]);
  });
});

/** Whether the process with that id has ended (gone, or a zombie nobody has reaped yet). */
function hasEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

describe('the database process lives as long as its server', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-process-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('fails every call with a clear error once the process is gone', async () => {
    const database = await PGliteProcess.create({ dataDir: undefined });
    process.kill(database.pid!, 'SIGKILL');
    await expect
      .poll(
        () =>
          database.exec('select 1').then(
            () => 'answered',
            (error: Error) => error.message,
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe('the database process stopped (signal SIGKILL)');
    await database.close();
  });

  // What the server is doing when it is killed: idle, waiting for a long statement, or inside
  // a transaction that will never end now.
  const KILLED_WHILE = {
    idle: `console.log('ready');`,
    'a long statement runs': `void db.query('select count(*) from generate_series(1, 30000000)');
      console.log('ready');`,
    'a transaction is open': `void db.transaction(async (tx) => {
        await tx.query('insert into kept values ($1)', ['in the transaction']);
        console.log('ready');
        await new Promise(() => {});
      });`,
  };

  it.each(Object.entries(KILLED_WHILE))(
    'closes the database and ends when its server is killed while %s',
    async (_situation, script) => {
      const dataDir = tempDir();
      // A server in a process of its own: it opens the database, commits a row, says its
      // database process's id, gets into the situation, says it is ready, and is killed without
      // a chance to close anything.
      const moduleUrl = new URL('./pglite-process.ts', import.meta.url).href;
      const server = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { PGliteProcess } = await import(${JSON.stringify(moduleUrl)});
           const db = await PGliteProcess.create({ dataDir: ${JSON.stringify(dataDir)} });
           await db.exec('create table kept (note text)');
           await db.query('insert into kept values ($1)', ['before the kill']);
           console.log('pid ' + db.pid);
           ${script}
           setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const childPid = await new Promise<number>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const pid = /pid (\d+)\n/.exec(out)?.[1];
          if (pid && out.includes('ready\n')) resolve(Number(pid));
        });
        server.once('exit', (code) => reject(new Error(`the server exited early (${code})`)));
      });
      expect(hasEnded(childPid)).toBe(false);
      expect(existsSync(`${dataDir}.pid`)).toBe(true);
      server.kill('SIGKILL');
      await expect.poll(() => hasEnded(childPid), { timeout: 60_000 }).toBe(true);
      // Closed, not crashed: the lock file goes only when PGlite has closed the database.
      expect(existsSync(`${dataDir}.pid`)).toBe(false);

      const reopened = await PGliteProcess.create({ dataDir });
      try {
        const rows = await reopened.query<{ note: string }>('select note from kept');
        expect(rows.rows).toEqual([{ note: 'before the kill' }]);
      } finally {
        await reopened.close();
      }
    },
  );

  it('opens a database on disk only once the process that had it open has ended', async () => {
    const dataDir = tempDir();
    // Another process holds the database (as the database process of a server killed a moment
    // ago does while it closes): its id is in the lock file next to the data folder.
    // (Its command line names the database process, as the real one's does.)
    const holder = spawn(
      process.execPath,
      ['-e', 'setInterval(() => {}, 1000)', 'pglite-process.child.ts'],
      { stdio: 'ignore' },
    );
    const lockFile = `${dataDir}.pid`;
    writeFileSync(lockFile, String(holder.pid));
    const said: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      said.push(String(chunk));
      return true;
    });
    let opened: PGliteProcess | undefined;
    try {
      const opening = PGliteProcess.create({ dataDir }).then((database) => (opened = database));
      await expect
        .poll(() => said.join(''), { timeout: 60_000 })
        .toContain(`waiting for the previous database process (${holder.pid}) to close`);
      expect(opened).toBeUndefined();
      holder.kill('SIGKILL');
      await opening;
      expect(readFileSync(lockFile, 'utf8')).toBe(String(opened!.pid));
    } finally {
      write.mockRestore();
      holder.kill('SIGKILL');
    }
    await opened!.close();
    expect(existsSync(lockFile)).toBe(false);
  });

  it.each([
    ['empty (cut short by a crash)', () => ''],
    ['naming a process that is not a database process', () => String(process.pid)],
    ['naming a process that has ended', () => '2147483646'],
  ])('takes over a lock file %s at once', async (_kind, content) => {
    const dataDir = tempDir();
    writeFileSync(`${dataDir}.pid`, content());
    const said: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      said.push(String(chunk));
      return true;
    });
    let database: PGliteProcess;
    try {
      database = await PGliteProcess.create({ dataDir });
    } finally {
      write.mockRestore();
    }
    expect(said.join('')).not.toContain('waiting for the previous database process');
    expect(readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(database.pid));
    await database.close();
  });

  it("reports PGlite's own error when the database cannot start", async () => {
    const notAFolder = path.join(tempDir(), 'not-a-folder');
    writeFileSync(notAFolder, 'a file where the data folder should be');
    const error = await PGliteProcess.create({ dataDir: notAFolder }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toMatch(/the database process stopped/);
    expect((error as Error).message).not.toBe('[object Object]');
    expect(existsSync(`${notAFolder}.pid`)).toBe(false);
  });

  it('has ended when close resolves', async () => {
    const database = await PGliteProcess.create({ dataDir: tempDir() });
    const pid = database.pid!;
    await database.close();
    expect(hasEnded(pid)).toBe(true);
    await expect(database.exec('select 1')).rejects.toThrow('the database is closed');
  });
});

describe('a database on disk outlives its process', { timeout: 180_000 }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-process-restart-'));
    dirs.push(dir);
    return path.join(dir, 'db');
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** What the owner was told, in order; `whenStopped` runs just after it is told of a death. */
  function recorder(whenStopped: () => void = () => {}) {
    const told: string[] = [];
    return {
      told,
      events: {
        onStopped: (error: Error) => {
          told.push(`stopped: ${error.message}`);
          // Once the client has begun the new process (right after telling).
          setImmediate(whenStopped);
        },
        onRestarted: () => told.push('restarted'),
        onRestartFailed: () => told.push('failed to restart'),
      },
    };
  }

  it('starts a new process on the same folder when its process dies, with what was committed', async () => {
    let duringStart: Promise<string[]> | undefined;
    let stopLeaving!: () => Promise<void>;
    const { told, events } = recorder(() => {
      told.push('asked');
      // A call made while the new process starts waits for it.
      duringStart = database
        .query<{ note: string }>('select note from kept order by note')
        .then((result) => result.rows.map((row) => row.note));
      // A listener that stops meanwhile is not listened again.
      void stopLeaving();
    });
    // (The closures above run after a death, once `database` is set.)
    const database = await PGliteProcess.create({ dataDir: tempDir() }, events);
    try {
      await database.exec('create table kept (note text)');
      await database.query('insert into kept values ($1)', ['before the crash']);
      const heard: string[] = [];
      const relistened: string[] = [];
      await database.listen(
        'restart_test',
        (payload) => heard.push(payload),
        () => relistened.push('staying'),
      );
      const leftHeard: string[] = [];
      stopLeaving = await database.listen(
        'restart_test',
        (payload) => leftHeard.push(payload),
        () => relistened.push('leaving'),
      );
      // A transaction open when the process dies, as a request holds one mid-way.
      let inTransaction!: () => void;
      const open = new Promise<void>((resolve) => (inTransaction = resolve));
      const transaction = database.transaction(async (tx) => {
        await tx.query('insert into kept values ($1)', ['in the dying transaction']);
        inTransaction();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query('insert into kept values ($1)', ['after the crash, in the transaction']);
      });
      await open;
      const firstPid = database.pid!;
      process.kill(firstPid, 'SIGKILL');
      await expect(transaction).rejects.toThrow();

      await expect.poll(() => duringStart !== undefined, { timeout: 60_000 }).toBe(true);
      expect(await duringStart).toEqual(['before the crash']);
      expect(told).toEqual([
        'stopped: the database process stopped (signal SIGKILL)',
        'asked',
        'restarted',
      ]);
      expect(database.pid).not.toBe(firstPid);
      expect(hasEnded(firstPid)).toBe(true);

      // Listening again: the listener is told to catch up, and hears what comes next.
      expect(relistened).toEqual(['staying']);
      await database.exec("select pg_notify('restart_test', 'after the restart')");
      await expect.poll(() => heard, { timeout: 20_000 }).toEqual(['after the restart']);
      expect(leftHeard).toEqual([]);
      await database.query('insert into kept values ($1)', ['after the restart']);
    } finally {
      await database.close();
    }
  });

  it("prepares the app's statements again in the new process (a new session)", async () => {
    const database = await PGliteProcess.create({ dataDir: tempDir() });
    try {
      const db = drizzle({ client: database as unknown as PGlite });
      const twice = statement<{ value: number }>(db, {
        name: 'restart_twice',
        text: 'select $1::int * 2 as value',
      });
      expect(await twice(['21'])).toEqual([{ value: 42 }]);
      const firstPid = database.pid!;
      process.kill(firstPid, 'SIGKILL');
      await expect
        .poll(() => database.pid !== firstPid && hasEnded(firstPid), { timeout: 60_000 })
        .toBe(true);
      // Once the new process answers, the statement runs there as before.
      await expect
        .poll(
          () =>
            twice(['4']).then(
              (rows) => rows,
              (error: Error) => error.message,
            ),
          { timeout: 60_000 },
        )
        .toEqual([{ value: 8 }]);
    } finally {
      await database.close();
    }
  });

  it('tries again, with a pause, while a new process cannot open the folder', async () => {
    const { told, events } = recorder();
    const dataDir = tempDir();
    const database = await PGliteProcess.create({ dataDir }, events);
    try {
      // The folder made unusable (a file where it was): the next process cannot start.
      rmSync(dataDir, { recursive: true, force: true });
      writeFileSync(dataDir, 'not a folder');
      process.kill(database.pid!, 'SIGKILL');
      await expect.poll(() => told.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      expect(told.slice(0, 2)).toEqual([
        'stopped: the database process stopped (signal SIGKILL)',
        'failed to restart',
      ]);
      // Meanwhile calls fail at once, with the reason.
      await expect(database.exec('select 1')).rejects.toThrow();
      // The folder usable again: a later try opens it (a new database there).
      rmSync(dataDir);
      await expect
        .poll(
          () =>
            database.exec('select 1').then(
              () => 'answered',
              () => 'failed',
            ),
          { timeout: 120_000 },
        )
        .toBe('answered');
      expect(told.at(-1)).toBe('restarted');
    } finally {
      await database.close();
    }
    expect(hasEnded(database.pid!)).toBe(true);
  });

  it('closes while a new process is starting: the calls made before are answered, and it ends', async () => {
    const dataDir = tempDir();
    let asked: Promise<unknown> | undefined;
    let closed: Promise<void> | undefined;
    const { told, events } = recorder(() => {
      asked = database.exec('select 1');
      closed = database.close();
    });
    const database = await PGliteProcess.create({ dataDir }, events);
    await database.listen('closing_test', () => {});
    const firstPid = database.pid!;
    process.kill(firstPid, 'SIGKILL');
    await expect.poll(() => closed !== undefined, { timeout: 60_000 }).toBe(true);
    await closed;
    await expect(asked).resolves.toBeDefined();
    expect(database.pid).not.toBe(firstPid);
    expect(hasEnded(database.pid!)).toBe(true);
    // Closed, not killed: the new process closed the database and gave up its lock.
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
    expect(told).toEqual(['stopped: the database process stopped (signal SIGKILL)']);
    await expect(database.exec('select 1')).rejects.toThrow('the database is closed');
  });
});
