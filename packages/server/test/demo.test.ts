import type { FundView } from '@giro/contract/fund';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDemoSeed } from '../src/demo/run-demo-seed';
import { DEMO_PASSWORD } from '../src/demo/seed-demo';
import { TestClient } from './support/client';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('npm run demo', () => {
  it('seeds four members with a fund in the middle of its first cycle, once', async () => {
    const members = await runDemoSeed(t.database, t.deps.config);
    expect(members?.map((m) => m.username)).toEqual(['anna', 'bruno', 'carla', 'dario']);
    expect(members?.filter((m) => m.role === 'recipient of round 2')).toHaveLength(1);

    const client = new TestClient(t.app);
    expect((await client.post('/api/login', { username: 'carla', password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
    const fund = (await client.get('/api/rotating-fund')).json<FundView>();
    expect(fund).toMatchObject({
      status: 'active',
      phase: 'collecting',
      finalAmountCents: 5500,
      roundLength: '14d',
    });
    expect(fund.round?.number).toBe(2);
    expect(fund.received).toHaveLength(1);
    // The second round's window opens a week from now: the test clock gets a newcomer there.
    expect(new Date(fund.round!.windowOpensAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);

    // The seeding's jump played in the past: a server started on the demo's data is at real time.
    const restarted = await createTestApp(t.deps.config, { database: t.database });
    try {
      expect(restarted.clock.offsetMinutes).toBe(0);
    } finally {
      await restarted.stop();
    }

    expect(await runDemoSeed(t.database, t.deps.config)).toBeNull();
  });
});
