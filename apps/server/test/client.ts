import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over `app.inject`: keeps cookies between requests and sends the app's
 * own Origin on state-changing requests, as a browser on the app's page would.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;
  readonly origin: string;

  constructor(app: FastifyInstance, origin: string) {
    this.app = app;
    this.origin = origin;
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const options: InjectOptions = {
      method,
      url,
      headers: {
        ...(method === 'GET' ? {} : { origin: this.origin }),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
    };
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    const response = await this.app.inject(options);
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const isExpired =
        attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, payload: unknown = {}) {
    return this.request('POST', url, payload);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Signs up with e-mail and password (the session cookie is kept). */
  signUp(email: string, password = 'secret-pass-1', name = 'Test User', callbackURL = '/app') {
    return this.post('/api/auth/sign-up/email', { name, email, password, callbackURL });
  }

  signIn(email: string, password = 'secret-pass-1') {
    return this.post('/api/auth/sign-in/email', { email, password });
  }
}

let counter = 0;
/** A unique e-mail address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The path and query of an absolute link (to follow it with inject). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * Factory: a signed-in user (verified through the real verification link unless asked not to).
 * Works with the dev outbox, the default when SMTP_URL is unset.
 */
export async function buildUser(
  app: FastifyInstance,
  origin: string,
  overrides: { email?: string; password?: string; name?: string; verified?: boolean } = {},
) {
  const client = new TestClient(app, origin);
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret-pass-1';
  const response = await client.signUp(email, password, overrides.name ?? 'Test User');
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  if (overrides.verified !== false) {
    const mail = app.outbox
      .list()
      .find((message) => message.to === email && message.kind === 'mail');
    if (!mail?.link) throw new Error(`no verification mail for ${email}`);
    const verified = await client.get(pathOf(mail.link));
    if (verified.statusCode !== 302)
      throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  }
  const me = await client.get('/api/me');
  const user = me.json().user as { id: string; email: string };
  return { client, email, password, id: user.id };
}
