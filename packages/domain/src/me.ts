import { z } from 'zod';

/** The signed-in user's own record, as GET /api/me returns it (`{ user: MeView | null }`). */
export const meView = z.object({
  id: z.string(),
  displayName: z.string(),
  /** Null for an account made with a phone number only. */
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, or null before the first recorded sign-in. */
  lastLoginAt: z.string().nullable(),
  /** True once the e-mail is verified or the identity came from a verified provider. */
  isVerified: z.boolean(),
  /** False for Google- or phone-only accounts: they delete without a password. */
  hasPassword: z.boolean(),
});
export type MeView = z.infer<typeof meView>;

/** GET /api/me: the signed-in user, or null when signed out (an answer, not an error). */
export const meResponse = z.object({ user: meView.nullable() });

/** DELETE /api/me: type DELETE exactly, and the password when the account has one. */
export const deleteAccountInput = z.object({
  confirmation: z.string().max(100),
  password: z.string().max(1024).optional(),
});
