import { rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { INLINED_CONFIG_ID, PRERENDERED_CONTACT_EMAIL } from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTempDir, writeWebFixture, type TestApp } from '../../test/helpers.ts';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/app/', '/workspaces/my-course', '/workspace/123/team/4/chat', '/no/such/page'])(
    'answers the page path %s with index.html (the client router decides)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('data-prerendered');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    ['/', {}, 'en'],
    ['/', { 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8' }, 'ko'],
    ['/', { 'accept-language': 'en-US,ko;q=0.9' }, 'en'],
    ['/', { 'accept-language': 'ko-KR', cookie: 'a=1; language=en' }, 'en'],
    ['/', { 'accept-language': 'en-US', cookie: 'language=ko' }, 'ko'],
    ['/', { cookie: 'language=fr' }, 'en'],
    ['/app', { 'accept-language': 'ko-KR' }, 'ko'],
    ['/app', { cookie: 'language=en' }, 'en'],
    ['/contact', { cookie: 'language=ko' }, 'ko'],
    ['/contact?from=mail', {}, 'en'],
  ])(
    'answers %s with its prerendered page in the chosen or browser language (%j: %s)',
    async (url, headers, language) => {
      const response = await t.app.inject({ method: 'GET', url, headers });
      const { pathname } = new URL(url, 'http://localhost');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<html lang="${language}">`);
      expect(response.body).toContain(`data-prerendered="${pathname}"`);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['vary'])).toMatch(/cookie/i);
      expect(String(response.headers['vary'])).toMatch(/accept-language/i);
    },
  );

  it.each(['/', '/app', '/contact'])(
    'answers %s with the app itself, not the signed-out page, to a request with a session',
    async (url) => {
      const { authCookies } = await t.app.auth.$context;
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `language=ko; ${authCookies.sessionToken.name}=some.token` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('data-prerendered');
      expect(String(response.headers['vary'])).toMatch(/cookie/i);
    },
  );

  it.each(['/', '/contact', '/workspaces'])(
    'writes GET /api/config into %s, and the configured contact e-mail where the page shows it',
    async (url) => {
      const temp = makeTempDir();
      const configured = await createTestApp({
        WEB_DIST_DIR: writeWebFixture(temp.dir),
        // An apostrophe is allowed in an address, and must not end the link's attribute.
        CONTACT_EMAIL: "o'neil+team@school.example",
      });
      try {
        const config = await configured.app.inject({ method: 'GET', url: '/api/config' });
        const response = await configured.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const inlined = /<script type="application\/json" id="([^"]+)">([^<]*)<\/script>/.exec(
          response.body,
        );
        expect(inlined?.[1]).toBe(INLINED_CONFIG_ID);
        expect(JSON.parse(inlined?.[2] ?? 'null')).toEqual(config.json());
        expect(response.body).not.toContain(PRERENDERED_CONTACT_EMAIL);
        if (url === '/contact') {
          expect(response.body).toContain(
            '<a href="mailto:o&#39;neil+team@school.example">o&#39;neil+team@school.example</a>',
          );
        }
      } finally {
        await configured.close();
        temp.remove();
      }
    },
  );

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR; Q=0, x-gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
  ])(
    'sends a page compressed as the browser accepts (%s), with an ETag it can revalidate',
    async (acceptEncoding, encoding) => {
      const plain = await t.app.inject({ method: 'GET', url: '/contact' });
      const response = await t.app.inject({
        method: 'GET',
        url: '/contact',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
      expect(String(response.headers['vary'])).toMatch(/cookie/i);
      const raw = response.rawPayload;
      const body =
        encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
      expect(body.toString()).toBe(plain.body);
      // One ETag per body: the plain page's differs from each compressed copy's.
      const etag = String(response.headers['etag']);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(etag === plain.headers['etag']).toBe(encoding === undefined);
      // Revalidation: the same tag, weakened (as a proxy may), or in a list, is a 304.
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await t.app.inject({
          method: 'GET',
          url: '/contact',
          headers: { 'accept-encoding': acceptEncoding, 'if-none-match': ifNoneMatch },
        });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.byteLength).toBe(0);
      }
      const changed = await t.app.inject({
        method: 'GET',
        url: '/contact',
        headers: { 'accept-encoding': acceptEncoding, 'if-none-match': '"other"' },
      });
      expect(changed.statusCode).toBe(200);
    },
  );

  it.each(['/index.html', '/contact.en.html', '/landing.ko.html'])(
    'answers the HTML file %s itself with 404: HTML goes out only as a page, configuration written in',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root"');
    },
  );

  it('answers / with index.html when the build has no prerendered landing page', async () => {
    const temp = makeTempDir();
    const root = writeWebFixture(temp.dir);
    rmSync(path.join(root, 'landing.ko.html'));
    const bare = await createTestApp({ WEB_DIST_DIR: root });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    } finally {
      await bare.close();
      temp.remove();
    }
  });

  it('serves fingerprinted assets as immutable, compressed when asked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    ['br, gzip', 'br', '//br-copy'],
    ['gzip', 'gzip', '//gz-copy'],
  ])(
    "sends the build's precompressed copy to a browser accepting %s",
    async (acceptEncoding, encoding, copy) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/built-def456.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
      const raw = response.rawPayload;
      const text = (encoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString();
      expect(text.endsWith(copy)).toBe(true);
    },
  );

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/built-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('precompressed');
    expect(response.body).not.toMatch(/-copy$/);
  });

  it.each(['/robots.txt'])(
    'sends %s, which keeps its name across builds, with no-cache (revalidated, never stale)',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers a missing file with 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('sends a strict Content-Security-Policy and the other helmet headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('upgrades insecure requests and sends HSTS only behind an https PUBLIC_URL', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://teams.example.org' });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/' });
      expect(String(response.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
      expect(response.headers['strict-transport-security']).toBeDefined();
    } finally {
      await https.close();
    }
  });

  it('says how to build the web app when it is missing, and the API still works', async () => {
    const empty = makeTempDir();
    const bare = await createTestApp({ WEB_DIST_DIR: empty.dir });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('npm run build');
      const health = await bare.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await bare.close();
      empty.remove();
    }
  });
});

describe('the OpenAPI document', () => {
  it('is served at /api/docs with the routes described', async () => {
    const t = await createTestApp();
    try {
      const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      const document = json.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/health', '/api/config']),
      );
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect([200, 302]).toContain(ui.statusCode);
    } finally {
      await t.close();
    }
  });
});
