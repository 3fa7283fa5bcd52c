import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from './support/client';
import { DAY, type Member, organizationOf } from './support/fund-members';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

interface TestTime {
  now: string;
  offsetMinutes: number;
}

/** The server's answer to GET /api/test/time, from a fresh client (no sign-in needed). */
async function timeOn(app: TestApp): Promise<TestTime> {
  return (await new TestClient(app.app).get('/api/test/time')).json<TestTime>();
}

/** The member, signed in on another app over the same database (sessions are rows there). */
function memberOn(app: TestApp, member: Member): TestClient {
  const client = new TestClient(app.app);
  client.setCookie('giro.sid', member.client.cookie('giro.sid')!);
  return client;
}

/** Stops the running app as a killed process would, and starts another on the same database. */
async function restart(config = t.deps.config): Promise<TestApp> {
  await t.stop();
  return createTestApp(config, { database: t.database });
}

describe('the test clock across a restart on the same data', () => {
  it('a restarted server comes back at the offset it was moved to, and after a reset at real time', async () => {
    const [member] = await organizationOf(t, 1);
    const jump = await member!.client.post('/api/test/time/fast-forward', { minutes: 3 * DAY });
    expect(jump.json<TestTime>().offsetMinutes).toBe(3 * DAY);
    await member!.client.post('/api/test/time/fast-forward', { minutes: 90 });

    const first = t;
    t = await restart();
    try {
      const time = await timeOn(t);
      expect(time.offsetMinutes).toBe(3 * DAY + 90);
      const expected = Date.now() + (3 * DAY + 90) * 60_000;
      expect(Math.abs(new Date(time.now).getTime() - expected)).toBeLessThan(60_000);

      const reset = await memberOn(t, member!).post('/api/test/time/reset');
      expect(reset.json<TestTime>().offsetMinutes).toBe(0);
      const second = t;
      t = await restart();
      try {
        expect((await timeOn(t)).offsetMinutes).toBe(0);
        expect(t.clock.offsetMinutes).toBe(0);
      } finally {
        await t.stop();
        t = second;
      }
    } finally {
      await t.stop();
      t = first; // afterEach closes the first app and the database
    }
  });

  it('with the test clock off, a stored offset is not applied', async () => {
    const [member] = await organizationOf(t, 1);
    await member!.client.post('/api/test/time/fast-forward', { minutes: DAY });
    const first = t;
    t = await restart({ ...t.deps.config, testClock: false });
    try {
      expect(t.clock.offsetMinutes).toBe(0);
      expect((await new TestClient(t.app).get('/api/test/time')).statusCode).toBe(404);
    } finally {
      await t.stop();
      t = first;
    }
  });
});
