import { afterEach, beforeEach, expect, it } from 'vitest';
import { lockRequestsOfOrganization } from '../src/db/request.repository';
import { lockUser } from '../src/db/user.repository';
import { removeFromOrganization } from '../src/use-cases/membership';
import { applyRequestCommand } from '../src/use-cases/requests/apply-request-command';
import { type Member, notificationTypes, organizationOf } from './support/fund-members';
import { contribute, createRequest, details, overview, setRequestEnd } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const activations = async (member: Member) =>
  (await notificationTypes(member)).filter((type) => type === 'request_activated').length;
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

/**
 * The other way round: a member asks for money while their leave is being recorded. The request
 * command read their session (a member) before the requests' lock, which the leave held while it
 * ended the membership; until stop 65 the command then went through, and an ex-member owned a
 * request that pays out to someone outside. Now the membership is read again after the lock.
 */
it('a request asked for while its asker leaves is refused once the leave is done', async () => {
  const [ann, , cat] = await organizationOf(t, 3);
  const organizationId = (await ann!.client.get('/api/family')).json<{ id: string }>().id;

  let asking: ReturnType<NonNullable<typeof cat>['client']['post']> | undefined;
  await t.database.db.transaction(async (tx) => {
    await lockRequestsOfOrganization(tx, organizationId);
    asking = cat!.client.post('/api/requests', {
      title: 'Moving out',
      description: '',
      targetAmountCents: 5_000,
    });
    // Time for the request to read its session and wait at the lock (on PostgreSQL).
    await new Promise((resolve) => setTimeout(resolve, 300));
    // What a leave does under this lock (leave-current-organization.ts).
    await removeFromOrganization(tx, (await lockUser(tx, cat!.id))!, new Date());
  });
  const answer = await asking!;
  // On PGlite the session is read after the leave: signed in, in no organization.
  expect({ status: answer.statusCode, code: answer.json().code }).toEqual({
    status: 404,
    code: 'NOT_IN_ORGANIZATION',
  });
  expect(await overview(ann!)).toMatchObject({ active: null, queued: [] });
});

/**
 * The active request's 30 days have ended and the deadline worker has not ended it yet: the
 * leave ends it first (as any request command would), which activates the leaver's queued one.
 * That one is cancelled with the leave too: an ex-member never owns an active request.
 */
it("a leave that ends another's request past its 30 days cancels the leaver's request it activated", async () => {
  const [ann, bob, cat] = await organizationOf(t, 3);
  const first = await createRequest(ann!, 'New roof', 10_000);
  const queued = await createRequest(cat!, 'School books', 5_000);
  await setRequestEnd(t, ann!, first.id, t.clock.now().getTime() - 1);
  expect((await cat!.client.post('/api/family/leave')).statusCode).toBe(200);
  expect((await details(ann!, first.id)).status).toBe('expired');
  expect((await details(ann!, queued.id)).status).toBe('cancelled');
  expect((await overview(ann!)).active).toBeNull();
  // Activated only to be cancelled with the leave: announced to nobody, the leaver least of all.
  // Each heard of one activation, Ann's own, before the leave.
  for (const member of [ann!, bob!, cat!]) expect(await activations(member)).toBe(1);
});

it('a request completed after a contributor left is announced to those still in the family', async () => {
  const [ann, bob, cat] = await organizationOf(t, 3);
  const request = await createRequest(ann!, 'New roof', 10_000);
  await contribute(cat!, request.id, 2_500);
  expect((await cat!.client.post('/api/family/leave')).statusCode).toBe(200);
  await contribute(bob!, request.id, 7_500);
  expect((await details(ann!, request.id)).status).toBe('completed');
  const completed = async (member: Member) =>
    (await notificationTypes(member)).filter((type) => type === 'request_completed').length;
  expect([await completed(ann!), await completed(bob!), await completed(cat!)]).toEqual([1, 1, 0]);
});
