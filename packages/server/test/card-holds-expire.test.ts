import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { balances, checkJournal, ledgerAccount, memberTotals } from '@giro/domain/ledger';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { findFundOfOrganization } from '../src/db/fund.repository';
import { readJournal } from '../src/db/ledger.repository';
import { outbox, paymentOperations } from '../src/db/schema';
import { HOLD_CAPTURE_TOPIC } from '../src/payments/hold-capture';
import { captureSubject, enqueuePayment, type PaymentRequest } from '../src/payments/payment-operations';
import { SANDBOX_HOLD_MS } from '../src/payments/sandbox.provider';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  fundOf,
  type Member,
  organizationOf,
} from './support/fund-members';
import { act, roundWithCardsPaid } from './support/fund-steps';
import { card, contribute, createRequest, details, failedContributionNotices } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const familyIdOf = async (member: Member) =>
  (await member.client.get('/api/family')).json<{ id: string }>().id;
const heldAtCardProvider = async (organizationId: string) =>
  balances(await readJournal(t.database.db, organizationId)).get(ledgerAccount.providerHeld('card')) ?? 0;
const chargeOf = async (organizationId: string) =>
  (
    await t.database.db
      .select()
      .from(paymentOperations)
      .where(and(eq(paymentOperations.organizationId, organizationId), eq(paymentOperations.kind, 'charge')))
  )[0]!;

/** A request's one card contribution captured, then refunded whole: its payer where they started. */
async function expectRefundedWhole(organizationId: string, payer: Member, requestId: string, cents: number) {
  const charge = await chargeOf(organizationId);
  expect(await t.payments.chargeState({ ref: charge.providerRef! })).toEqual({
    capturedCents: cents,
    refundedCents: cents,
  });
  const journal = await readJournal(t.database.db, organizationId);
  expect(await heldAtCardProvider(organizationId)).toBe(0);
  expect(memberTotals(journal, payer.id).givenCents).toBe(0);
  expect(checkJournal(journal, [ledgerAccount.requestEscrow(requestId)])).toEqual([]);
}

/**
 * A card contribution is a hold, which Stripe releases after 7 days (the sandbox too, on the
 * app's clock). Until ADR 0048 it was captured only by the payout: a round whose recipient
 * withdrew days after their withdrawal date, or a request open for weeks, captured an expired
 * hold, and the payout failed on every retry. Now each hold is captured after four days.
 */
