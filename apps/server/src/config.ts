import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BYTES_PER_MB,
  type PasswordPolicy,
  PASSWORD_MIN_LENGTH_DEFAULT,
} from '@teamshuffle/domain';
import { z } from 'zod';

/** Where the embedded database lives, or the PostgreSQL server to use. */
export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string; inChildProcess: boolean }
  | { kind: 'pglite-memory'; inChildProcess: boolean }
  | { kind: 'postgres'; url: string };

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (value) => value === 'memory://' || /^postgres(ql)?:\/\//.test(value),
          'must start with postgres:// or postgresql:// (or be memory:// for a throw-away embedded database)',
        )
        .optional(),
    ),
    WEB_DIST_DIR: optionalString,
    STORAGE: z.enum(['disk', 's3']).default('disk'),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Teamshuffle <no-reply@localhost>'),
    CONTACT_EMAIL: z.email().default('contact@teamshuffle.example'),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://accounts.google.com')),
    SMS_GATEWAY_URL: optionalUrl,
    SMS_API_KEY: optionalString,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: z.preprocess(emptyToUndefined, booleanString.default(false)),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    PASSWORD_MIN_LENGTH: z.coerce
      .number()
      .int()
      .min(1)
      .max(128)
      .default(PASSWORD_MIN_LENGTH_DEFAULT),
    PASSWORD_MAX_LENGTH: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1024).optional(),
    ),
    PASSWORD_REQUIRE_LOWERCASE: z.preprocess(emptyToUndefined, booleanString.default(false)),
    PASSWORD_REQUIRE_UPPERCASE: z.preprocess(emptyToUndefined, booleanString.default(false)),
    PASSWORD_REQUIRE_NUMBER: z.preprocess(emptyToUndefined, booleanString.default(false)),
    PASSWORD_REQUIRE_SYMBOL: z.preprocess(emptyToUndefined, booleanString.default(false)),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(4500),
    // How long a signed-in page's first render may take before the visitor gets the app instead
    // (decision 0011). The tests set a long one: a slow machine must not turn a page into the app.
    SERVER_RENDER_TIME_LIMIT_MS: z.coerce.number().int().min(100).max(120_000).default(2000),
    // The embedded database in a child process of its own, off the event loop (decision 0033;
    // the default since 2026-11-27); `false` runs it on the event loop.
    PGLITE_PROCESS: booleanString.default(true),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
    // spec part 1, section 9: 100 MB per user
    STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(100),
    ADMIN_EMAILS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()))
        .pipe(z.array(z.email('must be e-mail addresses separated by commas')))
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE === 's3') {
      for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE=s3' });
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'is required when the other Google variable is set',
      });
    }
    if (
      env.PASSWORD_MAX_LENGTH !== undefined &&
      env.PASSWORD_MAX_LENGTH < env.PASSWORD_MIN_LENGTH
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_MAX_LENGTH'],
        message: 'must not be below PASSWORD_MIN_LENGTH',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
  });

/** The application's configuration, parsed once from the environment. */
export type AppConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  webDistDir: string;
  storage:
    | { kind: 'disk'; dir: string }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      };
  mail: { smtpUrl: string | undefined; from: string };
  contactEmail: string;
  /** undefined until resolved: `resolveAuthSecret` reads or creates it in the data directory. */
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  sms: { gatewayUrl: string; apiKey: string | undefined } | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  passwordPolicy: PasswordPolicy;
  /** Origins whose browsers may send state-changing requests (the public URL; dev servers too). */
  trustedOrigins: string[];
  shutdownTimeoutMs: number;
  /** Past this a signed-in page's render is not waited for: the visitor gets the app. */
  serverRenderTimeLimitMs: number;
  /** How long a client may take: see `createHttpServer` and the request-deadline plugin. */
  timeouts: { headersMs: number; bodyMs: number; uploadMs: number };
  /**
   * Where mail and SMS go when no SMTP server or SMS gateway is set: the dev outbox (readable at
   * GET /api/dev/outbox from this machine only) or the server log. See decisions/0004.
   */
  devOutbox: boolean;
  /** Bytes each user may store (the spec's 100 MB unless STORAGE_QUOTA_MB says otherwise). */
  storageQuotaBytes: number;
  /** Accounts (by verified e-mail) that may post system announcements. */
  adminEmails: string[];
};

