import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newPerson, register, TestClient } from './support/client';
import { createTestApp, solveCaptcha, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('registration and sign-in', () => {
  it('registers a user creating a family, signed in at once, and sends a verification link', async () => {
    const { client, person, response } = await register(t.app);
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      username: person.username,
      emailVerified: false,
      displayName: 'Anna Bianchi',
    });
    expect(user.familyId).toBeTruthy();
    // The check carries the user, so a page load needs no second request for it.
    expect((await client.get('/api/session/check')).json()).toEqual({ authenticated: true, user });

    await t.flushOutbox();
    const token = t.mailer.tokenFrom(person.email, '/verify-email');
    expect((await client.post('/api/verify-email', { token })).statusCode).toBe(200);
    expect((await client.get('/api/user')).json().emailVerified).toBe(true);
    // Single use.
    const again = await client.post('/api/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_VERIFICATION_TOKEN');
  });

  it('signs out and back in with the username or the email, rotating the session id', async () => {
    const { client, person } = await register(t.app);
    const before = client.cookie('giro.sid');
    expect((await client.post('/api/logout')).statusCode).toBe(200);
    expect((await client.get('/api/session/check')).json()).toEqual({ authenticated: false });
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const byName = await client.post('/api/login', {
      username: person.username.toUpperCase(),
      password: person.password,
    });
    expect(byName.statusCode).toBe(200);
    expect(client.cookie('giro.sid')).not.toBe(before);
    const other = new TestClient(t.app);
    expect(
      (await other.post('/api/login', { username: person.email, password: person.password })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong password with the same message as an unknown user, in the user language', async () => {
    const { person } = await register(t.app);
    const client = new TestClient(t.app);
    client.language = 'it';
    const wrong = await client.post('/api/login', {
      username: person.username,
      password: 'not the password',
    });
    const unknown = await client.post('/api/login', {
      username: 'nobody-here',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Nome utente o password non validi',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('joins an organization by invite code, case-insensitively, and records the invite use', async () => {
    const { client: owner } = await register(t.app);
    const family = (await owner.get('/api/family')).json();
    expect(family.inviteCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);

    const { client: joiner, response } = await register(t.app, {
      inviteCode: family.inviteCode.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().familyId).toBe(family.id);
    expect((await joiner.post('/api/invite/convert', { inviteCode: family.inviteCode })).statusCode).toBe(
      200,
    );
    const members = (await owner.get('/api/family/members')).json().members;
    expect(members).toHaveLength(2);
  });

  it('refuses an unknown invite code, and writes nothing', async () => {
    const person = newPerson();
    const { response } = await register(t.app, { person, inviteCode: 'ZZZZZZZZ' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('INVALID_INVITE_CODE');
    const login = await new TestClient(t.app).post('/api/login', {
      username: person.username,
      password: person.password,
    });
    expect(login.statusCode).toBe(401);
  });

  it('needs the terms accepted and a solved, unused captcha', async () => {
    const client = new TestClient(t.app);
    const base = { ...newPerson(), organization: { name: 'Club', type: 'club' } };
    const noTerms = await client.post('/api/register', {
      ...base,
      acceptTerms: false,
      captcha: await solveCaptcha(t.app),
    });
    expect(noTerms.json().code).toBe('TERMS_NOT_ACCEPTED');
    const noCaptcha = await client.post('/api/register', { ...base, acceptTerms: true, captcha: '' });
    expect(noCaptcha.json()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Please complete the captcha verification',
    });
    const forged = await client.post('/api/register', {
      ...base,
      acceptTerms: true,
      captcha: 'bm90IGEgcGF5bG9hZA==',
    });
    expect(forged.json().code).toBe('CAPTCHA_FAILED');

    const captcha = await solveCaptcha(t.app);
    expect((await client.post('/api/register', { ...base, acceptTerms: true, captcha })).statusCode).toBe(
      200,
    );
    const replay = await new TestClient(t.app).post('/api/register', {
      ...newPerson(),
      organization: base.organization,
      acceptTerms: true,
      captcha,
    });
    expect(replay.json().code).toBe('CAPTCHA_FAILED');
  });

  it('enforces the password rules and unique usernames and emails, case-insensitively', async () => {
    const person = newPerson();
    const common = await register(t.app, { person: { ...person, password: 'password123' } });
    expect(common.response.json().code).toBe('PASSWORD_TOO_COMMON');
    const same = await register(t.app, { person: { ...person, password: person.username } });
    expect(same.response.json().code).toBe('PASSWORD_MATCHES_IDENTITY');
    expect((await register(t.app, { person })).response.statusCode).toBe(200);
    const dupName = await register(t.app, {
      person: { ...newPerson(), username: person.username.toUpperCase() },
    });
    expect(dupName.response.statusCode).toBe(409);
    expect(dupName.response.json().code).toBe('USERNAME_TAKEN');
    const dupEmail = await register(t.app, { person: { ...newPerson(), email: person.email.toUpperCase() } });
    expect(dupEmail.response.json().code).toBe('EMAIL_TAKEN');
  });
});

describe('private testing (REGISTRATION=invite-only)', () => {
  it('refuses to create an organization without a tester invite, and accepts a valid one once', async () => {
    await t.close();
    t = await createTestApp({ registration: 'invite-only' });
    const refused = await register(t.app);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().code).toBe('TESTER_INVITE_REQUIRED');

    const { testerInvites } = await import('../src/db/schema');
    await t.database.db
      .insert(testerInvites)
      .values({ code: 'TESTER22', expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await new TestClient(t.app).get('/api/invite/TESTER22')).json()).toEqual({ kind: 'tester' });
    const accepted = await register(t.app, {
      organization: { name: 'Beta', type: 'team' },
      inviteCode: 'tester22',
    });
    expect(accepted.response.statusCode).toBe(200);
    const reused = await register(t.app, {
      organization: { name: 'Beta 2', type: 'team' },
      inviteCode: 'TESTER22',
    });
    expect(reused.response.json().code).toBe('INVALID_TESTER_INVITE');
  });

  it('creating an organization when signed in (POST /api/family) needs a tester invite too', async () => {
    await t.close();
    t = await createTestApp({ registration: 'invite-only' });
    const { testerInvites } = await import('../src/db/schema');
    const expiresAt = new Date(Date.now() + 86_400_000);
    await t.database.db.insert(testerInvites).values([
      { code: 'FIRST222', expiresAt },
      { code: 'SECOND22', expiresAt },
    ]);
    const { client } = await register(t.app, {
      organization: { name: 'Alfa', type: 'team' },
      inviteCode: 'FIRST222',
    });
    expect((await client.post('/api/family/leave')).statusCode).toBe(200);

    const refused = await client.post('/api/family', { name: 'Gamma', type: 'club' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TESTER_INVITE_REQUIRED');
    const used = await client.post('/api/family', { name: 'Gamma', type: 'club', inviteCode: 'FIRST222' });
    expect(used.json().code).toBe('INVALID_TESTER_INVITE');
    expect((await client.get('/api/family')).json().code).toBe('NOT_IN_ORGANIZATION');

    const created = await client.post('/api/family', { name: 'Gamma', type: 'club', inviteCode: 'second22' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Gamma', type: 'club', memberCount: 1 });
  });
});