describe('card holds are captured before they expire (ADR 0048)', () => {
  it('the sandbox refuses a hold older than 7 days, as Stripe does', async () => {
    const charge = await t.payments.charge({
      idempotencyKey: 'hold-1',
      amountCents: 5000,
      method: 'card',
      paymentMethodId: 'pm_card_visa',
      capture: false,
      returnUrl: 'http://giro.test/',
    });
    if (!charge.ok) throw new Error('the hold was refused');
    t.clock.fastForward(SANDBOX_HOLD_MS / 60_000 + 1);
    const late = await t.payments.capture({
      idempotencyKey: 'capture:1',
      ref: charge.ref,
      amountCents: 5000,
    });
    expect(late).toEqual({ ok: false, reason: 'provider_error' });
    expect(await t.payments.chargeState({ ref: charge.ref })).toEqual({ capturedCents: 0, refundedCents: 0 });
  });

  it('a round whose recipient withdraws ten days after the holds were placed is paid out whole', async () => {
    const { recipient } = await roundWithCardsPaid(t);
    await t.flushOutbox();
    const organizationId = await familyIdOf(recipient);
    // Day 4: both holds captured early, under the key a payout's capture uses.
    await fastForward(recipient, 4 * DAY + 1);
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge', 'capture', 'capture']);
    expect(t.payments.calls.slice(2).every((c) => c.idempotencyKey.startsWith('capture:'))).toBe(true);
    const fund = (await findFundOfOrganization(t.database.db, organizationId))!;
    expect(fund.state.contributions.map((c) => c.status)).toEqual(['captured', 'captured']);
    expect(await heldAtCardProvider(organizationId)).toBe(10_000);

    // Day 10 (three days after the withdrawal date): the recipient withdraws; nothing is captured again.
    await fastForward(recipient, 6 * DAY);
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge', 'capture', 'capture', 'payout']);
    const after = await fundOf(recipient);
    expect(after.received).toEqual([{ roundNumber: 1, recipientId: recipient.id, netCents: 9700 }]);
    expect(await heldAtCardProvider(organizationId)).toBe(0);
    expect(checkJournal(await readJournal(t.database.db, organizationId))).toEqual([]);
  });

  it('a request with contributions on days 0 and 18, ended on day 20, pays out both', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    await connectPayoutAccount(ann!);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(bob!, request.id, 4_000, card());
    await t.flushOutbox();
    await fastForward(ann!, 18 * DAY);
    await contribute(cat!, request.id, 3_000, card());
    await t.flushOutbox();
    await fastForward(ann!, 2 * DAY);
    const concluded = await ann!.client.post(`/api/requests/${request.id}/conclude`, {});
    expect(concluded.statusCode).toBe(200);
    await t.flushOutbox();
    const paid = await details(ann!, request.id);
    expect(paid.payout).toMatchObject({ status: 'paid', grossCents: 7_000 });
    // Bob's hold was captured on day 4, Cat's (2 days old) by the payout.
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'capture', 'charge', 'capture', 'payout']);
    const organizationId = await familyIdOf(ann!);
    const journal = await readJournal(t.database.db, organizationId);
    expect(checkJournal(journal, [ledgerAccount.requestEscrow(request.id)])).toEqual([]);
    expect(memberTotals(journal, ann!.id).receivedCents).toBe(paid.payout!.netCents);
    expect(await heldAtCardProvider(organizationId)).toBe(0);
  });

  it('cancelled after an early capture, the money is refunded rather than released', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(bob!, request.id, 4_000, card());
    await t.flushOutbox();
    await fastForward(ann!, 5 * DAY);
    await t.flushOutbox();
    const organizationId = await familyIdOf(ann!);
    expect(await heldAtCardProvider(organizationId)).toBe(4_000);
    const cancelled = await ann!.client.post(`/api/requests/${request.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    await t.flushOutbox();
    await expectRefundedWhole(organizationId, bob!, request.id, 4_000);
  });

  it('a refund asked while another instance is capturing the hold early waits for that capture, then gives the money back', async () => {
    const [ann, bob] = await organizationOf(t, 2);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(bob!, request.id, 4_000, card());
    await t.flushOutbox();
    const organizationId = await familyIdOf(ann!);
    const charge = await chargeOf(organizationId);
    const { contributionId, target } = charge.request as Extract<PaymentRequest, { kind: 'charge' }>;
    // Another instance took the hold's timer on day 4 and recorded its capture, and is still
    // carrying it out: its rows are claimed (the lease runs a minute), so this one leaves them.
    const claimed = (at: Date) =>
      t.database.db
        .update(outbox)
        .set({ availableAt: at })
        .where(sql`${outbox.topic} in ('payment', ${HOLD_CAPTURE_TOPIC}) and ${outbox.processedAt} is null`);
    await claimed(new Date(t.clock.now().getTime() + 6 * DAY * 60_000));
    await fastForward(ann!, 5 * DAY);
    const captureId = await t.database.db.transaction((tx) =>
      enqueuePayment(
        tx,
        {
          organizationId,
          subject: captureSubject(contributionId),
          userId: charge.userId,
          amountCents: charge.amountCents,
          request: { kind: 'capture', target, contributionId },
        },
        t.clock.now(),
      ),
    );
    expect(captureId).not.toBeNull();
    await claimed(new Date(t.clock.now().getTime() + 60_000));

    expect((await ann!.client.post(`/api/requests/${request.id}/cancel`, {})).statusCode).toBe(200);
    await t.flushOutbox();
    // Released now, the hold would be gone under the capture: the refund waits for it.
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge']);

    // That instance captures; the refund, looked at again a second later, refunds the captured money.
    await t.database.db
      .update(outbox)
      .set({ availableAt: t.clock.now() })
      .where(sql`${outbox.payload}->>'operationId' = ${captureId}`);
    await t.flushOutbox();
    t.clock.fastForward(1);
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'capture', 'refund']);
    await expectRefundedWhole(organizationId, bob!, request.id, 4_000);
  });

  it('a hold placed before this release gets its timer from migration 0034; come too late, it is taken back and its payer told', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(bob!, request.id, 4_000, card());
    await t.flushOutbox();
    // As before ADR 0048: no timer. Eight days on, migration 0034 gives the hold one, four days
    // after it was placed: due at once.
    const timers = () => t.database.db.select().from(outbox).where(eq(outbox.topic, HOLD_CAPTURE_TOPIC));
    await t.database.db.delete(outbox).where(eq(outbox.topic, HOLD_CAPTURE_TOPIC));
    await fastForward(ann!, 8 * DAY);
    await t.database.db.execute(
      sql.raw(readFileSync(join(migrationsFolder, '0034_hold_capture_timers.sql'), 'utf8')),
    );
    const [charge] = await t.database.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'charge'));
    expect((await timers()).map((row) => [row.payload, row.availableAt.getTime()])).toEqual([
      [{ operationId: charge!.id }, charge!.completedAt!.getTime() + 4 * DAY * 60_000],
    ]);
    await t.flushOutbox();
    const after = await details(ann!, request.id);
    expect(after.contributors).toEqual([]);
    expect(await failedContributionNotices(bob!)).toHaveLength(1);
    // The owner learns why the request counts less: whose contribution, in her language.
    const notices = (await ann!.client.get('/api/user-notifications')).json<{
      notifications: { type: string; body: string; link: string }[];
    }>().notifications;
    const lost = notices.filter((n) => n.type === 'request_contribution_lost');
    expect(lost).toHaveLength(1);
    expect(lost[0]!.body).toContain(bob!.name);
    expect(lost[0]!.link).toBe('/requests');
    // The amount is open again: another member gives it.
    await contribute(cat!, request.id, 4_000, card());
    expect((await details(ann!, request.id)).currentAmountCents).toBe(4_000);
  });
});
