import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/helpers.ts';
import { ConfigError, loadConfig, resolveAuthSecret } from './config.ts';

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('data', 'db'),
      inChildProcess: true,
    });
    expect(config.storage).toEqual({ kind: 'disk', dir: path.resolve('data', 'files') });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.from).toBe('Teamshuffle <no-reply@localhost>');
    expect(config.google).toBeUndefined();
  });

  it('runs the embedded database in a process of its own unless PGLITE_PROCESS=false (decision 0033)', () => {
    expect(loadConfig({ PGLITE_PROCESS: 'false' }).database).toMatchObject({
      inChildProcess: false,
    });
    expect(loadConfig({ PGLITE_PROCESS: 'true' }).database).toMatchObject({ inChildProcess: true });
    expect(loadConfig({ PGLITE_PROCESS: 'true', DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite-memory',
      inChildProcess: true,
    });
    expect(() => loadConfig({ PGLITE_PROCESS: 'maybe' })).toThrow(ConfigError);
  });

  it("waits 2 s for a signed-in page's render unless SERVER_RENDER_TIME_LIMIT_MS says otherwise", () => {
    expect(loadConfig({}).serverRenderTimeLimitMs).toBe(2000);
    expect(loadConfig({ SERVER_RENDER_TIME_LIMIT_MS: '60000' }).serverRenderTimeLimitMs).toBe(
      60_000,
    );
    expect(() => loadConfig({ SERVER_RENDER_TIME_LIMIT_MS: '50' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVER_RENDER_TIME_LIMIT_MS: 'soon' })).toThrow(ConfigError);
  });

  it('keeps the dev outbox only where the server is this machine alone (decisions/0004)', () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ HOST: 'localhost', PUBLIC_URL: 'http://127.0.0.1:3000' }).devOutbox).toBe(
      true,
    );
    expect(loadConfig({ HOST: '::1' }).devOutbox).toBe(true);
    // Shared with a class: every other address, a public URL, a proxy, production.
    expect(loadConfig({ HOST: '0.0.0.0' }).devOutbox).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).devOutbox).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://class.example.org' }).devOutbox).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }).devOutbox).toBe(
      false,
    );
  });

  it('follows PORT in the default public URL and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://teams.example.org/' }).publicUrl).toBe(
      'https://teams.example.org',
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/app',
    });
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT/],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid configuration: DATABASE_URL must start with postgres:\/\//,
    ],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must start with smtp/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ STORAGE: 's3' }, /S3_ENDPOINT is required when STORAGE=s3/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_SECRET is required/],
    [{ NODE_ENV: 'production' }, /AUTH_SECRET is required in production/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET must be at least 32 characters$/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const text = (caught as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });

  it('never echoes a secret value', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'hunter2' })).toThrow(/^(?!.*hunter2).*$/);
  });
});

describe('resolveAuthSecret', () => {
  it('generates a secret once, keeps it in the data directory and reuses it', () => {
    const temp = makeTempDir();
    try {
      const config = loadConfig({ DATA_DIR: temp.dir });
      const first = resolveAuthSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(existsSync(path.join(temp.dir, 'auth-secret'))).toBe(true);
      expect(resolveAuthSecret(config)).toBe(first);
      expect(readFileSync(path.join(temp.dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    } finally {
      temp.remove();
    }
  });

  it('prefers AUTH_SECRET from the environment', () => {
    const secret = 's'.repeat(40);
    expect(resolveAuthSecret(loadConfig({ AUTH_SECRET: secret }))).toBe(secret);
  });
});
