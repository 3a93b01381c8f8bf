// kill -9 during an upload (issue 10): the real server process on the embedded database and the
// disk driver is killed while a file streams in; after a restart on the same data there is no
// row without bytes, no bytes without a row, no temporary file and no quota claim left over.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeWebFixture } from './helpers.ts';
import { fileOf, multipartBody } from './multipart.ts';
import { freePort, type Running, start, waitFor, waitForHealth } from './process.ts';

const probeServer = path.resolve(import.meta.dirname, 'fixtures/file-probe-server.ts');

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

async function rowsOf(dataDir: string) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  try {
    const files = await db.query<{ storage_key: string }>('select storage_key from files');
    const claims = await db.query<{ n: number }>(
      'select count(*)::int as n from storage_reservations',
    );
    // Decision 0018: the claims and in-flight keys carry the instance that served them.
    const inflight = await db.query<{ n: number }>(
      'select count(*)::int as n from inflight_uploads',
    );
    const tagged = await db.query<{ n: number }>(
      'select count(*)::int as n from storage_reservations where instance_id is not null',
    );
    return {
      keys: files.rows.map((row) => row.storage_key).sort(),
      claims: claims.rows[0]?.n,
      inflight: inflight.rows[0]?.n,
      taggedClaims: tagged.rows[0]?.n,
    };
  } finally {
    await db.close();
  }
}

/** Signs up and verifies through the dev outbox over HTTP; the session cookie. */
async function signedInCookie(base: string): Promise<string> {
  const email = `crash-${Date.now()}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Crash Test', email, password: 'secret-pass-1' }),
  });
  expect(signUp.status).toBe(200);
  const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as Array<{
    to: string;
    link: string;
  }>;
  const link = outbox.find((message) => message.to === email)?.link;
  if (!link) throw new Error('no verification mail');
  const verified = await fetch(link, { redirect: 'manual' });
  const cookies = verified.headers.getSetCookie().map((line) => line.split(';')[0]);
  return cookies.join('; ');
}

describe('an upload cut off by kill -9', { timeout: 180_000 }, () => {
  const temp = makeTempDir();
  let running: Running | undefined;
  afterAll(() => {
    running?.child.kill('SIGKILL');
    temp.remove();
  });

  it('leaves no dangling row, orphan bytes, temporary file or quota claim after a restart', async () => {
    const dataDir = path.join(temp.dir, 'data');
    const webDir = writeWebFixture(temp.dir);
    const filesDir = path.join(dataDir, 'files');
    const env = async () => ({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
      // Big enough that the upload is surely still streaming when the process dies.
      PROBE_MAX_FILE_BYTES: String(64 * 1024 * 1024),
      STORAGE_QUOTA_MB: '100',
    });

    running = start(await env(), { script: probeServer });
    await waitForHealth(running.port);
    const base = `http://127.0.0.1:${running.port}`;
    const cookie = await signedInCookie(base);

    // One file stored before the crash, which must survive it.
    const kept = multipartBody([
      { name: 'files', filename: 'kept.pdf', data: fileOf('pdf', 4096) },
    ]);
    const keptResponse = await fetch(`${base}/api/test/files`, {
      method: 'POST',
      headers: { ...kept.headers, cookie, origin: base },
      body: kept.payload,
    });
    expect(keptResponse.status).toBe(201);

    // A 32 MB upload whose first megabytes arrive, then the process is killed mid-stream.
    const big = multipartBody([
      { name: 'files', filename: 'big.pdf', data: fileOf('pdf', 32 * 1024 * 1024) },
    ]);
    const request = http.request(`${base}/api/test/files`, {
      method: 'POST',
      headers: { ...big.headers, cookie, origin: base },
    });
    request.on('error', () => {});
    request.write(big.payload.subarray(0, 4 * 1024 * 1024));
    const tmpDir = path.join(filesDir, 'tmp');
    await waitFor(() => filesUnder(tmpDir).some((file) => statSync(file).size > 1024 * 1024));
    running.child.kill('SIGKILL');
    await running.exited;
    request.destroy();

    // What a crash at the worst moment leaves: a half-written temporary file (seen above), and,
    // as if it died between the rename and the row's commit, complete bytes that no row names.
    const orphan = path.join(filesDir, 'blobs', 'de', 'deadbeef-0000-0000-0000-000000000000');
    mkdirSync(path.dirname(orphan), { recursive: true });
    writeFileSync(orphan, 'complete bytes without a row');
    const before = await rowsOf(dataDir);
    expect(before.keys).toHaveLength(1);
    expect(before.claims).toBe(1);
    expect(before.taggedClaims).toBe(1);
    expect(before.inflight).toBe(1);

    running = start(await env(), { script: probeServer });
    await waitForHealth(running.port);

    const blobs = () =>
      filesUnder(path.join(filesDir, 'blobs'))
        .map((file) => path.basename(file))
        .sort();
    expect(filesUnder(tmpDir)).toEqual([]);
    expect(existsSync(orphan)).toBe(false);
    expect(blobs()).toEqual(before.keys);

    // The kept file still downloads, and the quota is free again for a new upload.
    const again = `http://127.0.0.1:${running.port}`;
    const usage = (await (
      await fetch(`${again}/api/me/storage`, { headers: { cookie } })
    ).json()) as { usedBytes: number };
    expect(usage.usedBytes).toBe(4096);
    const next = multipartBody([
      { name: 'files', filename: 'next.pdf', data: fileOf('pdf', 8192) },
    ]);
    const nextResponse = await fetch(`${again}/api/test/files`, {
      method: 'POST',
      headers: { ...next.headers, cookie, origin: again },
      body: next.payload,
    });
    expect(nextResponse.status).toBe(201);
    running.child.kill('SIGTERM');
    await running.exited;
    // The database (read once the server is stopped: PGlite is one process's) agrees with the disk.
    const after = await rowsOf(dataDir);
    expect(after.claims).toBe(0);
    expect(after.inflight).toBe(0);
    expect(after.keys).toHaveLength(2);
    expect(after.keys).toEqual(blobs());
  });
});
