/** The signed-in user's own record, as GET /api/me returns it (`{ user: MeView | null }`). */
export type MeView = {
  id: string;
  displayName: string;
  /** Null for an account made with a phone number only. */
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  photoUrl: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null before the first recorded sign-in. */
  lastLoginAt: string | null;
  /** True once the e-mail is verified or the identity came from a verified provider. */
  isVerified: boolean;
  /** False for Google- or phone-only accounts: they delete without a password. */
  hasPassword: boolean;
};
