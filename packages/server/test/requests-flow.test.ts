import { checkJournal, ledgerAccount, memberTotals } from '@giro/domain/ledger';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import { findRequestsOfOrganization } from '../src/db/request.repository';
import { paymentOperations } from '../src/db/schema';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  notificationTypes,
  organizationOf,
} from './support/fund-members';
import { chargesClaimedElsewhere } from './support/leased-charges';
import {
  contribute,
  createRequest,
  details,
  failedContributionNotices,
  operations,
  overview,
  ownerAction,
} from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const organizationIdOf = async (member: { client: { get(url: string): Promise<{ json(): unknown }> } }) =>
  ((await member.client.get('/api/family')).json() as { id: string }).id;

describe('funding requests, end to end on the server', () => {
  it('one active, the next queued; contributions with a message complete the first, paid out minus the fee; the second activates and everyone is told', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    await connectPayoutAccount(ann!);
    const first = await createRequest(ann!, 'New roof', 10_000);
    const second = await createRequest(bob!, 'School books', 5_000);
    expect(first).toMatchObject({ status: 'active', queuePosition: null, ownerName: ann!.name });
    expect(second).toMatchObject({ status: 'pending', queuePosition: 1 });
    const dashboard = (await cat!.client.get('/api/dashboard')).json();
    expect(dashboard.activeRequest).toMatchObject({ id: first.id, progress: 0 });
    expect(dashboard.queuedRequests.map((r: { id: string }) => r.id)).toEqual([second.id]);

    const half = await contribute(cat!, first.id, 6_000, { message: 'Forza!' });
    expect(half).toMatchObject({ currentAmountCents: 6_000, progress: 60, status: 'active' });
    await contribute(cat!, first.id, 4_000, {
      method: 'paypal',
      paymentMethodId: undefined,
      billingAddress: undefined,
    });
    // PayPal is counted once captured (request-paypal-capture.test.ts): the outbox captures it.
    await t.flushOutbox();
    const done = await details(cat!, first.id);
    expect(done.status).toBe('completed');
    expect(done.payout).toMatchObject({ grossCents: 10_000, feeCents: 300, netCents: 9_700 });
    expect(done.contributors.map((c) => [c.contributorName, c.amountCents, c.message])).toEqual([
      [cat!.name, 6_000, 'Forza!'],
      [cat!.name, 4_000, null],
    ]);
    expect(done.timeline.map((e) => e.type)).toEqual([
      'created',
      'activated',
      'contribution',
      'contribution',
      'ended',
    ]);

    const now = await overview(ann!);
    expect(now.active).toMatchObject({ id: second.id, status: 'active' });
    expect(now.active?.expiresAt).toBeTruthy();
    expect(now.queued).toEqual([]);
    expect(now.recentActivity[0]).toMatchObject({ type: 'activated', requestId: second.id });
    // request_activated: ann's at her creation, then bob's for everyone, owner included.
    for (const m of [ann!, bob!, cat!]) expect(await notificationTypes(m)).toContain('request_activated');
    expect((await notificationTypes(bob!)).filter((x) => x === 'request_activated')).toHaveLength(2);
    // Bob's two say which is which: Ann's, and his own.
    const activated = (await bob!.client.get('/api/user-notifications'))
      .json<{ notifications: { type: string; body: string; link: string }[] }>()
      .notifications.filter((n) => n.type === 'request_activated');
    expect(activated.map((n) => n.link).sort()).toEqual(
      [`/requests/${first.id}`, `/requests/${second.id}`].sort(),
    );
    const bobs = activated.map((n) => n.body).sort();
    expect(bobs).toEqual([
      `${ann!.name}'s request "New roof" is now open for contributions.`,
      'Your request "School books" is now open for contributions.',
    ]);

    expect(await operations(t)).toEqual(['charge:4000', 'charge:6000', 'payout:9700']);
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge', 'capture', 'payout']);
    expect((await details(ann!, first.id)).payout?.status).toBe('paid');
    const journal = await readJournal(t.database.db, await organizationIdOf(ann!));
    expect(checkJournal(journal, [ledgerAccount.requestEscrow(first.id)])).toEqual([]);
    expect(memberTotals(journal, ann!.id).receivedCents).toBe(9_700);
    expect(memberTotals(journal, cat!.id).givenCents).toBe(10_000);
    expect((await cat!.client.get('/api/dashboard')).json().userStats.totalGivenCents).toBe(10_000);
  });

  it('a payout to an owner without a payout account fails after the capture: the money waits at the provider until the owner connects one and retries', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const request = await createRequest(ann!, 'Boiler', 2_000);
    await contribute(bob!, request.id, 2_000);
    await t.flushOutbox();
    expect((await details(ann!, request.id)).payout).toMatchObject({ status: 'failed', netCents: 1_900 });
    // She is told, by a notice that leads to the request's page, not left to find it there.
    const notices = (await ann!.client.get('/api/user-notifications')).json<{
      notifications: { type: string; link: string }[];
    }>().notifications;
    expect(notices.filter((n) => n.type === 'request_payout_failed')).toEqual([
      expect.objectContaining({ link: `/requests/${request.id}` }),
    ]);
    const organizationId = await organizationIdOf(ann!);
    const escrow = ledgerAccount.requestEscrow(request.id);
    const balanceOf = async (account: string) =>
      (await readJournal(t.database.db, organizationId))
        .flatMap((tx) => tx.entries)
        .filter((e) => e.account === account)
        .reduce((sum, e) => sum + e.amountCents, 0);
    // The hold was captured before the transfer failed: the money is on the platform's card
    // balance now, and the ledger says so.
    expect(await balanceOf(escrow)).toBe(0);
    expect(await balanceOf(ledgerAccount.providerHeld('card'))).toBe(2_000);
    expect((await ann!.client.get('/api/dashboard')).json().userStats.totalReceivedCents).toBe(0);
    const retry = () => ann!.client.post(`/api/requests/${request.id}/retry-payout`);
    expect((await retry()).json().code).toBe('PAYOUT_ACCOUNT_REQUIRED');
    // Gone, she could no longer retry it, and the money would stay on the platform for good.
    ann!.client.language = 'it';
    const leave = await ann!.client.post('/api/family/leave');
    expect({ status: leave.statusCode, message: leave.json().message }).toEqual({
      status: 409,
      message:
        "Impossibile uscire: l'erogazione della tua richiesta di aiuto non è ancora pagata (riprovala in Richieste).",
    });
    await connectPayoutAccount(ann!);
    expect((await bob!.client.post(`/api/requests/${request.id}/retry-payout`)).statusCode).toBe(403);
    expect((await retry()).json().payout.status).toBe('pending');
    await t.flushOutbox();
    expect((await details(ann!, request.id)).payout?.status).toBe('paid');
    expect(await balanceOf(escrow)).toBe(0);
    expect(await balanceOf(ledgerAccount.providerHeld('card'))).toBe(0);
    expect(checkJournal(await readJournal(t.database.db, organizationId))).toEqual([]);
    expect((await ann!.client.get('/api/dashboard')).json().userStats.totalReceivedCents).toBe(1_900);
    expect(await operations(t)).toEqual(['charge:2000', 'payout:1900', 'payout:1900']);
    expect((await ann!.client.post('/api/family/leave')).statusCode).toBe(200);
  });

  it('the owner concludes early: paid out what was collected; a non-owner may not', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    await connectPayoutAccount(ann!);
    const request = await createRequest(ann!, 'Vet bill', 20_000);
    await contribute(bob!, request.id, 2_000);
    const concluded = await ownerAction(ann!, request.id, 'conclude');
    expect(concluded).toMatchObject({
      status: 'concluded',
      payout: { grossCents: 2_000, feeCents: 100, netCents: 1_900 },
    });
    expect(await operations(t)).toEqual(['charge:2000', 'payout:1900']);
    // Received once the provider has paid it, not when it was asked for.
    expect((await ann!.client.get('/api/dashboard')).json().userStats.totalReceivedCents).toBe(0);
    await t.flushOutbox();
    expect((await details(ann!, request.id)).payout?.status).toBe('paid');
    expect((await ann!.client.get('/api/dashboard')).json().userStats.totalReceivedCents).toBe(1_900);
  });

  it('a cancelled request refunds its contributors and tells them once each, its escrow is zero and the next activates', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    const first = await createRequest(ann!, 'Holiday', 30_000);
    const second = await createRequest(bob!, 'Bike', 5_000);
    await contribute(bob!, first.id, 2_500);
    await contribute(bob!, first.id, 500);
    await contribute(cat!, first.id, 1_500, {
      method: 'paypal',
      paymentMethodId: undefined,
      billingAddress: undefined,
    });
    await t.flushOutbox();
    const cancelled = await ownerAction(ann!, first.id, 'cancel');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.contributors.every((c) => c.refunded)).toBe(true);
    expect((await details(cat!, second.id)).status).toBe('active');
    await t.flushOutbox();
    expect(await operations(t)).toEqual([
      'charge:1500',
      'charge:2500',
      'charge:500',
      'refund:1500',
      'refund:2500',
      'refund:500',
    ]);
    expect(t.payments.calls.filter((c) => c.op === 'refund').map((c) => c.amountCents)).toHaveLength(3);
    // Each contributor learns why the money comes back, once however many times they gave.
    for (const m of [bob!, cat!]) {
      const notices = (await m.client.get('/api/user-notifications')).json<{
        notifications: { type: string; body: string; link: string }[];
      }>().notifications;
      expect(notices.filter((n) => n.type === 'request_contribution_refunded')).toEqual([
        expect.objectContaining({ link: '/requests', body: expect.stringContaining(ann!.name) }),
      ]);
    }
    expect(await notificationTypes(ann!)).not.toContain('request_contribution_refunded');
    const journal = await readJournal(t.database.db, await organizationIdOf(ann!));
    expect(checkJournal(journal, [ledgerAccount.requestEscrow(first.id)])).toEqual([]);
    for (const m of [bob!, cat!]) expect(memberTotals(journal, m.id).givenCents).toBe(0);
  });

  it("a cancel's release waits for a hold another instance is still placing, then releases it", async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const request = await createRequest(ann!, 'Holiday', 30_000);
    await contribute(bob!, request.id, 2_500);
    // Another instance has claimed the hold's row (its lease runs a minute) and not finished.
    const placeHold = await chargesClaimedElsewhere(t);
    await ownerAction(ann!, request.id, 'cancel');
    await t.flushOutbox();
    // Released now, there would be nothing to release, and the hold placed afterwards would stay.
    expect(t.payments.calls).toEqual([]);
    const refunds = () =>
      t.database.db.select().from(paymentOperations).where(eq(paymentOperations.kind, 'refund'));
    expect((await refunds())[0]).toMatchObject({ status: 'pending' });

    // That instance places the hold; the release, looked at again a second later, releases it.
    await placeHold();
    await t.flushOutbox();
    t.clock.fastForward(1);
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'refund']);
    expect((await refunds())[0]).toMatchObject({ status: 'succeeded' });
    expect((await refunds())[0]!.providerRef).not.toBe('nothing-held');
    const journal = await readJournal(t.database.db, await organizationIdOf(ann!));
    expect(checkJournal(journal, [ledgerAccount.requestEscrow(request.id)])).toEqual([]);
    expect(memberTotals(journal, bob!.id).givenCents).toBe(0);
  });

  it('expiry after 30 days is processed by the deadline worker: paid out, and the next activates', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    const first = await createRequest(ann!, 'Car repair', 50_000);
    const second = await createRequest(bob!, 'Laptop', 5_000);
    await contribute(cat!, first.id, 4_000);
    const organizationId = await organizationIdOf(ann!);
    await fastForward(cat!, 29 * DAY);
    expect((await details(ann!, first.id)).status).toBe('active');
    // Sessions last 30 days too: the last step is the worker's alone, read from the database.
    t.clock.fastForward(DAY);
    expect(await t.deadlines.drain()).toBe(1);
    const { state } = await findRequestsOfOrganization(t.database.db, organizationId);
    const [expired, next] = [first.id, second.id].map((id) => state.requests.find((r) => r.id === id)!);
    expect(expired).toMatchObject({
      status: 'expired',
      payout: { grossCents: 4_000, feeCents: 150, netCents: 3_850 },
    });
    expect(next!.status).toBe('active');
    expect(await operations(t)).toEqual(['charge:4000', 'payout:3850']);
  });

  it('a declined card is taken back: the amount is open again and nothing is booked', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    const request = await createRequest(ann!, 'Glasses', 5_000);
    await contribute(bob!, request.id, 3_000, { paymentMethodId: 'pm_card_chargeDeclined' });
    await t.flushOutbox();
    const after = await details(ann!, request.id);
    expect(after).toMatchObject({ currentAmountCents: 0, status: 'active', contributors: [] });
    const journal = await readJournal(t.database.db, await organizationIdOf(ann!));
    expect(memberTotals(journal, bob!.id).givenCents).toBe(0);
    expect(checkJournal(journal)).toEqual([]);
    // Its payer is told, naming whose request it was; no one else is.
    const [notice, ...others] = await failedContributionNotices(bob!);
    expect(others).toEqual([]);
    expect(notice).toContain(ann!.name);
    expect(await failedContributionNotices(ann!)).toEqual([]);
    // Cat's card is declined too; Bob completes the request: only those whose gift counts are thanked.
    await contribute(cat!, request.id, 1_000, { paymentMethodId: 'pm_card_chargeDeclined' });
    await t.flushOutbox();
    expect((await contribute(bob!, request.id, 5_000)).status).toBe('completed');
    expect(await failedContributionNotices(bob!)).toHaveLength(1);
    const completedNotices = async (member: typeof ann) =>
      (await member!.client.get('/api/user-notifications'))
        .json<{ notifications: { type: string }[] }>()
        .notifications.filter((n) => n.type === 'request_completed').length;
    expect([await completedNotices(ann), await completedNotices(bob), await completedNotices(cat)]).toEqual([
      1, 1, 0,
    ]);
  });

  it('the owner of the active request may not leave; the owner of a pending one may edit the target', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const first = await createRequest(ann!, 'Stove', 5_000);
    const second = await createRequest(bob!, 'Desk', 5_000);
    const leave = await ann!.client.post('/api/family/leave');
    expect(leave.statusCode).toBe(409);
    expect(JSON.stringify(leave.json())).toContain('active_request_owner');
    const edited = await bob!.client.patch(`/api/requests/${second.id}`, {
      title: 'A desk',
      targetAmountCents: 7_000,
    });
    expect(edited.json()).toMatchObject({ title: 'A desk', targetAmountCents: 7_000 });
    const active = await ann!.client.patch(`/api/requests/${first.id}`, { description: 'Gas stove' });
    expect(active.json()).toMatchObject({ description: 'Gas stove', status: 'active' });
  });

  it("leaving cancels the member's queued request: it does not wait in the queue for someone gone", async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    await createRequest(ann!, 'Stove', 5_000);
    const queued = await createRequest(bob!, 'Desk', 5_000);
    const cats = await createRequest(cat!, 'Lamp', 5_000);
    expect((await overview(ann!)).queued.map((r) => r.id)).toEqual([queued.id, cats.id]);
    expect((await bob!.client.post('/api/family/leave')).statusCode).toBe(200);
    expect((await overview(ann!)).queued.map((r) => r.id)).toEqual([cats.id]);
    expect((await details(ann!, queued.id)).status).toBe('cancelled');
  });
});
