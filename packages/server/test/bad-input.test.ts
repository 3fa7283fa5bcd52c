import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { organizations, users } from '../src/db/schema';
import { newPerson, register, TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

async function rowCounts() {
  const [u] = await t.database.db.select({ n: count() }).from(users);
  const [o] = await t.database.db.select({ n: count() }).from(organizations);
  return { users: u!.n, organizations: o!.n };
}

describe('bad input gets a 4xx with a code and a message in the user language, and writes nothing', () => {
  it('malformed JSON', async () => {
    const client = new TestClient(t.app);
    client.language = 'it';
    const before = await rowCounts();
    const response = await client.post('/api/register', '{"username": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'INVALID_JSON',
      message: 'Il corpo della richiesta non è un JSON valido.',
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('wrong types, missing fields and unknown fields, with details per field', async () => {
    const client = new TestClient(t.app);
    const before = await rowCounts();
    const wrongTypes = await client.post('/api/register', { username: 42, email: 'x', password: true });
    expect(wrongTypes.statusCode).toBe(400);
    const body = wrongTypes.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('Please check your input and try again.');
    const fields = body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'firstName', 'acceptTerms']),
    );

    const unknown = await client.post('/api/login', { username: 'a', password: 'b', isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toMatchObject({ rule: 'unrecognized_keys' });
    expect(await rowCounts()).toEqual(before);
  });

  it('localizes field details in Italian', async () => {
    const client = new TestClient(t.app);
    client.language = 'it';
    const response = await client.post('/api/family', { name: 'x', type: 'family' });
    // Signed out is checked after validation: the field rule speaks first.
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toEqual({
      field: 'name',
      rule: 'too_small',
      message: 'Deve avere almeno 2 caratteri.',
    });
  });

  it('a NUL character in a body, a query or a key: 400 naming the field, nothing written', async () => {
    // PostgreSQL's text cannot hold U+0000: before the guard this was a 500 from the query.
    const { client } = await register(t.app);
    client.language = 'it';
    const before = await rowCounts();
    const endpoint = await client.request('DELETE', '/api/push/subscriptions', { endpoint: 'a\u0000b' });
    expect(endpoint.statusCode).toBe(400);
    expect(endpoint.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Controlla i dati inseriti e riprova.',
      details: [{ field: 'endpoint', rule: 'invalid_format', message: 'Il formato non è valido.' }],
    });
    const nested = await client.post('/api/register', { ...newPerson(), organization: { name: 'x\u0000' } });
    expect(nested.json().details[0].field).toBe('organization.name');
    const query = await client.get('/api/requests?status=open%00');
    expect([query.statusCode, query.json().details[0].field]).toEqual([400, 'status']);
    const key = await client.post('/api/login', { 'user\u0000name': 'a', password: 'b' });
    expect(key.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('bodies over 1 MB', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', { username: 'x'.repeat(1_100_000), password: 'y' });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a missing or wrong CSRF token', async () => {
    const { client } = await register(t.app);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/family/leave',
      headers: { cookie: client.cookieHeader },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('CSRF_TOKEN_INVALID');
    const wrong = await client.post('/api/family/leave', {}, { headers: { 'x-csrf-token': 'forged' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('CSRF_TOKEN_INVALID');
    expect((await client.get('/api/family')).statusCode).toBe(200);
  });

  it('a guessed session cookie', async () => {
    const client = new TestClient(t.app);
    client.setCookie('giro.sid', 'guessed-session-id.signature');
    expect((await client.get('/api/session/check')).json()).toEqual({ authenticated: false });
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/dashboard')).statusCode).toBe(401);
  });

  it('unknown API paths are a JSON 404', async () => {
    const response = await new TestClient(t.app).get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After on repeated sign-in attempts', async () => {
    await t.close();
    t = await createTestApp({ rateLimitScale: 1 });
    const client = new TestClient(t.app);
    let last = await client.post('/api/login', { username: 'someone', password: 'wrong password' });
    for (let i = 0; i < 10; i++)
      last = await client.post('/api/login', { username: 'someone', password: 'wrong password' });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json().code).toBe('RATE_LIMITED');
  });

  /** Sends `attempts` requests from one address; the last answer. */
  async function hammer(url: string, body: unknown, attempts: number) {
    await t.close();
    t = await createTestApp({ rateLimitScale: 1 });
    const client = new TestClient(t.app);
    const answers = [];
    for (let i = 0; i < attempts; i++) answers.push(await client.post(url, body));
    return answers;
  }

  function expectLimitedAfter(
    answers: { statusCode: number; headers: Record<string, unknown>; json(): { code: string } }[],
    allowed: number,
  ) {
    expect(answers.slice(0, allowed).every((a) => a.statusCode !== 429)).toBe(true);
    const last = answers.at(-1)!;
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().code).toBe('RATE_LIMITED');
  }

  it('registration: 5 attempts in 10 minutes, then 429 with Retry-After', async () => {
    const person = newPerson();
    const body = {
      ...person,
      acceptTerms: true,
      captcha: 'not-solved',
      organization: null,
      inviteCode: 'NOPE',
    };
    expectLimitedAfter(await hammer('/api/register', body, 6), 5);
  });

  it('forgot password: 5 requests in 15 minutes, then 429 with Retry-After', async () => {
    const answers = await hammer('/api/forgot-password', { email: 'someone@example.com' }, 6);
    expect(answers[0]!.statusCode).toBe(200);
    expectLimitedAfter(answers, 5);
  });

  it('reset password: 10 attempts in 15 minutes, then 429 with Retry-After', async () => {
    const answers = await hammer(
      '/api/reset-password',
      { token: 'guessed', password: 'correct horse battery' },
      11,
    );
    expect(answers[0]!.json().code).toBe('INVALID_RESET_TOKEN');
    expectLimitedAfter(answers, 10);
  });

  it('one verification email a minute per user', async () => {
    const { client } = await register(t.app);
    const soon = await client.post('/api/verify-email/send');
    expect(soon.statusCode).toBe(429);
    const wait = Number(soon.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Said as every limit says it, in the header and the answer alike.
    expect(soon.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: wait } });
    t.clock.fastForward(2);
    expect((await client.post('/api/verify-email/send')).statusCode).toBe(200);
  });
});
