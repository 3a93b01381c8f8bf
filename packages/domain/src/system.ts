import { z } from 'zod';
import { passwordPolicySchema } from './password.ts';

/** GET /api/health: the app and its database (503 with the same shape when the database is down). */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/config: what the web app needs to know of the server's configuration. */
export const publicConfig = z.object({
  contactEmail: z.email(),
  googleEnabled: z.boolean(),
  phoneEnabled: z.boolean(),
  passwordPolicy: passwordPolicySchema,
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** One message of the dev outbox (mail or SMS that was not sent). */
export const outboxMessage = z.object({
  id: z.string(),
  kind: z.enum(['mail', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  /** The first link of the message, if any (what a developer or a test wants to open). */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
