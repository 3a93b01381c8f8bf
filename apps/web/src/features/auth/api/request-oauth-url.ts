import { apiFetch } from '../../../lib/api-client';

export interface OAuthUrlInput {
  /** Where the provider's callback sends the browser after a successful sign-in. */
  callbackURL: string;
  /** Where it goes on failure, with ?error=<reason>. */
  errorCallbackURL: string;
}

/**
 * POST /api/auth/sign-in/social (provider google) with disableRedirect: the Google authorization URL to send the
 * popup (or the page) to. The response also sets the state cookie the callback checks.
 * Not a mutation hook: the popup flow has to run it right after window.open, in one handler.
 */
export async function requestGoogleAuthUrl(input: OAuthUrlInput): Promise<string> {
  const body = await apiFetch<{ url?: unknown }>('/api/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'google', disableRedirect: true, ...input },
  });
  if (typeof body?.url !== 'string') throw new TypeError('sign-in/social: no url in the answer');
  return body.url;
}
