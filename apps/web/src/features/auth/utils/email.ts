/** E-mail as the server stores it: trimmed and lower-case. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** A light shape check (something@something.tld); the server decides the rest. */
export function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
