import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register, TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

/** Sessions a member can see and end, security events, and the cookies' names (issue 18). */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const laptop = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInFrom(userAgent: string, person: { username: string; password: string }) {
  const client = new TestClient(t.app);
  client.userAgent = userAgent;
  const response = await client.post('/api/login', { username: person.username, password: person.password });
  expect(response.statusCode).toBe(200);
  return client;
}

const mailsTo = async (email: string) => {
  await t.flushOutbox();
  return t.mailer.sent.filter((mail) => mail.to === email);
};

describe('sessions', () => {
  it('lists where the member is signed in, and ending one signs that browser out on its next request', async () => {
    const { person } = await register(t.app);
    const onPhone = await signInFrom(phone, person);
    const onLaptop = await signInFrom(laptop, person);

    const { sessions } = (await onPhone.get('/api/sessions')).json();
    // The registration's, the phone's and the laptop's.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].browser).toBe('Chrome · Android');
    const laptopSession = sessions.find((s: { browser: string }) => s.browser === 'Firefox · Linux');
    expect(laptopSession).toBeDefined();
    expect(JSON.stringify(sessions)).not.toContain(onLaptop.cookie('giro.sid')!.split('.')[0]);

    expect((await onPhone.delete(`/api/sessions/${laptopSession.id}`)).statusCode).toBe(200);
    expect((await onLaptop.get('/api/user')).statusCode).toBe(401);
    expect((await onPhone.get('/api/user')).statusCode).toBe(200);
    const again = await onPhone.delete(`/api/sessions/${laptopSession.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SESSION_NOT_FOUND');
  });

  it('ends every other session at once, and never another member’s', async () => {
    const { client, person } = await register(t.app);
    const { client: stranger } = await register(t.app);
    const onLaptop = await signInFrom(laptop, person);
    const mine = (await client.get('/api/sessions')).json().sessions;
    const notTheirs = await stranger.delete(`/api/sessions/${mine[0].id}`);
    expect(notTheirs.statusCode).toBe(404);

    expect((await client.post('/api/sessions/sign-out-others')).json()).toEqual({ ended: 1 });
    expect((await onLaptop.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/sessions')).json().sessions).toHaveLength(1);
    expect((await new TestClient(t.app).get('/api/sessions')).statusCode).toBe(401);
  });
});

describe('security events', () => {
  it('mails a sign-in from a new browser in the member’s language, once per browser', async () => {
    const { client, person } = await register(t.app);
    await client.put('/api/user/language', { languagePreference: 'it' });
    expect(await mailsTo(person.email)).toHaveLength(1); // the verification link only

    await signInFrom(phone, person);
    await signInFrom(phone, person);
    const mails = (await mailsTo(person.email)).filter((mail) => mail.subject.startsWith('Giro: '));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Giro: nuovo accesso');
    expect(mails[0]!.text).toContain('Chrome · Android');
    expect(mails[0]!.text).toContain('http://giro.test/account#security');

    const events = (await client.get('/api/security-events')).json().events;
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['new_browser', 'account_created']);
  });

  it('a browser that does not name itself is "an unknown browser" in the mail, not a question mark', async () => {
    const { client, person } = await register(t.app, { userAgent: phone });
    await client.put('/api/user/language', { languagePreference: 'it' });
    await signInFrom('', person); // light-my-request's own user agent: no browser named
    const [mail] = (await mailsTo(person.email)).filter((m) => m.subject === 'Giro: nuovo accesso');
    expect(mail!.text).toContain('da un nuovo browser: un browser sconosciuto.');
    const events = (await client.get('/api/security-events')).json().events;
    expect(events[0]).toMatchObject({ kind: 'new_browser', detail: { browser: '?' } });
  });

  it('mails a password change and a new PayPal address for payouts, in English for an English member', async () => {
    const { client, person } = await register(t.app);
    await client.put('/api/user/language', { languagePreference: 'en' });
    const changed = await client.post('/api/change-password', {
      currentPassword: person.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(200);
    await client.put('/api/user/paypal', { paypalEmail: 'payouts@example.com' });
    const subjects = (await mailsTo(person.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Giro: password changed', 'Giro: PayPal address changed']),
    );
    const events = (await client.get('/api/security-events')).json().events;
    expect(events[0]).toMatchObject({
      kind: 'payout_email_changed',
      detail: { paypal: 'payouts@example.com' },
    });
  });

  it('refreshes a stale "last seen" shortly after the request, written in a batch off its path', async () => {
    const { client } = await register(t.app);
    const lastSeen = async () => {
      const result = await t.database.db.execute<{ fresh: boolean }>(
        sql`select bool_and(last_seen_at > now() - interval '1 minute') as fresh from sessions`,
      );
      return ('rows' in result ? result.rows : result)[0]!.fresh;
    };
    // An hour ago; the expiry moves a second so the change is announced and the cache forgets it.
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '1 hour', expires_at = expires_at + interval '1 second'`,
    );
    expect(await lastSeen()).toBe(false);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!(await lastSeen())) {
      if (Date.now() > deadline) throw new Error('"last seen" was not written');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('cookies under https', () => {
  it('carry the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const secure = await createTestApp({ publicUrl: 'https://giro.test' });
    try {
      const { response, client } = await register(secure.app);
      expect(response.statusCode).toBe(200);
      const session = response.cookies.find((cookie) => cookie.name === '__Host-giro.sid');
      expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(session?.domain).toBeUndefined();
      expect(client.cookie('giro.sid')).toBeUndefined();
      expect(client.cookie('__Host-giro.csrf')).toBeTruthy();
      // The prefixed cookie is the one read back.
      expect((await client.get('/api/user')).statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});
