import { afterEach, beforeEach, expect, it } from 'vitest';
import { lockFundOfOrganization } from '../src/db/fund.repository';
import { lockUser } from '../src/db/user.repository';
import { organizationOf } from './support/fund-members';
import { activeFund, payersOf } from './support/fund-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * A member leaves while their fund's expulsion of them is being recorded: the expulsion holds
 * the fund and then locks the member (fund-effects.ts, MemberExpelled), the leave holds the
 * member and then needs the fund. PostgreSQL ends the leave as a deadlock, a 500 until stop 65;
 * it is now asked again once the other is done, and answered by the leave rule. PGlite runs one
 * transaction at a time, so there the leave simply comes after it.
 */
it('a member leaving while the fund locks them as an expulsion does gets the leave rule, not a 500', async () => {
  const members = await organizationOf(t, 3);
  const fund = await activeFund(members);
  const leaver = payersOf(members, fund)[0]!;
  const organizationId = (await leaver.client.get('/api/family')).json<{ id: string }>().id;

  let leaving: ReturnType<typeof leaver.client.post> | undefined;
  await t.database.db.transaction(async (tx) => {
    await lockFundOfOrganization(tx, organizationId);
    leaving = leaver.client.post('/api/family/leave');
    // Time for the leave to lock its member and wait at the fund (on PostgreSQL).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await lockUser(tx, leaver.id);
  });
  const answer = await leaving!;
  // A participant of a running cycle may not leave (domain.md): the rule's answer.
  expect({ status: answer.statusCode, code: answer.json().code }).toEqual({
    status: 409,
    code: 'LEAVE_REFUSED',
  });
  expect((await leaver.client.get('/api/family')).statusCode).toBe(200);
});
