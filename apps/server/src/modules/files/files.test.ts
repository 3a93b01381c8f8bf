// Files end to end through the API, on the disk driver and on a real S3-compatible server: upload
// with limits, type by content and quota; the authorized download with ranges and ETags; deletion
// that removes the bytes. A probe route stands in for the feature routes that use `app.files`.
import { apiErrorBody, BYTES_PER_MB } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildUser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileOf, multipartBody, type Part } from '../../../test/multipart.ts';
import { startS3 } from '../../../test/s3.ts';
import {
  addFileProbe,
  PROBE_MAX_FILE_BYTES as MAX_FILE_BYTES,
  probeReaders as readers,
} from '../../../test/file-probe.ts';

type Uploaded = {
  files: Array<{ id: string; name: string; size: number }>;
  fields: Record<string, string>;
};

describe.each(['disk', 's3'] as const)('files on %s', (driver) => {
  let t: TestApp;
  let closeS3 = async () => {};
  let owner: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    const s3 = driver === 's3' ? await startS3() : null;
    if (s3) closeS3 = s3.close;
    t = await createTestApp({ STORAGE_QUOTA_MB: '1', ...(s3?.env ?? {}) }, addFileProbe);
    owner = await buildUser(t.app, t.config.publicUrl);
  });
  afterAll(async () => {
    await t.close();
    await closeS3();
  });

  const upload = (client: TestClient, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return client.request('POST', '/api/test/files', payload, headers);
  };
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const stored of t.app.storage.list()) keys.push(stored.key);
    return keys.sort();
  };
  const rowKeys = async () =>
    (
      (await t.app.db.execute(sql`select storage_key from files order by storage_key`)) as {
        rows: Array<{ storage_key: string }>;
      }
    ).rows.map((row) => row.storage_key);
  const reservations = async () =>
    (
      (await t.app.db.execute(sql`select count(*)::int as n from storage_reservations`)) as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]?.n;
  // After every test the bytes in storage are exactly the ones rows name, and no claim is left.
  const expectConsistent = async () => {
    expect(await storedKeys()).toEqual(await rowKeys());
    expect(await reservations()).toBe(0);
  };

  it('stores an upload, charges it to the uploader and serves it back with its name', async () => {
    const data = fileOf('pdf', 50_000);
    const response = await upload(owner.client, [
      { name: 'note', value: 'Week 1' },
      { name: 'files', filename: '1주차 강의.pdf', data },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json<Uploaded>();
    expect(body.fields).toEqual({ note: 'Week 1' });
    expect(body.files).toEqual([expect.objectContaining({ name: '1주차 강의.pdf', size: 50_000 })]);
    const id = body.files[0]!.id;

    const download = await owner.client.get(`/api/files/${id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="1__ __.pdf"; filename*=UTF-8''${encodeURIComponent('1주차 강의.pdf')}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe('sandbox');
    const etag = download.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const again = await owner.client.request('GET', `/api/files/${id}`, undefined, {
      'if-none-match': String(etag),
    });
    expect(again.statusCode).toBe(304);
    const range = await owner.client.request('GET', `/api/files/${id}`, undefined, {
      range: 'bytes=100-199',
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${data.length}`);
    expect(range.rawPayload.equals(data.subarray(100, 200))).toBe(true);
    const past = await owner.client.request('GET', `/api/files/${id}`, undefined, {
      range: `bytes=${data.length}-`,
    });
    expect(past.statusCode).toBe(416);

    const usage = await owner.client.get('/api/me/storage');
    expect(usage.json()).toEqual({ usedBytes: 50_000, quotaBytes: BYTES_PER_MB });
    await expectConsistent();
  });

  it('serves a file to nobody its module does not allow: strangers and visitors get 404', async () => {
    const response = await upload(owner.client, [
      { name: 'files', filename: 'private.png', data: fileOf('png', 1000) },
    ]);
    const id = response.json<Uploaded>().files[0]!.id;
    const stranger = await buildUser(t.app, t.config.publicUrl);
    const refused = await stranger.client.get(`/api/files/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'file_not_found', message: 'File not found' });
    const visitor = await t.app.inject({ url: `/api/files/${id}` });
    expect(visitor.statusCode).toBe(404);
    const unverified = await buildUser(t.app, t.config.publicUrl, { verified: false });
    expect((await unverified.client.get(`/api/files/${id}`)).statusCode).toBe(404);
    // The same answer as for a file that does not exist.
    expect((await stranger.client.get(`/api/files/${crypto.randomUUID()}`)).json()).toEqual(
      refused.json(),
    );
    readers.set(id, new Set([stranger.id]));
    expect((await stranger.client.get(`/api/files/${id}`)).statusCode).toBe(200);
    // Shown inline as an image; anything else would be a download.
    expect((await stranger.client.get(`/api/files/${id}`)).headers['content-disposition']).toMatch(
      /^inline;/,
    );
  });

  it('refuses a file over the limit while it streams, and keeps nothing of it', async () => {
    const response = await upload(owner.client, [
      { name: 'files', filename: 'big.pdf', data: fileOf('pdf', MAX_FILE_BYTES + 1) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: 'file_too_large',
      message: 'File size cannot exceed 0.2MB',
    });
    expect(response.headers.connection).toBe('close');
    await expectConsistent();
  });

  it('refuses an empty file as empty, not as content of the wrong type (issue 27)', async () => {
    for (const filename of ['empty.pdf', 'empty.txt']) {
      const response = await upload(owner.client, [
        { name: 'files', filename, data: Buffer.alloc(0) },
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: 'file_empty',
        message: `${filename} is empty (0 bytes): choose a file with content`,
      });
    }
    await expectConsistent();
  });

  it('refuses a file whose bytes are not what its name says (a renamed executable)', async () => {
    for (const [filename, data] of [
      ['slides.pdf', fileOf('elf', 5000)],
      ['photo.png', fileOf('exe', 5000)],
      ['notes.txt', fileOf('exe', 5000)],
      ['notes.txt', Buffer.from('text\u0000with a NUL byte')],
    ] as const) {
      const response = await upload(owner.client, [{ name: 'files', filename, data }]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ error: 'file_content_mismatch' });
      expect(response.json().message).toContain(filename);
    }
    // A real text file passes.
    const text = await upload(owner.client, [
      { name: 'files', filename: 'notes.txt', data: fileOf('txt', 300) },
    ]);
    expect(text.statusCode).toBe(201);
    await expectConsistent();
  });

  it('refuses a type the route does not allow, by name, before reading it', async () => {
    const response = await upload(owner.client, [
      { name: 'files', filename: 'run.exe', data: fileOf('exe', 100) },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'file_type_not_allowed',
      message: 'run.exe: Only PDF, PNG, TXT files are allowed',
      field: 'files',
    });
    const none = await upload(owner.client, [{ name: 'note', value: 'no file' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('files_required');
    const notMultipart = await owner.client.post('/api/test/files', { files: [] });
    expect(notMultipart.statusCode).toBe(415);
    expect(apiErrorBody.safeParse(notMultipart.json()).success).toBe(true);
    await expectConsistent();
  });

  it('lets only one of two simultaneous uploads through when together they pass the quota', async () => {
    const user = await buildUser(t.app, t.config.publicUrl);
    // Each upload is three files, 57% of the 1 MB quota: either fits alone, both do not.
    const three = (): Part[] =>
      [1, 2, 3].map((n) => ({ name: 'files', filename: `${n}.pdf`, data: fileOf('pdf', 190_000) }));
    const race = await Promise.all([upload(user.client, three()), upload(user.client, three())]);
    const statuses = race.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 413]);
    const refused = race.find((response) => response.statusCode === 413)!;
    expect(refused.json().error).toBe('storage_limit_exceeded');
    expect(refused.json().message).toMatch(
      /^Storage limit exceeded\. You have [\d.]+MB remaining\.$/,
    );
    const usage = (await user.client.get('/api/me/storage')).json<{ usedBytes: number }>();
    expect(usage.usedBytes).toBe(3 * 190_000);
    expect(usage.usedBytes).toBeLessThanOrEqual(BYTES_PER_MB);
    // What is left still takes a file that fits.
    const more = await upload(user.client, [
      { name: 'files', filename: 'small.pdf', data: fileOf('pdf', 100_000) },
    ]);
    expect(more.statusCode).toBe(201);
    await expectConsistent();
  });

  it('deletes the row first and the bytes after, and gives the quota back', async () => {
    const user = await buildUser(t.app, t.config.publicUrl);
    const response = await upload(user.client, [
      { name: 'files', filename: 'gone.pdf', data: fileOf('pdf', 10_000) },
    ]);
    const id = response.json<Uploaded>().files[0]!.id;
    expect((await user.client.request('DELETE', `/api/test/files/${id}`)).statusCode).toBe(204);
    expect((await user.client.get(`/api/files/${id}`)).statusCode).toBe(404);
    expect((await user.client.get('/api/me/storage')).json().usedBytes).toBe(0);
    await expectConsistent();
  });

  it('removes the bytes of every file of an account that is deleted', async () => {
    const user = await buildUser(t.app, t.config.publicUrl);
    await upload(user.client, [{ name: 'files', filename: 'mine.pdf', data: fileOf('pdf', 5000) }]);
    const before = (await storedKeys()).length;
    const deleted = await user.client.request('DELETE', '/api/me', {
      confirmation: 'DELETE',
      password: user.password,
    });
    expect(deleted.statusCode).toBe(204);
    await t.app.files.drain();
    expect((await storedKeys()).length).toBe(before - 1);
    await expectConsistent();
  });

  it('sweeps bytes no row names, and temporary leftovers, at start-up', async () => {
    const { Readable } = await import('node:stream');
    await t.app.storage.put('orphan-0000-0000', Readable.from([Buffer.from('lost')]));
    expect(await storedKeys()).toContain('orphan-0000-0000');
    // PGlite (the tests' default) is one instance, so every orphan goes; on PostgreSQL only old ones.
    const { removed } = await t.app.files.sweep({ isOnlyInstance: true });
    expect(removed).toBeGreaterThanOrEqual(1);
    await expectConsistent();
  });
});