/** Whether a host name or address names this machine's loopback interface. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(bare) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
  );
}

function trustedOriginsFor(publicUrl: string, port: number, isProduction: boolean): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  if (!isProduction) {
    // The same server by its other loopback name, and the Vite dev server (`npm run dev`).
    for (const host of ['localhost', '127.0.0.1']) {
      origins.add(`http://${host}:${port}`);
      origins.add(`http://${host}:5173`);
    }
  }
  return [...origins];
}

/** Thrown when the environment has a wrong or missing value; its message is one line naming it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Parses the environment once; throws a ConfigError naming the first bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    const value = typeof issue?.path[0] === 'string' ? source[issue.path[0]] : undefined;
    const shown =
      value === undefined || /SECRET|KEY|PASSWORD/i.test(name) ? '' : ` (got "${value}")`;
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`,
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

  let database: DatabaseConfig;
  const inChildProcess = env.PGLITE_PROCESS;
  if (env.DATABASE_URL === undefined)
    database = { kind: 'pglite', dataDir: path.join(dataDir, 'db'), inChildProcess };
  else if (env.DATABASE_URL === 'memory://') database = { kind: 'pglite-memory', inChildProcess };
  else database = { kind: 'postgres', url: env.DATABASE_URL };

  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    database,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: env.S3_ENDPOINT ?? '',
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION ?? '',
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : { kind: 'disk', dir: path.join(dataDir, 'files') },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    contactEmail: env.CONTACT_EMAIL,
    authSecret: env.AUTH_SECRET,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER,
          }
        : undefined,
    sms: env.SMS_GATEWAY_URL
      ? { gatewayUrl: env.SMS_GATEWAY_URL, apiKey: env.SMS_API_KEY }
      : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    passwordPolicy: {
      minLength: env.PASSWORD_MIN_LENGTH,
      maxLength: env.PASSWORD_MAX_LENGTH ?? null,
      requireLowercase: env.PASSWORD_REQUIRE_LOWERCASE,
      requireUppercase: env.PASSWORD_REQUIRE_UPPERCASE,
      requireNumber: env.PASSWORD_REQUIRE_NUMBER,
      requireSymbol: env.PASSWORD_REQUIRE_SYMBOL,
    },
    trustedOrigins: trustedOriginsFor(publicUrl, env.PORT, env.NODE_ENV === 'production'),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    serverRenderTimeLimitMs: env.SERVER_RENDER_TIME_LIMIT_MS,
    timeouts: {
      headersMs: env.HEADERS_TIMEOUT_MS,
      bodyMs: env.BODY_TIMEOUT_MS,
      uploadMs: env.UPLOAD_TIMEOUT_MS,
    },
    storageQuotaBytes: env.STORAGE_QUOTA_MB * BYTES_PER_MB,
    adminEmails: env.ADMIN_EMAILS ?? [],
    // The outbox hands out sign-in links, so it exists only where nobody but this machine's user
    // can reach the server: not in production, not behind a proxy, and only while both the
    // listening address and the public URL are loopback.
    devOutbox:
      env.NODE_ENV !== 'production' &&
      !env.TRUST_PROXY &&
      isLoopbackHost(env.HOST) &&
      isLoopbackHost(new URL(publicUrl).hostname),
  };
}

/**
 * Returns AUTH_SECRET, or (outside production) a secret generated once and kept in
 * `$DATA_DIR/auth-secret` so sessions survive restarts without any configuration.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
