import { afterEach, beforeEach, expect, it } from 'vitest';
import { findUserById } from '../src/db/user.repository';
import { leaveCurrentOrganization } from '../src/use-cases/leave-current-organization';
import { organizationOf } from './support/fund-members';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * The last member out closes the organization and its invite code stops working. A join by
 * that code while the last member's leave was committing read the organization as open and
 * went through: a member alone in a closed organization. The join now locks the organization,
 * and the leave locks it before counting who is left: the join waits, then finds it closed.
 * On PostgreSQL the join reaches the lock while the leave holds it; PGlite runs one transaction
 * at a time, so there it simply comes after.
 */
it('a join by invite code while the last member leaves finds the organization closed', async () => {
  const [last] = await organizationOf(t, 1);
  const [joiner] = await organizationOf(t, 1);
  const { inviteCode } = (await last!.client.get('/api/family')).json<{ inviteCode: string }>();
  let joining: ReturnType<NonNullable<typeof joiner>['client']['post']> | undefined;
  await t.database.db.transaction(async (tx) => {
    const user = (await findUserById(tx, last!.id))!;
    await leaveCurrentOrganization(tx, t.deps, user, t.clock.now());
    joining = joiner!.client.post('/api/family/join', { inviteCode });
    // Time for the join to read the organization (on PostgreSQL) before the leave commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  const joined = await joining!;
  expect(joined.statusCode).toBe(404);
  expect(joined.json().code).toBe('INVALID_INVITE_CODE');
  expect((await joiner!.client.get('/api/family')).json<{ inviteCode: string }>().inviteCode).not.toBe(
    inviteCode,
  );
});

/**
 * Two members swapping organizations at the same moment: each join holds its new organization
 * and waits for its old one, where the other join is. PostgreSQL ends one as a deadlock; it is
 * asked again, and both end where they asked to be.
 */
it('two members swapping organizations at once both get there', async () => {
  for (let round = 0; round < 5; round++) {
    // Two in each, so that neither organization closes as one of them leaves it.
    const [a] = await organizationOf(t, 2);
    const [b] = await organizationOf(t, 2);
    const codeOf = async (m: NonNullable<typeof a>) =>
      (await m.client.get('/api/family')).json<{ inviteCode: string }>().inviteCode;
    const [codeA, codeB] = [await codeOf(a!), await codeOf(b!)];
    const answers = await Promise.all([
      a!.client.post('/api/family/join', { inviteCode: codeB }),
      b!.client.post('/api/family/join', { inviteCode: codeA }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
  }
});
