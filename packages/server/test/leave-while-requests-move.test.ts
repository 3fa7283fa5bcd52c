import { afterEach, beforeEach, expect, it } from 'vitest';
import { lockRequestsOfOrganization } from '../src/db/request.repository';
import { applyRequestCommand } from '../src/use-cases/requests/apply-request-command';
import { organizationOf } from './support/fund-members';
import { createRequest, details } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/**
 * Leaving is decided on the requests as locked. A member whose request was queued asks to
 * leave while another transaction holds the requests and ends the active one, which activates
 * theirs. Checked before the lock (as until stop 64), the leave saw a queued request, waited,
 * then went through: an ex-member owned an active request, paying out to someone outside.
 * On PostgreSQL the leave reaches the lock while the other transaction holds it; PGlite runs one
 * transaction at a time, so there the leave simply comes after it.
 */
it('a member whose queued request becomes active while they leave is refused, and stays', async () => {
  const [ann, , cat] = await organizationOf(t, 3);
  const first = await createRequest(ann!, 'New roof', 10_000);
  const queued = await createRequest(cat!, 'School books', 5_000);
  expect(queued.status).toBe('pending');
  const organizationId = (await ann!.client.get('/api/family')).json<{ id: string }>().id;

  let leaving: ReturnType<NonNullable<typeof cat>['client']['post']> | undefined;
  await t.database.db.transaction(async (tx) => {
    const row = await lockRequestsOfOrganization(tx, organizationId);
    leaving = cat!.client.post('/api/family/leave');
    // Time for the leave to read what it reads and wait at the lock (on PostgreSQL).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await applyRequestCommand(tx, t.deps, row, {
      type: 'ConcludeRequest',
      requestId: first.id,
      userId: ann!.id,
    });
  });
  const answer = await leaving!;
  expect(answer.statusCode).toBe(409);
  expect(JSON.stringify(answer.json())).toContain('active_request_owner');
  expect((await details(ann!, queued.id)).status).toBe('active');
  expect((await cat!.client.get('/api/family')).statusCode).toBe(200);
});
