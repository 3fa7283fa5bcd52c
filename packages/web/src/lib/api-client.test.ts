import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, clearCsrfToken, getCsrfToken } from './api-client';

/** A stand-in for the server (the outside world of the browser), recording what it receives. */
function fakeServer(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return handler(url, init);
  });
  return calls;
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const header = (init: RequestInit, name: string) =>
  (init.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => clearCsrfToken());
afterEach(() => vi.unstubAllGlobals());

describe('api client: the CSRF protocol of SPEC §7', () => {
  it('fetches the token once, shared by concurrent callers, and sends it on unsafe methods only', async () => {
    let issued = 0;
    const calls = fakeServer((url) =>
      url === '/api/csrf-token' ? json(200, { csrfToken: `t${++issued}` }) : json(200, { ok: true }),
    );
    await Promise.all([
      apiRequest('POST', '/api/a', {}),
      apiRequest('POST', '/api/b', {}),
      apiRequest('GET', '/api/c'),
    ]);
    expect(calls.filter((c) => c.url === '/api/csrf-token')).toHaveLength(1);
    expect(header(calls.find((c) => c.url === '/api/a')!.init, 'X-CSRF-Token')).toBe('t1');
    expect(header(calls.find((c) => c.url === '/api/c')!.init, 'X-CSRF-Token')).toBeUndefined();
    expect(calls.every((c) => c.init.credentials === 'include' || c.url === '/api/csrf-token')).toBe(true);
  });

  it('on 403 CSRF_TOKEN_INVALID clears the token, fetches a new one and retries once, returning the retry as is', async () => {
    let issued = 0;
    let attempts = 0;
    const calls = fakeServer((url) => {
      if (url === '/api/csrf-token') return json(200, { csrfToken: `t${++issued}` });
      attempts += 1;
      return json(403, { code: 'CSRF_TOKEN_INVALID', message: 'bad token' });
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(apiRequest('POST', '/api/x', {})).rejects.toMatchObject({
      status: 403,
      code: 'CSRF_TOKEN_INVALID',
    });
    expect(attempts).toBe(2);
    expect(header(calls.at(-1)!.init, 'X-CSRF-Token')).toBe('t2');
    expect(warn).toHaveBeenCalled();
  });

  it('a clear during a token fetch wins: the old fetch neither caches its token nor drops the newer fetch', async () => {
    const answers: ((token: string) => void)[] = [];
    const calls = fakeServer((url) =>
      url === '/api/csrf-token'
        ? new Promise<Response>((resolve) =>
            answers.push((token) => resolve(json(200, { csrfToken: token }))),
          )
        : json(200, { ok: true }),
    );
    const tokenFetches = () => calls.filter((c) => c.url === '/api/csrf-token').length;
    const before = getCsrfToken();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    clearCsrfToken(); // e.g. signed out while the first fetch was in flight
    const after = getCsrfToken();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!('old');
    expect(await before).toBe('old');
    // The stale fetch has settled: a third caller still shares the newer fetch.
    const third = getCsrfToken();
    answers[1]!('new');
    expect(await after).toBe('new');
    expect(await third).toBe('new');
    expect(await getCsrfToken()).toBe('new');
    expect(tokenFetches()).toBe(2);
  });

  it("a token fetch failure is 'Failed to fetch CSRF token', logged, and the request goes out without a token", async () => {
    const calls = fakeServer((url) => (url === '/api/csrf-token' ? json(500, {}) : json(200, { ok: true })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await getCsrfToken()).toBeNull();
    expect(String(error.mock.calls[0]?.[1])).toContain('Failed to fetch CSRF token');
    await apiRequest('POST', '/api/y', {});
    expect(header(calls.at(-1)!.init, 'X-CSRF-Token')).toBeUndefined();
  });

  it("a non-ok answer is an error 'status: text' that keeps the server's code and message", async () => {
    fakeServer(() => json(409, { code: 'ALREADY_VOTED', message: 'Hai già votato per questo periodo' }));
    const failure = await apiRequest('GET', '/api/z').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe(
      '409: {"code":"ALREADY_VOTED","message":"Hai già votato per questo periodo"}',
    );
    expect((failure as ApiError).serverMessage).toBe('Hai già votato per questo periodo');
  });

  it('sends the extra headers of a call, the same on the CSRF retry (one Idempotency-Key per action)', async () => {
    let issued = 0;
    const calls = fakeServer((url) => {
      if (url === '/api/csrf-token') return json(200, { csrfToken: `t${++issued}` });
      return issued === 1 ? json(403, { code: 'CSRF_TOKEN_INVALID' }) : json(200, { ok: true });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await apiRequest('POST', '/api/pay', {}, { headers: { 'Idempotency-Key': 'key-12345' } });
    const pays = calls.filter((c) => c.url === '/api/pay');
    expect(pays.map((c) => header(c.init, 'Idempotency-Key'))).toEqual(['key-12345', 'key-12345']);
  });
});
