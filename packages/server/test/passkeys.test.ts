import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordPasskeyUse } from '../src/db/passkey.repository';
import { passkeys, sessions } from '../src/db/schema';
import { createPasskeySession } from '../src/db/session.repository';
import { findUserById } from '../src/db/user.repository';
import { registerPasskey } from '../src/use-cases/passkeys';
import { newPerson, register, TestClient } from './support/client';
import { SoftAuthenticator } from './support/soft-authenticator';
import { createTestApp, type TestApp } from './support/test-app';

/** Passkeys (issue 18) against a software authenticator; the browser suite uses Chromium's. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** Every test person's password (support/client.ts): adding a passkey asks for it again. */
const reauth = { password: newPerson().password };
const rpId = 'giro.test';
const origin = 'http://giro.test';

async function addPasskey(
  client: TestClient,
  name = "Anna's phone",
  authenticator = new SoftAuthenticator(rpId, origin),
) {
  const options = (await client.post('/api/passkeys/registration/options', reauth)).json();
  const response = await client.post('/api/passkeys/registration', {
    name,
    response: authenticator.register(options),
  });
  return { authenticator, response, options };
}

async function signInWith(
  authenticator: SoftAuthenticator,
  client = new TestClient(t.app),
  claimedOrigin = origin,
) {
  const options = (await client.post('/api/passkeys/authentication/options')).json();
  const body = { response: authenticator.signIn(options, claimedOrigin) };
  return { client, body, response: await client.post('/api/passkeys/authentication', body) };
}

