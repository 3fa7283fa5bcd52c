import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  it('ten checks in 15 minutes over every route that asks, from any address; then 429 even for the right one, until the window ends', async () => {
    const { client, person } = await register(t.app);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await signIn(person.username, 'a wrong guess')).statusCode);
    // A stolen session going from route to route counts with them.
    for (let i = 0; i < 3; i++)
      answers.push(
        (
          await client.post('/api/change-password', {
            currentPassword: 'a wrong guess',
            newPassword: 'fresh secret one',
          })
        ).statusCode,
      );
    for (let i = 0; i < 3; i++)
      answers.push((await client.post('/api/user/delete-request', { password: 'a wrong guess' })).statusCode);
    expect(answers.filter((status) => status === 429)).toEqual([]);
    expect(answers).toHaveLength(PASSWORD_CHECKS);
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
    // Another member is not held back.
    const other = await register(t.app);
    expect((await signIn(other.person.username, other.person.password)).statusCode).toBe(200);
    t.clock.fastForward(15);
    expect((await signIn(person.username, person.password)).statusCode).toBe(200);
  });

  it('the right password forgets the count, and so does a new one from a reset link', async () => {
    const { person } = await register(t.app);
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
  });

  it('a name that matches no account gets the same answers: ten refusals, then 429', async () => {
    const answers: number[] = [];
    for (let i = 0; i < PASSWORD_CHECKS + 1; i++)
      answers.push((await signIn('Nobody.Here', 'a wrong guess')).statusCode);
    expect(answers).toEqual([...Array(PASSWORD_CHECKS).fill(401), 429]);
    expect((await signIn('nobody.here', 'a wrong guess')).statusCode).toBe(429);
  });
});
