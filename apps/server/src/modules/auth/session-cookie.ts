import { createHmac, timingSafeEqual } from 'node:crypto';

/** The value of one cookie in a Cookie header, URL-decoded; undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The session token of a signed session cookie, when its signature is right. Better Auth signs
 * the cookie as `<token>.<base64 HMAC-SHA256(secret, token)>` (better-call's signCookieValue).
 */
export function verifiedSessionToken(
  header: string | undefined,
  name: string,
  secret: string,
): string | undefined {
  const value = readCookie(header, name);
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
    return undefined;
  return token;
}
