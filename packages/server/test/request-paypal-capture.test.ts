import { checkJournal, ledgerAccount } from '@giro/domain/ledger';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import { findRequestsOfOrganization } from '../src/db/request.repository';
import { outbox } from '../src/db/schema';
import { CAPTURE_FIRST_TOPIC } from '../src/payments/payment-operations';
import { connectPayoutAccount, fastForward, organizationOf } from './support/fund-members';
import {
  contribute,
  createRequest,
  details,
  failedContributionNotices,
  operations,
  ownerAction,
} from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A PayPal contribution to a request is captured before the request counts it, as one into a
 * fund (domain.md: PayPal contributions are captured when made). Recorded first, a declined
 * capture that completed a request paid its owner 97 € of money that never came, and the
 * ledger kept PayPal holding it.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const paypal = (paymentMethodId?: string) => ({
  method: 'paypal',
  paymentMethodId,
  billingAddress: undefined,
});
const organizationIdOf = async (member: { client: { get(url: string): Promise<{ json(): unknown }> } }) =>
  ((await member.client.get('/api/family')).json() as { id: string }).id;

describe('a PayPal contribution to a request', () => {
  it('that PayPal declines is never counted: the request stays open, nothing is paid out or booked', async () => {
    const [ann, , cat] = await organizationOf(t, 3);
    await connectPayoutAccount(ann!);
    const request = await createRequest(ann!, 'New roof', 10_000);
    const answer = await contribute(cat!, request.id, 10_000, paypal('pm_card_chargeDeclined'));
    // The answer is the request before the capture: it counts nothing yet.
    expect(answer).toMatchObject({ status: 'active', currentAmountCents: 0, contributors: [] });
    await t.flushOutbox();
    await t.flushOutbox();
    expect(await details(ann!, request.id)).toMatchObject({
      status: 'active',
      currentAmountCents: 0,
      contributors: [],
      payout: null,
    });
    expect(await operations(t)).toEqual(['charge:10000']);
    expect(t.payments.calls.map((call) => call.op)).toEqual(['charge']);
    const journal = await readJournal(t.database.db, await organizationIdOf(ann!));
    expect(journal).toEqual([]);
    // The answer said it was on its way: its payer is told it did not count.
    expect(await failedContributionNotices(cat!)).toEqual([expect.stringContaining(ann!.name)]);
  });

  it('is counted once captured, with its message, and completes the request it fills', async () => {
    const [ann, , cat] = await organizationOf(t, 3);
    await connectPayoutAccount(ann!);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(cat!, request.id, 10_000, { ...paypal(), message: 'Forza!' });
    // Its own topic: the release before would capture it and record nothing (ADR 0046).
    const rows = await t.database.db.select({ topic: outbox.topic }).from(outbox);
    expect(rows.map((row) => row.topic)).toContain(CAPTURE_FIRST_TOPIC);
    expect(rows.map((row) => row.topic)).not.toContain('payment');
    await t.flushOutbox();
    await t.flushOutbox();
    const after = await details(ann!, request.id);
    expect(after).toMatchObject({ status: 'completed', currentAmountCents: 10_000 });
    expect(after.contributors.map((c) => [c.contributorName, c.amountCents, c.message])).toEqual([
      [cat!.name, 10_000, 'Forza!'],
    ]);
    expect(after.payout?.status).toBe('paid');
    expect(await failedContributionNotices(cat!)).toEqual([]);
    // One charge (the capture itself), then the payout: never a second charge for the recording.
    expect(await operations(t)).toEqual(['charge:10000', 'payout:9700']);
    const journal = await readJournal(t.database.db, await organizationIdOf(ann!));
    expect(checkJournal(journal, [ledgerAccount.requestEscrow(request.id)])).toEqual([]);
    expect(journal.map((transaction) => transaction.kind)).toEqual([
      'request-contribution',
      'request-capture',
      'request-payout',
    ]);
  });

  it('captured after others filled the request is given back whole and never counted', async () => {
    const [ann, bob, cat] = await organizationOf(t, 3);
    await connectPayoutAccount(ann!);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(cat!, request.id, 6_000, paypal());
    // Checked against the request as it was: 6,000 not yet counted, so 10,000 still fits.
    await contribute(bob!, request.id, 10_000);
    await t.flushOutbox();
    await t.flushOutbox();
    const after = await details(ann!, request.id);
    expect(after.contributors.map((c) => [c.contributorName, c.amountCents])).toEqual([[bob!.name, 10_000]]);
    expect(await operations(t)).toEqual(['charge:10000', 'charge:6000', 'payout:9700', 'refund:6000']);
    const refund = t.payments.calls.find((call) => call.op === 'refund');
    expect(refund?.amountCents).toBe(6_000);
    expect(await failedContributionNotices(cat!)).toEqual([expect.stringContaining(ann!.name)]);
    expect(await failedContributionNotices(bob!)).toEqual([]);
    const journal = await readJournal(t.database.db, await organizationIdOf(ann!));
    expect(checkJournal(journal, [ledgerAccount.requestEscrow(request.id)])).toEqual([]);
  });

  it('captured after its request ended and left the state is given back, and its payer told whose it was', async () => {
    const [ann, , cat] = await organizationOf(t, 3);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(cat!, request.id, 4_000, paypal());
    await ownerAction(ann!, request.id, 'cancel');
    // Five more asked for and cancelled: the first request leaves the state (ADR 0042).
    for (let i = 1; i <= 5; i++) {
      await fastForward(ann!, 1);
      const next = await createRequest(ann!, `Request ${i}`, 10_000);
      await fastForward(ann!, 1);
      await ownerAction(ann!, next.id, 'cancel');
    }
    const { state } = await findRequestsOfOrganization(t.database.db, await organizationIdOf(ann!));
    expect(state.requests.map((r) => r.id)).not.toContain(request.id);

    await t.flushOutbox();
    await t.flushOutbox();
    expect(await operations(t)).toEqual(['charge:4000', 'refund:4000']);
    expect(await failedContributionNotices(cat!)).toEqual([expect.stringContaining(ann!.name)]);
  });

  it('refused before the capture is never captured', async () => {
    const [ann, , cat] = await organizationOf(t, 3);
    const request = await createRequest(ann!, 'New roof', 10_000);
    const response = await cat!.client.post(`/api/requests/${request.id}/contributions`, {
      amountCents: 20_000,
      method: 'paypal',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('AMOUNT_OVER_REMAINING');
    await t.flushOutbox();
    expect(await operations(t)).toEqual([]);
  });
});
