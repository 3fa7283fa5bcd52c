import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appWithAdmin } from './support/admin-app';
import { TestClient as Client, newPerson, register } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Two instances on one database (PostgreSQL when TEST_DATABASE_URL is set). Each keeps signed-in
 * sessions in memory; the database announces every change to them and a request answered from
 * memory first passes a read fence (db/session-cache.ts), so whatever one instance does is what
 * the other sees on the very next request (issue 15).
 */
let a: TestApp;
let b: TestApp;
let admin: Awaited<ReturnType<typeof appWithAdmin>>['admin'];
beforeEach(async () => {
  ({ t: a, admin } = await appWithAdmin());
  b = await createTestApp({}, { database: a.database });
});
afterEach(async () => {
  await b.close();
  await a.close();
});

/** The same browser (its cookies) talking to instance B. */
function onB(client: Client) {
  return {
    get: (url: string, headers: Record<string, string> = {}) =>
      b.app.inject({ method: 'GET', url, headers: { cookie: client.cookieHeader, ...headers } }),
  };
}
const signedIn = async (client: Client) =>
  (await onB(client).get('/api/session/check')).json<{ authenticated: boolean }>().authenticated;

async function secondSession(username: string, password: string) {
  const client = new Client(a.app);
  expect((await client.post('/api/login', { username, password })).statusCode).toBe(200);
  return client;
}

describe('two instances: what one does, the other sees on the very next request', () => {
  it('sign-out', async () => {
    const { client } = await register(a.app);
    const before = client.cookieHeader;
    expect(await signedIn(client)).toBe(true);
    await client.post('/api/logout');
    const replay = await b.app.inject({
      method: 'GET',
      url: '/api/session/check',
      headers: { cookie: before },
    });
    expect(replay.json()).toEqual({ authenticated: false });
  });

  it('a password change ends the other sessions, not this one', async () => {
    const { client, person } = await register(a.app);
    const other = await secondSession(person.username, person.password);
    expect(await signedIn(other)).toBe(true);
    const changed = await client.post('/api/change-password', {
      currentPassword: person.password,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(client)).toBe(true);
  });

  it('a password reset ends every session', async () => {
    const { client, person } = await register(a.app);
    expect(await signedIn(client)).toBe(true);
    await new Client(a.app).post('/api/forgot-password', { email: person.email });
    await a.flushOutbox();
    const token = a.mailer.tokenFrom(person.email, '/reset-password');
    expect(
      (await new Client(a.app).post('/api/reset-password', { token, password: 'reset secret!' })).statusCode,
    ).toBe(200);
    expect(await signedIn(client)).toBe(false);
  });

  it('a role change', async () => {
    const member = await register(a.app);
    const id = member.response.json<{ id: string }>().id;
    expect((await onB(member.client).get('/api/user')).json().role).toBe('member');
    expect((await admin.client.post(`/api/admin/users/${id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await onB(member.client).get('/api/user')).json().role).toBe('admin');
  });

  it('leaving the organization', async () => {
    const { client } = await register(a.app);
    expect((await onB(client).get('/api/family')).statusCode).toBe(200);
    expect((await client.post('/api/family/leave')).statusCode).toBe(200);
    expect((await onB(client).get('/api/family')).json().code).toBe('NOT_IN_ORGANIZATION');
    expect((await onB(client).get('/api/dashboard')).json().organization).toBeNull();
  });

  it('deleting the account', async () => {
    const { client, person } = await register(a.app);
    await client.post('/api/user/delete-request', { password: person.password });
    await a.flushOutbox();
    const token = a.mailer.tokenFrom(person.email, '/delete-account-confirm');
    const other = new Client(a.app);
    expect((await other.post('/api/user/delete', { token })).statusCode).toBe(200);
    expect(await signedIn(client)).toBe(false);
  });
});

describe('read-your-writes across instances', () => {
  it('a write on A is in the next read on B, and an ETag of the old answer is not honoured', async () => {
    const { client, person } = await register(a.app);
    const first = await onB(client).get('/api/dashboard');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await onB(client).get('/api/dashboard', { 'if-none-match': etag })).statusCode).toBe(304);

    const renamed = await client.patch('/api/user', { ...nameOf(person), displayName: 'Zia Anna' });
    expect(renamed.statusCode).toBe(200);
    const after = await onB(client).get('/api/dashboard', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().leaderboard.map((m: { displayName: string }) => m.displayName)).toEqual(['Zia Anna']);

    const created = await client.post('/api/rotating-fund');
    expect(created.statusCode).toBe(200);
    const fund = await onB(client).get('/api/rotating-fund');
    expect(fund.statusCode).toBe(200);
    expect(fund.json()).toMatchObject({ id: created.json().id, phase: 'voting' });
  });
});

describe('conditional GETs', () => {
  it('answer 304 without a body while nothing changed, and say to ask every time', async () => {
    const { client } = await register(a.app, { person: newPerson('etag') });
    for (const path of ['/api/dashboard', '/api/requests', '/api/family', '/api/session/check']) {
      const first = await client.get(path);
      expect(first.statusCode, path).toBe(200);
      expect(first.headers['cache-control'], path).toBe('private, no-cache');
      const again = await client.request('GET', path, undefined, {
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode, path).toBe(304);
      expect(again.body, path).toBe('');
      expect(
        (await client.request('GET', path, undefined, { headers: { 'if-none-match': '"stale"' } }))
          .statusCode,
        path,
      ).toBe(200);
    }
  });
});

describe('conditional requests are for GETs only', () => {
  it('a command answers with its body and no tag, whatever If-None-Match says', async () => {
    const { client, person } = await register(a.app, { person: newPerson('etag-patch') });
    const change = { ...nameOf(person), displayName: 'Zia Anna' };
    const first = await client.patch('/api/user', change);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeUndefined();
    const profile = await client.get('/api/user');
    const tag = profile.headers.etag as string;
    expect(tag).toBeTruthy();
    for (const header of [tag, '*', `W/${tag}, "other"`]) {
      const again = await client.request('PATCH', '/api/user', change, {
        headers: { 'if-none-match': header },
      });
      expect(again.statusCode, header).toBe(200);
      expect(again.json(), header).toMatchObject({ displayName: 'Zia Anna' });
    }
  });

  it('a GET names its tag in a list, weak or strong, or by *', async () => {
    const { client } = await register(a.app, { person: newPerson('etag-list') });
    const tag = (await client.get('/api/dashboard')).headers.etag as string;
    for (const header of [`"other", ${tag}`, `W/${tag}`, '*']) {
      const again = await client.request('GET', '/api/dashboard', undefined, {
        headers: { 'if-none-match': header },
      });
      expect(again.statusCode, header).toBe(304);
    }
    const missing = await client.request('GET', '/api/no-such-path', undefined, {
      headers: { 'if-none-match': '*' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

const nameOf = (person: { firstName: string; lastName: string }) => ({
  firstName: person.firstName,
  lastName: person.lastName,
});
