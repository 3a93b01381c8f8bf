import {
  checkPassword,
  describePasswordRule,
  type Language,
  type LanguageHeaders,
  type PasswordPolicy,
  requestLanguageOf,
} from '@teamshuffle/domain';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../plugins/database.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { SmsSender } from '../../plugins/sms.ts';
import { account, session, user, verification } from '../users/users.table.ts';
import { isUserDisabled, recordLogin, rememberLanguage } from '../users/users.repository.ts';
import { resetPasswordMail, signInCodeText, verificationMail } from './auth-mails.ts';
import { createRateLimitStore, createSharedRateLimitStore } from './rate-limit-store.ts';

/**
 * The language of the request behind an auth action (its language cookie, else its browser's,
 * as `requestLanguage` reads it): the account mails and the sign-in code are written in it
 * (decision 0041). English without a request.
 */
function languageOf(headers: Headers | undefined): Language {
  return requestLanguageOf(languageHeaders(headers)).language;
}

/** The language headers of a Fetch API request's headers (none: no language of its own). */
function languageHeaders(headers: Headers | undefined): LanguageHeaders {
  return {
    cookie: headers?.get('cookie') ?? undefined,
    'accept-language': headers?.get('accept-language') ?? undefined,
  };
}

export const PHONE_CODE_TTL_SECONDS = 300;
/** Sessions last 30 days and are renewed at most once a day, on use. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
export const PHONE_CODE_ATTEMPTS = 3;
// Phone-only accounts need an e-mail for Better Auth; `.invalid` can never be a real mailbox, so
// such an address never matches a roster e-mail.
export const PHONE_EMAIL_DOMAIN = 'phone.teamshuffle.invalid';

/** An account whose e-mail is verified, as the verification listeners receive it. */
export type VerifiedAccount = { id: string; email: string; name: string };

type AuthDeps = {
  config: AppConfig;
  db: Db;
  secret: string;
  mailer: Mailer;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** Called (not awaited) for each create or update of an account with a verified e-mail. */
  onAccountVerified: (account: VerifiedAccount) => void;
};

// The endpoints whose body carries a new password.
const PASSWORD_PATHS = new Set(['/sign-up/email', '/reset-password', '/change-password']);

function passwordRulesError(password: string, policy: PasswordPolicy): APIError | undefined {
  const broken = checkPassword(password, policy);
  if (broken.length === 0) return undefined;
  const rules = broken.map((rule) => describePasswordRule(rule, policy).toLowerCase()).join(', ');
  return new APIError('BAD_REQUEST', {
    code: 'PASSWORD_RULES',
    message: `The password does not meet the requirements: ${rules}.`,
  });
}

/** The Better Auth instance: e-mail + password, verification mail, Google (OIDC), phone codes. */
export function createAuth({ config, db, secret, mailer, sms, log, onAccountVerified }: AuthDeps) {
  const policy = config.passwordPolicy;
  const authPaths = [
    '/sign-in/email',
    '/sign-up/email',
    '/request-password-reset',
    '/reset-password',
  ];
  const phonePaths = ['/phone-number/send-otp', '/phone-number/verify', '/sign-in/phone-number'];
  const authLimit = { window: 60, max: config.authRateLimitPerMinute };

  return betterAuth({
    appName: 'Teamshuffle',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // Better Auth's messages go to the app's own log (levels, redaction, request ids).
    logger: {
      log: (level, message, ...args: unknown[]) => {
        const details = args.length > 0 ? { details: args } : {};
        if (level === 'error') log.error(details, `auth: ${message}`);
        else if (level === 'warn') log.warn(details, `auth: ${message}`);
        else log.debug(details, `auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    user: {
      additionalFields: {
        lastLoginAt: { type: 'date', required: false, input: false },
        disabled: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength ?? 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, url }, request) => {
        await mailer.send(
          resetPasswordMail(target.email, target.name, url, languageOf(request?.headers)),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: target, url }, request) => {
        await mailer.send(
          verificationMail(target.email, target.name, url, languageOf(request?.headers)),
        );
      },
    },
    rateLimit: {
      enabled: true,
      // Shared by every instance on PostgreSQL; the embedded database is one instance's.
      customStorage:
        config.database.kind === 'postgres'
          ? createSharedRateLimitStore(db)
          : createRateLimitStore(),
      window: 60,
      max: Math.max(config.rateLimitPerMinute, 100),
      customRules: Object.fromEntries(
        [...authPaths, ...phonePaths].map((path) => [path, authLimit]),
      ),
    },
    advanced: {
      cookiePrefix: 'teamshuffle',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      // The Fastify bridge puts the client address (trust-proxy aware) in this header.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        const body = ctx.body as { password?: unknown; newPassword?: unknown } | undefined;
        const password = ctx.path === '/sign-up/email' ? body?.password : body?.newPassword;
        if (typeof password !== 'string') return;
        const error = passwordRulesError(password, policy);
        if (error) throw error;
      }),
    },
    databaseHooks: {
      // An account whose e-mail is (or becomes) verified: by the link, or through Google.
      user: {
        create: {
          after: async (created) => {
            if (created.emailVerified) onAccountVerified(created);
          },
        },
        update: {
          after: async (updated) => {
            if (updated.emailVerified) onAccountVerified(updated);
          },
        },
      },
      session: {
        create: {
          before: async (newSession) => {
            if (await isUserDisabled(db, newSession.userId)) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DISABLED',
                message: 'This account has been disabled.',
              });
            }
          },
          after: async (newSession, context) => {
            await recordLogin(db, newSession.userId);
            // The language the app signs in from: the account's mails are written in it
            // (decision 0041). A session made without a request (none here) records nothing.
            // Best effort: a sign-in never fails for it.
            const headers = context?.request?.headers ?? context?.headers;
            if (!headers) return;
            try {
              await rememberLanguage(
                db,
                newSession.userId,
                requestLanguageOf(languageHeaders(headers)),
              );
            } catch (error) {
              log.warn({ err: error }, "recording the account's language failed");
            }
          },
        },
      },
    },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: PHONE_CODE_TTL_SECONDS,
        allowedAttempts: PHONE_CODE_ATTEMPTS,
        phoneNumberValidator: (value) => /^\+[1-9]\d{6,14}$/.test(value),
        sendOTP: async ({ phoneNumber: to, code }, context) => {
          const language = languageOf(context?.request?.headers ?? context?.headers);
          try {
            await sms.send(to, signInCodeText(code, PHONE_CODE_TTL_SECONDS / 60, language));
          } catch (error) {
            log.error({ err: error }, 'sending the sign-in code failed');
            throw error;
          }
        },
        signUpOnVerification: {
          getTempEmail: (value) => `${value.replace(/\D/g, '')}@${PHONE_EMAIL_DOMAIN}`,
          getTempName: (value) => value,
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
