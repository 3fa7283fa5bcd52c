import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRateLimitHit, forgetRateLimitHits } from '../src/db/rate-limit.queries';
import { PASSWORD_CHECKS } from '../src/use-cases/password-checks';
import { register, TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  // The limits as deployed (tests elsewhere scale them up).
  t = await createTestApp({ rateLimitScale: 1 });
});
afterEach(async () => t.close());

/** A sign-in from its own address each time: the per-address limit of the route never applies. */
let address = 0;
const signIn = (username: string, password: string) =>
  new TestClient(t.app).post(
    '/api/login',
    { username, password },
    { remoteAddress: `10.1.0.${++address % 250}` },
  );

describe('guesses at one password, counted per account (password-checks.ts)', () => {
  it('ten guesses in 15 minutes from anywhere lock the account, even for the right password, except in the browser the member signed in from', async () => {
    const { client, person } = await register(t.app);
    await client.post('/api/logout');
    const answers: number[] = [];
    for (let i = 0; i < PASSWORD_CHECKS; i++)
      answers.push((await signIn(person.username, 'a wrong guess')).statusCode);
    expect(answers).toEqual(Array(PASSWORD_CHECKS).fill(401));
    const locked = await signIn(person.username, person.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // By email too: the account is counted, not the name typed.
    expect((await signIn(person.email, person.password)).statusCode).toBe(429);
    const inItalian = await new TestClient(t.app).request(
      'POST',
      '/api/login',
      { username: person.username, password: person.password },
      { headers: { 'accept-language': 'it' }, remoteAddress: '10.2.0.1' },
    );
    expect(inItalian.json().message).toBe('Troppi tentativi. Attendi e riprova.');
    // The member's own browser (it registered there) is not locked out by someone else's guesses.
    const own = await client.post('/api/login', { username: person.username, password: person.password });
    expect(own.statusCode).toBe(200);
    // Another member is not held back either; and the window ends.
    const other = await register(t.app);
    expect((await signIn(other.person.username, other.person.password)).statusCode).toBe(200);
    t.clock.fastForward(15);
    expect((await signIn(person.username, person.password)).statusCode).toBe(200);
  });

  it("a browser's own guesses, over sign-in and every route that asks for the password, count together: ten, then 429", async () => {
    const { client, person } = await register(t.app);
    const wrong = 'a wrong guess';
    const answers: number[] = [];
    // A stolen session going from route to route is counted as its browser.
    for (let i = 0; i < 3; i++)
      answers.push(
        (
          await client.post('/api/change-password', {
            currentPassword: wrong,
            newPassword: 'fresh secret one',
          })
        ).statusCode,
      );
    for (let i = 0; i < 3; i++)
      answers.push((await client.post('/api/user/delete-request', { password: wrong })).statusCode);
    for (let i = 0; i < 2; i++)
      answers.push((await client.post('/api/passkeys/registration/options', { password: wrong })).statusCode);
    for (let i = 0; i < 2; i++)
      answers.push(
        (await client.post('/api/login', { username: person.username, password: wrong })).statusCode,
      );
    expect(answers.filter((status) => status === 429)).toEqual([]);
    expect(answers).toHaveLength(PASSWORD_CHECKS);
    expect(
      (await client.post('/api/login', { username: person.username, password: person.password })).statusCode,
    ).toBe(429);
    // Elsewhere the account was not guessed at.
    expect((await signIn(person.username, person.password)).statusCode).toBe(200);
  });

  it('the right password forgets the count, and so does a new one from a reset link, in every browser', async () => {
    const { client, person } = await register(t.app);
    // From addresses of its own too: the route's own limit counts per address.
    const fromOwn = (password: string) =>
      client.post(
        '/api/login',
        { username: person.username, password },
        { remoteAddress: `10.3.0.${++address % 250}` },
      );
    for (let i = 0; i < PASSWORD_CHECKS; i++) await fromOwn('a wrong guess');
    expect((await fromOwn(person.password)).statusCode).toBe(429);
    for (let i = 0; i < PASSWORD_CHECKS - 1; i++) await signIn(person.username, 'a wrong guess');
    expect((await signIn(person.username, person.password)).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < PASSWORD_CHECKS + 1; i++)
      answers.push((await signIn(person.username, 'a wrong guess')).statusCode);
    expect(answers).toEqual([...Array(PASSWORD_CHECKS).fill(401), 429]);
    // Locked out, the member asks for a link and signs in with the new password at once.
    await new TestClient(t.app).post('/api/forgot-password', { email: person.email });
    await t.flushOutbox();
    const token = t.mailer.tokenFrom(person.email, '/reset-password');
    const reset = await new TestClient(t.app).post('/api/reset-password', {
      token,
      password: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(person.username, 'a brand new secret')).statusCode).toBe(200);
    expect((await fromOwn('a brand new secret')).statusCode).toBe(200);
  });

  it('the right password forgets only the count up to its own: guesses counted while it was checked still count', async () => {
    const db = t.database.db;
    const key = 'password-checks:user:someone';
    const count = () => countRateLimitHit(db, key, 15 * 60_000, t.clock.now());
    await count();
    await count();
    const own = await count(); // the right password, its hash still being checked…
    await count();
    await count(); // …while two guesses arrive
    await forgetRateLimitHits(db, key, own);
    expect((await count()).hits).toBe(3);
    // A window that ended and began again is not the one the right password was counted in.
    t.clock.fastForward(16);
    await count();
    const earlier = await count();
    await forgetRateLimitHits(db, key, { hits: 2, resetsAt: own.resetsAt });
    expect((await count()).hits).toBe(earlier.hits + 1);
  });

  it('a name that matches no account gets the same answers: ten refusals, then 429', async () => {
    const answers: number[] = [];
    for (let i = 0; i < PASSWORD_CHECKS + 1; i++)
      answers.push((await signIn('Nobody.Here', 'a wrong guess')).statusCode);
    expect(answers).toEqual([...Array(PASSWORD_CHECKS).fill(401), 429]);
    expect((await signIn('nobody.here', 'a wrong guess')).statusCode).toBe(429);
  });
});
