import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { funds } from '../src/db/schema';
import { organizationOf } from './support/fund-members';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * Two members pressing "create the fund" at once: the fund's key decides who is first (the
 * second insert waits on it, then finds the fund running and is refused). Until
 * stop 64 the organization's row was locked FOR UPDATE for this, which a fund command's writes
 * (rows naming the organization) also wait on while they hold the fund: a deadlock.
 */
it('two members creating the fund at once make one fund, and the second is told it runs already', async () => {
  const [ann, bob] = await organizationOf(t, 3);
  const answers = await Promise.all([ann!, bob!].map((m) => m.client.post('/api/rotating-fund', {})));
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('FUND_ALREADY_RUNNING');
  const organizationId = (await ann!.client.get('/api/family')).json<{ id: string }>().id;
  expect(
    await t.database.db.select().from(funds).where(eq(funds.organizationId, organizationId)),
  ).toHaveLength(1);
});
