import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser stand-in over `inject` (the tests' client, and the demo seeder's): keeps cookies, fetches and sends the CSRF token like the
 * web app's api client, and speaks a chosen language.
 */
export class InjectClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;
  language: 'it' | 'en' = 'en';
  /** The browser it says it is (sessions list, new-browser alerts); inject's own when unset. */
  userAgent: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(method: Method, url: string, body?: unknown, extra: Partial<InjectOptions> = {}) {
    if (method !== 'GET' && this.csrfToken === undefined) await this.refreshCsrf();
    const headers: Record<string, string> = {
      'accept-language': this.language,
      cookie: this.cookieHeader,
      ...(this.userAgent ? { 'user-agent': this.userAgent } : {}),
      ...(method !== 'GET' && this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
      ...((extra.headers as Record<string, string>) ?? {}),
    };
    const response = await this.app.inject({
      method,
      url,
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { payload: body }
          : { payload: body as object }),
      ...extra,
      headers,
    });
    this.remember(response);
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown, extra?: Partial<InjectOptions>) =>
    this.request('POST', url, body ?? {}, extra);
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);

  async refreshCsrf(): Promise<string> {
    const response = await this.get('/api/csrf-token');
    this.csrfToken = response.json<{ csrfToken: string }>().csrfToken;
    return this.csrfToken;
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** Solves a captcha challenge the way the browser widget does. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
