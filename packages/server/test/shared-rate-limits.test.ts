import { like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneEndedRateLimitWindows } from '../src/db/rate-limit.queries';
import { rateLimitHits } from '../src/db/schema';
import { TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The rate limits count in the database (ADR 0049): behind a load balancer that spreads one
 * caller's attempts over several instances, the limit is the limit, not the limit per instance.
 */
let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.reverse()) await app.close();
  apps = [];
});

async function instances(count: number) {
  const first = await createTestApp({ rateLimitScale: 1 });
  apps.push(first);
  for (let i = 1; i < count; i++)
    apps.push(await createTestApp({ rateLimitScale: 1 }, { database: first.database }));
  return apps;
}

/** A wrong sign-in, each to another name: what is counted here is the address (an account's own guesses: password-guesses.test.ts). */
let guesses = 0;
const wrongSignIn = (client: TestClient) =>
  client.post('/api/login', { username: `someone ${++guesses}`, password: 'wrong password' });

describe('rate limits shared by every instance', () => {
  it('sign-in attempts spread over two instances a minute apart: ten in five minutes in all, then 429 on both', async () => {
    const [a, b] = await instances(2);
    // Instances' clocks differ a little (here a lot): B, behind, counts on in A's window.
    a!.clock.fastForward(1);
    const onA = new TestClient(a!.app);
    const onB = new TestClient(b!.app);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await wrongSignIn(i % 2 === 0 ? onA : onB));
    expect(answers.map((answer) => answer.statusCode).filter((code) => code === 429)).toEqual([]);
    for (const client of [onA, onB]) {
      const refused = await wrongSignIn(client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('behind the https proxy, a client is counted by the address the proxy saw, whatever it wrote into X-Forwarded-For', async () => {
    const t = await createTestApp({ rateLimitScale: 1, publicUrl: 'https://giro.test' });
    apps.push(t);
    const client = new TestClient(t.app);
    // The proxy (deploy/Caddyfile, one hop) appends the address it saw to what the client sent.
    const from = (written: string, seen: string, username = 'someone') =>
      client.post(
        '/api/login',
        { username, password: 'wrong password' },
        { headers: { 'x-forwarded-for': `${written}, ${seen}` } },
      );
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await from(`10.0.0.${i}`, '203.0.113.7')).statusCode);
    expect(answers.filter((code) => code === 429)).toEqual([]);
    expect((await from('10.0.0.99', '203.0.113.7')).statusCode).toBe(429);
    // Someone else, behind the same proxy, is not (signing in to their own account: the one above
    // has had its ten guesses, password-checks.ts).
    expect((await from('203.0.113.7', '198.51.100.1', 'someone else')).statusCode).toBe(401);
  });

  it("a HEAD counts with its GET (Fastify answers it with the GET's handler)", async () => {
    const [t] = await instances(1);
    const challenge = (method: 'GET' | 'HEAD') => t!.app.inject({ method, url: '/api/captcha/challenge' });
    for (let i = 0; i < 15; i++) {
      expect((await challenge('GET')).statusCode).toBe(200);
      expect((await challenge('HEAD')).statusCode).toBe(200);
    }
    expect((await challenge('HEAD')).statusCode).toBe(429);
    expect((await challenge('GET')).statusCode).toBe(429);
  });

  it('refused attempts cost the database nothing: the instance remembers the caller is over', async () => {
    const [t] = await instances(1);
    const client = new TestClient(t!.app);
    for (let i = 0; i < 11; i++) await wrongSignIn(client);
    const counted = async () =>
      (
        await t!.database.db
          .select({ hits: rateLimitHits.hits })
          .from(rateLimitHits)
          .where(like(rateLimitHits.key, 'POST /api/login %'))
      )[0]?.hits;
    expect(await counted()).toBe(11);
    for (let i = 0; i < 20; i++) expect((await wrongSignIn(client)).statusCode).toBe(429);
    expect(await counted()).toBe(11);
  });

  it('a store that cannot count lets the request through, and says so in the log', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    const t = await createTestApp({ rateLimitScale: 1 }, { logger });
    apps.push(t);
    await t.database.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(200);
      expect(warnings).toContain('rate limit: not counted');
    } finally {
      await t.database.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
  });

  it('twenty attempts at once over two instances: exactly ten get through', async () => {
    const [a, b] = await instances(2);
    const clients = [new TestClient(a!.app), new TestClient(b!.app)];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => wrongSignIn(clients[i % 2]!)));
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(10);
  });

  it('a test clock set back does not leave a window open for the days it had jumped', async () => {
    const [t] = await instances(1);
    const client = new TestClient(t!.app);
    t!.clock.fastForward(7 * 24 * 60);
    for (let i = 0; i < 11; i++) await wrongSignIn(client);
    expect((await wrongSignIn(client)).statusCode).toBe(429);
    t!.clock.reset();
    expect((await wrongSignIn(client)).statusCode).not.toBe(429);
  });

  it('each route counts apart; a window ends on time, and the prune forgets it', async () => {
    const [t] = await instances(1);
    const client = new TestClient(t!.app);
    for (let i = 0; i < 10; i++) await wrongSignIn(client);
    expect((await wrongSignIn(client)).statusCode).toBe(429);
    // Another limited route, the same caller: its own count.
    expect((await client.post('/api/forgot-password', { email: 'someone@example.com' })).statusCode).toBe(
      200,
    );

    t!.clock.fastForward(4);
    expect((await wrongSignIn(client)).statusCode).toBe(429);
    t!.clock.fastForward(1);
    expect((await wrongSignIn(client)).statusCode).not.toBe(429);

    const keys = async () =>
      (await t!.database.db.select({ key: rateLimitHits.key }).from(rateLimitHits))
        .map((row) => row.key)
        .filter((key) => !key.startsWith('password-checks:'));
    expect(await keys()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/api\/login /),
        expect.stringMatching(/^POST \/api\/forgot-password /),
      ]),
    );
    // Sign-in's new window (five minutes) has ended; forgot-password's (fifteen) has not.
    t!.clock.fastForward(6);
    expect(await pruneEndedRateLimitWindows(t!.database.db, t!.clock.now())).toBe(1);
    expect(await keys()).toEqual([expect.stringMatching(/^POST \/api\/forgot-password /)]);
    t!.clock.fastForward(5);
    // With it the first ten guesses' own counts (one a name, fifteen minutes: password-checks.ts).
    expect(await pruneEndedRateLimitWindows(t!.database.db, t!.clock.now())).toBe(11);
    expect(await keys()).toEqual([]);
  });
});
