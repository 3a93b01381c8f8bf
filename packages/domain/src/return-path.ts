// The sign-up link's parameters and the page to come back to after sign-up (issue 24, decision
// 0021), shared by the invitation mail and the web app's auth feature. A module without imports:
// the shell of every page reads it, and it must not bring any schema's code with it.

/**
 * The query parameter that opens the sign-up (or sign-in) dialog on the page it is added to:
 * `/workspace/{id}?auth=signUp`. After sign-up the verification link brings the person back to
 * that page (without the parameter), or to `returnTo` when it is a path of this site.
 */
export const AUTH_INTENT_PARAM = 'auth';
/** The page to come back to after sign-up and verification (a same-origin path only). */
export const RETURN_TO_PARAM = 'returnTo';
/** The dialog tabs `?auth=` may open. */
export const AUTH_INTENTS = ['signUp', 'signIn'] as const;
export type AuthIntent = (typeof AUTH_INTENTS)[number];

/** The pairs of a query string (`?a=1&b=2`), decoded; a pair that does not decode is left out. */
function queryPairs(search: string): Array<[string, string]> {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return [];
  return query.split('&').flatMap((part): Array<[string, string]> => {
    const at = part.indexOf('=');
    const [name, value] = at === -1 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    try {
      const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
      return [[decode(name), decode(value)]];
    } catch {
      return [];
    }
  });
}

/** The first value of `name` in a query string, or null. */
function queryValue(search: string, name: string): string | null {
  return queryPairs(search).find(([key]) => key === name)?.[1] ?? null;
}

/** The `?auth=` value of a query string, if it is one of AUTH_INTENTS. */
export function authIntentOf(search: string): AuthIntent | null {
  const value = queryValue(search, AUTH_INTENT_PARAM);
  return AUTH_INTENTS.find((intent) => intent === value) ?? null;
}

/**
 * `value` when it is a path of this site (`/workspace/1?x=2`), else null: nothing with a scheme
 * or a host (`https://evil.example`, `//evil.example`, `/\evil.example`), no control characters
 * (browsers drop tabs and newlines inside URLs: `/\t/evil.example` would become `//evil.example`).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return null;
  }
  return value;
}

/**
 * The path and query a page should come back to after sign-up: a safe `returnTo` of its query,
 * else the page itself without the sign-up parameters.
 */
export function returnPathOf(pathname: string, search: string): string {
  const returnTo = safeReturnPath(queryValue(search, RETURN_TO_PARAM));
  if (returnTo) return returnTo;
  const query = search.startsWith('?') ? search.slice(1) : search;
  const rest = query
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const name = part.split('=')[0];
      return name !== AUTH_INTENT_PARAM && name !== RETURN_TO_PARAM;
    })
    .join('&');
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The link of an invitation: the workspace, with the sign-up dialog for an address with no account. */
export function invitationPath(workspaceId: string, hasAccount: boolean): string {
  const path = `/workspace/${encodeURIComponent(workspaceId)}`;
  return hasAccount ? path : `${path}?${AUTH_INTENT_PARAM}=signUp`;
}