describe('passkeys', () => {
  it('registers a named passkey for this site and signs in with it alone, as a password sign-in does', async () => {
    const { client, person } = await register(t.app);
    const options = (await client.post('/api/passkeys/registration/options', reauth)).json();
    expect(options.rp).toEqual({ name: 'Giro', id: rpId });
    // The handle the authenticator keeps names nobody: not the username, not the email.
    expect(Buffer.from(options.user.id, 'base64url').toString()).not.toContain(person.username);
    expect(options.authenticatorSelection.residentKey).toBe('required');
    expect(options.authenticatorSelection.userVerification).toBe('required');

    const { authenticator, response } = await addPasskey(client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Anna's phone", lastUsedAt: null });
    const listed = (await client.get('/api/passkeys')).json().passkeys;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(authenticator.id);

    const { client: browser, response: signedIn } = await signInWith(authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().username).toBe(person.username);
    expect(browser.cookie('giro.sid')).toBeTruthy();
    expect(browser.cookie('giro.sid')).not.toBe(client.cookie('giro.sid'));
    expect((await browser.get('/api/session/check')).json().user.username).toBe(person.username);
    expect((await client.get('/api/passkeys')).json().passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, another origin, and an unknown passkey', async () => {
    const { client } = await register(t.app);
    const { authenticator } = await addPasskey(client);

    const first = await signInWith(authenticator);
    expect(first.response.statusCode).toBe(200);
    const replay = await new TestClient(t.app).post('/api/passkeys/authentication', first.body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_INVALID');

    const phishing = await signInWith(authenticator, new TestClient(t.app), 'http://giro.test.evil.example');
    expect(phishing.response.statusCode).toBe(401);
    expect(phishing.response.json().code).toBe('PASSKEY_REFUSED');
    expect(phishing.client.cookie('giro.sid')).toBeUndefined();

    const stranger = await signInWith(new SoftAuthenticator(rpId, origin));
    expect(stranger.response.statusCode).toBe(401);
    expect(stranger.response.json().code).toBe('PASSKEY_REFUSED');
  });

  it('refuses an authenticator that does not check who holds it, registering or signing in', async () => {
    const { client } = await register(t.app);
    const bare = new SoftAuthenticator(rpId, origin);
    bare.verifiesUser = false;
    const refused = await addPasskey(client, 'Security key', bare);
    expect(refused.response.statusCode).toBe(401);
    // Said apart from a passkey that failed to prove itself: trying again will not help.
    expect(refused.response.json().code).toBe('PASSKEY_USER_NOT_VERIFIED');
    expect((await client.get('/api/passkeys')).json().passkeys).toEqual([]);
    // One registered while it did verify, answering later without: a stolen, unlocked device.
    const { authenticator } = await addPasskey(client);
    const verifies = async () =>
      (await client.get('/api/passkeys')).json<{ passkeys: { verifiesHolder: boolean | null }[] }>()
        .passkeys[0]!.verifiesHolder;
    expect(await verifies()).toBe(true);
    authenticator.verifiesUser = false;
    const options = (await new TestClient(t.app).post('/api/passkeys/authentication/options')).json();
    expect(options.userVerification).toBe('required');
    const unverified = await signInWith(authenticator);
    expect(unverified.response.statusCode).toBe(401);
    expect(unverified.response.json()).toMatchObject({
      code: 'PASSKEY_USER_NOT_VERIFIED',
      message: expect.stringContaining('your password always works'),
    });
    expect(unverified.client.cookie('giro.sid')).toBeUndefined();
    // Its member's Account says it signs in no more.
    expect(await verifies()).toBe(false);
    // An answer the passkey did not sign says nothing more, its flag off or not: a registered
    // credential is not told apart from an unknown one.
    const forger = new TestClient(t.app);
    const forged = authenticator.signIn((await forger.post('/api/passkeys/authentication/options')).json());
    forged.response.signature = Buffer.from('not a signature at all').toString('base64url');
    const refusedForged = await forger.post('/api/passkeys/authentication', { response: forged });
    expect(refusedForged.json().code).toBe('PASSKEY_REFUSED');
    expect(await verifies()).toBe(false);
    authenticator.verifiesUser = true;
    expect((await signInWith(authenticator)).response.statusCode).toBe(200);
    expect(await verifies()).toBe(true);
    // One stored before anyone knew (migration 0043 leaves it null) says so.
    await t.database.db.execute(sql`update passkeys set user_verified = null`);
    expect(await verifies()).toBeNull();
  });

  it('refuses a challenge that has expired, or was given to someone else', async () => {
    const { client } = await register(t.app);
    const { client: other } = await register(t.app);
    // Another member's registration challenge does not register a passkey here.
    const theirs = (await other.post('/api/passkeys/registration/options', reauth)).json();
    const authenticator = new SoftAuthenticator(rpId, origin);
    const stolen = await client.post('/api/passkeys/registration', {
      name: 'x',
      response: authenticator.register(theirs),
    });
    expect(stolen.json().code).toBe('PASSKEY_CHALLENGE_INVALID');

    const options = (await client.post('/api/passkeys/registration/options', reauth)).json();
    await t.deps.db.execute(sql`update webauthn_challenges set expires_at = now() - interval '1 second'`);
    const late = await client.post('/api/passkeys/registration', {
      name: 'x',
      response: authenticator.register(options),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('refuses a counter that goes backwards, records it and tells the member by email', async () => {
    const { client, person } = await register(t.app);
    await client.put('/api/user/language', { languagePreference: 'it' });
    const { authenticator } = await addPasskey(client, 'Chiave rossa');
    authenticator.counter = 5;
    expect((await signInWith(authenticator)).response.statusCode).toBe(200);
    authenticator.counter = 2;
    const cloned = await signInWith(authenticator);
    expect(cloned.response.statusCode).toBe(401);
    expect(cloned.response.json().code).toBe('PASSKEY_REFUSED');

    const events = (await client.get('/api/security-events')).json().events;
    expect(events[0]).toMatchObject({ kind: 'passkey_refused', detail: { passkey: 'Chiave rossa' } });
    await t.flushOutbox();
    const mail = t.mailer.sent.filter((m) => m.to === person.email).at(-1)!;
    expect(mail.subject).toBe('Giro: accesso con passkey rifiutato');
    expect(mail.text).toContain('"Chiave rossa"');
  });

  it('records a counter above the stored one as it is then: 6 and 7 checked against 5 both go; a counter seen is a copy', async () => {
    const { client } = await register(t.app);
    const { authenticator, response } = await addPasskey(client);
    const id = response.json().id as string;
    authenticator.counter = 4; // signIn() moves it on first: 5 is stored
    expect((await signInWith(authenticator)).response.statusCode).toBe(200);
    // Two sign-ins from one authenticator, both checked against 5 before either was recorded.
    const at = new Date();
    expect(await recordPasskeyUse(t.deps.db, id, { counter: 6, backedUp: false, at })).toBe(true);
    expect(await recordPasskeyUse(t.deps.db, id, { counter: 7, backedUp: false, at })).toBe(true);
    // The same 7 again, or one at or below what is stored: a cloned authenticator.
    expect(await recordPasskeyUse(t.deps.db, id, { counter: 7, backedUp: false, at })).toBe(false);
    expect(await recordPasskeyUse(t.deps.db, id, { counter: 0, backedUp: false, at })).toBe(false);
    const [row] = await t.deps.db
      .select({ counter: passkeys.counter })
      .from(passkeys)
      .where(eq(passkeys.id, id));
    expect(row!.counter).toBe(7);
  });

  it('removing a passkey signs out the sessions it opened, but not the one removing it nor the others', async () => {
    const { client } = await register(t.app);
    const { authenticator, response } = await addPasskey(client);
    const id = response.json().id as string;
    const holder = (await signInWith(authenticator)).client; // whoever holds the passkey
    const second = (await signInWith(authenticator)).client; // its holder again, elsewhere
    const signedIn = async (c: TestClient) => (await c.get('/api/session/check')).json().authenticated;
    expect([await signedIn(holder), await signedIn(second)]).toEqual([true, true]);
    // Removed from a session the passkey itself opened: that one stays, the other ends.
    expect((await second.delete(`/api/passkeys/${id}`)).statusCode).toBe(200);
    expect(await signedIn(holder)).toBe(false);
    expect(await signedIn(second)).toBe(true);
    // The password's session was never the passkey's.
    expect(await signedIn(client)).toBe(true);
  });

  it('a passkey removed after its signature was checked signs nobody in: its session is not stored', async () => {
    const { client, response: registered } = await register(t.app);
    const userId = registered.json<{ id: string }>().id;
    const { response } = await addPasskey(client);
    const passkeyId = response.json().id as string;
    const session = { id: 'session-of-a-removed-passkey', userId, expiresAt: new Date(Date.now() + 60_000) };
    // Removed between the check and the session (a removal racing the sign-in): refused.
    expect((await client.delete(`/api/passkeys/${passkeyId}`)).statusCode).toBe(200);
    expect(await createPasskeySession(t.database.db, { ...session, passkeyId })).toBe(false);
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.passkeyId, passkeyId));
    expect(stored).toEqual([]);
    // Another member's passkey does not open a session for this one either.
    const other = await register(t.app);
    const otherPasskey = (await addPasskey(other.client)).response.json().id as string;
    expect(await createPasskeySession(t.database.db, { ...session, passkeyId: otherPasskey })).toBe(false);
  });

  it('a registration whose session ended meanwhile adds nothing; an id longer than WebAuthn allows is a 401, not a 500', async () => {
    const { client, response: registered } = await register(t.app);
    const user = (await findUserById(t.database.db, registered.json<{ id: string }>().id))!;
    const authenticator = new SoftAuthenticator(rpId, origin);
    const options = (await client.post('/api/passkeys/registration/options', reauth)).json();
    const input = { name: 'Late', response: authenticator.register(options) as never };
    // Signed out elsewhere (a password change ended this session) while the answer was on its way.
    await expect(registerPasskey(t.deps, user, input, 'a-session-that-ended')).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    expect((await client.get('/api/passkeys')).json().passkeys).toEqual([]);

    client.language = 'it';
    const long = await addPasskey(client, 'Forged', new SoftAuthenticator(rpId, origin, 2_000));
    expect({ status: long.response.statusCode, message: long.response.json().message }).toEqual({
      status: 401,
      message: 'Non è stato possibile verificare questa passkey. Riprova, oppure accedi con la password.',
    });
    // The longest WebAuthn allows is kept.
    const longest = await addPasskey(client, 'Longest', new SoftAuthenticator(rpId, origin, 1_023));
    expect(longest.response.statusCode).toBe(200);
  });

  it('a password reset leaves the passkeys, and its email names them so one not recognised can be removed', async () => {
    const { client, person } = await register(t.app);
    await client.put('/api/user/language', { languagePreference: 'it' });
    await addPasskey(client, 'Chiave rossa');
    const anonymous = new TestClient(t.app);
    await anonymous.post('/api/forgot-password', { email: person.email });
    await t.flushOutbox();
    const token = t.mailer.tokenFrom(person.email, '/reset-password');
    expect(
      (await anonymous.post('/api/reset-password', { token, password: 'chosen again by email' })).statusCode,
    ).toBe(200);
    await t.flushOutbox();
    const mail = t.mailer.sent.filter((m) => m.to === person.email).at(-1)!;
    expect(mail.subject).toBe('Giro: password reimpostata');
    expect(mail.text).toContain(
      'Queste passkey permettono ancora di accedere al tuo account: "Chiave rossa". Rimuovi quelle che non riconosci.',
    );
  });

  it('renames and removes only the caller’s own passkeys, each change recorded and mailed', async () => {
    const { client, person } = await register(t.app);
    await client.put('/api/user/language', { languagePreference: 'en' });
    const { client: other } = await register(t.app);
    const { response, authenticator } = await addPasskey(client);
    const id = response.json().id as string;
    expect((await other.patch(`/api/passkeys/${id}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await other.delete(`/api/passkeys/${id}`)).statusCode).toBe(404);
    const blank = await client.patch(`/api/passkeys/${id}`, { name: '  ' });
    expect(blank.statusCode).toBe(400);

    const renamed = await client.patch(`/api/passkeys/${id}`, { name: 'Tablet di casa' });
    expect(renamed.json().name).toBe('Tablet di casa');
    expect((await client.delete(`/api/passkeys/${id}`)).statusCode).toBe(200);
    expect((await client.get('/api/passkeys')).json().passkeys).toEqual([]);
    // A removed passkey signs nobody in.
    expect((await signInWith(authenticator)).response.statusCode).toBe(401);

    const kinds = (await client.get('/api/security-events'))
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['passkey_removed', 'passkey_renamed', 'passkey_added']);
    const events = (await client.get('/api/security-events')).json().events;
    expect(events.find((e: { kind: string }) => e.kind === 'passkey_renamed').detail).toEqual({
      passkey: 'Tablet di casa',
      previous: "Anna's phone",
    });
    await t.flushOutbox();
    const mails = t.mailer.sent.filter((m) => m.to === person.email);
    expect(
      mails.map((m) => m.subject),
      JSON.stringify(mails.map((m) => m.subject)),
    ).toEqual(
      expect.arrayContaining(['Giro: passkey added', 'Giro: passkey renamed', 'Giro: passkey removed']),
    );
    expect(mails.find((m) => m.subject === 'Giro: passkey renamed')!.text).toContain(
      'The passkey "Anna\'s phone" of your account was renamed "Tablet di casa".',
    );
  });

  it('refuses the same authenticator twice, and a signed-out registration', async () => {
    const { client } = await register(t.app);
    const { authenticator } = await addPasskey(client);
    const options = (await client.post('/api/passkeys/registration/options', reauth)).json();
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const again = await client.post('/api/passkeys/registration', {
      name: 'again',
      response: authenticator.register(options),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PASSKEY_ALREADY_REGISTERED');
    expect((await new TestClient(t.app).post('/api/passkeys/registration/options', reauth)).statusCode).toBe(
      401,
    );
  });

  it('goes with a deleted account: its passkey signs nobody in, and nothing of it stays', async () => {
    const { client, person } = await register(t.app);
    const { authenticator } = await addPasskey(client);
    await client.post('/api/user/delete-request', { password: person.password });
    await t.flushOutbox();
    const token = t.mailer.tokenFrom(person.email, '/delete-account-confirm');
    expect((await client.post('/api/user/delete', { token })).statusCode).toBe(200);
    expect((await signInWith(authenticator)).response.json().code).toBe('PASSKEY_REFUSED');
    const left = await t.deps.db.execute(
      sql`select (select count(*) from passkeys)::int as passkeys, (select count(*) from security_events)::int as events`,
    );
    expect(left.rows[0]).toEqual({ passkeys: 0, events: 0 });
  });

  it('asks for the password again: a session alone does not add a passkey', async () => {
    const { client } = await register(t.app);
    const wrong = await client.post('/api/passkeys/registration/options', { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('PASSKEY_PASSWORD_WRONG');
    expect((await client.post('/api/passkeys/registration/options', {})).statusCode).toBe(400);
    expect((await client.get('/api/passkeys')).json().passkeys).toEqual([]);
  });
});
