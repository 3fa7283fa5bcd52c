import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkJournal, ledgerAccount } from '@giro/domain/ledger';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { readJournal } from '../src/db/ledger.repository';
import {
  connectPayoutAccount,
  DAY,
  fastForward,
  finishOnboarding,
  fundOf,
  type Member,
  organizationOf,
} from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf, roundWithCardsPaid } from './support/fund-steps';
import { chargesClaimedElsewhere } from './support/leased-charges';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const card = (paymentMethodId = 'pm_card_visa') => ({
  method: 'card',
  paymentMethodId,
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
});
const balanceOf = async (organizationId: string, account: string) =>
  (await readJournal(t.database.db, organizationId))
    .flatMap((tx) => tx.entries)
    .filter((e) => e.account === account)
    .reduce((sum, e) => sum + e.amountCents, 0);

describe('fund payments through the payment port', () => {
  it('card contributions are held, captured at distribution, the fee booked and the net paid out once', async () => {
    const { recipient } = await roundWithCardsPaid(t);
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge']);
    const ready = await fundOf(recipient);
    expect(ready.phase).toBe('awaiting_withdrawal');
    expect(ready.round?.payout).toEqual({
      grossCents: 10_000,
      feeCents: 300,
      netCents: 9700,
      paypalNetCents: 0,
      manualCents: 0,
    });

    const distributing = await act(recipient, 'withdraw');
    expect(distributing.round?.state).toBe('distributing');
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge', 'capture', 'capture', 'payout']);
    expect(t.payments.calls.at(-1)).toMatchObject({ amountCents: 9700 });
    const after = await fundOf(recipient);
    expect(after.round?.number).toBe(2);
    expect(after.received).toEqual([{ roundNumber: 1, recipientId: recipient.id, netCents: 9700 }]);

    const organizationId = (await recipient.client.get('/api/family')).json().id as string;
    expect(await balanceOf(organizationId, ledgerAccount.payout(recipient.id))).toBe(9700);
    expect(await balanceOf(organizationId, ledgerAccount.platformFees)).toBe(300);
    // Captured and paid out in one go: nothing is left at the card provider.
    expect(await balanceOf(organizationId, ledgerAccount.providerHeld('card'))).toBe(0);
    expect(checkJournal(await readJournal(t.database.db, organizationId))).toEqual([]);
    const dashboard = (await recipient.client.get('/api/dashboard')).json();
    expect(dashboard.userStats).toMatchObject({ totalReceivedCents: 9700, totalGivenCents: 0 });

    // A replayed outbox row (a crash after the provider call) moves nothing twice.
    await t.flushOutbox();
    expect(t.payments.calls).toHaveLength(5);
  });

  it('a payout waits for a hold another instance is still placing, then pays out whole', async () => {
    const { recipient } = await roundWithCardsPaid(t);
    await act(recipient, 'withdraw');
    // Another instance has claimed the holds' rows (its lease runs a minute) and not finished.
    const placeHolds = await chargesClaimedElsewhere(t);

    await t.flushOutbox();
    expect(t.payments.calls).toEqual([]);
    const waiting = await fundOf(recipient);
    expect(waiting.round).toMatchObject({ number: 1, state: 'distributing', payoutFailed: false });

    // That instance places the holds; the payout, looked at again a second later, captures them.
    await placeHolds();
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge']);
    t.clock.fastForward(1);
    await t.flushOutbox();
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge', 'capture', 'capture', 'payout']);
    const after = await fundOf(recipient);
    expect(after.received).toEqual([{ roundNumber: 1, recipientId: recipient.id, netCents: 9700 }]);
  });

  it('a declined card leaves no contribution, and the member may pay again', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    await act(payer, 'contributions', card('pm_card_chargeDeclined'));
    expect((await fundOf(payer)).round?.contributedBy).toEqual([payer.id]);
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
    const alerts = (await payer.client.get('/api/user-notifications')).json().notifications;
    expect(alerts[0]).toMatchObject({ type: 'payment_failed', title: 'Payment failed' });
    await act(payer, 'contributions', card());
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([payer.id]);
  });

  it('paying needs a verified email, and a card needs a billing address', async () => {
    const members = await organizationOf(t, 2);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    const url = `/api/rotating-fund/${fund.id}/contributions`;
    const noAddress = await payer.client.post(url, { method: 'card', paymentMethodId: 'pm_card_visa' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().code).toBe('BILLING_ADDRESS_INCOMPLETE');
    const badCountry = await payer.client.post(url, {
      ...card(),
      billingAddress: { ...card().billingAddress, country: '' },
    });
    expect(badCountry.statusCode).toBe(400);
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
  });

  /** Three members whose round is all paid by card, its recipient without a payout account. */
  async function roundWaitingForAccount() {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    await t.flushOutbox();
    return { members, fund, recipient };
  }

  it('a recipient without a payout account has 24 h; then every contribution is refunded and the round moves on', async () => {
    const { members, fund, recipient } = await roundWaitingForAccount();
    const waiting = await fundOf(recipient);
    expect(waiting.round?.recipientTimeoutAt).not.toBeNull();
    const alerts = (await recipient.client.get('/api/user-notifications')).json().notifications;
    expect(alerts.map((n: { type: string }) => n.type)).toContain('payout_account_required');
    const refused = await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`);
    expect(refused.json().code).toBe('PAYOUT_ACCOUNT_REQUIRED');

    await fastForward(members[0]!, DAY + 1);
    await t.flushOutbox();
    expect(t.payments.calls.filter((c) => c.op === 'refund')).toHaveLength(2);
    const moved = await fundOf(recipient);
    expect(moved.round?.recipientId).not.toBe(recipient.id);
    expect(moved.order.at(-1)).toBe(recipient.id); // to the end of the rotation
    const contributions = (await recipient.client.get('/api/monthly-contributions')).json().contributions;
    expect(contributions).toEqual([]); // the recipient gave nothing in that round
    // Told, each: the recipient that the turn passed, and to whom; the payers that their money comes back.
    const next = members.find((m) => m.id === moved.round?.recipientId)!;
    const notices = async (m: Member) =>
      (await m.client.get('/api/user-notifications')).json<{
        notifications: { type: string; body: string }[];
      }>().notifications;
    const passed = (await notices(recipient)).find((n) => n.type === 'turn_passed');
    expect(passed?.body).toContain(`${next.name} receives now.`);
    for (const payer of members.filter((m) => m.id !== recipient.id)) {
      const back = (await notices(payer)).filter((n) => n.type === 'round_refunded');
      expect(back).toHaveLength(1);
      expect(back[0]!.body).toContain(`${recipient.name} did not connect a payout account in time`);
    }
  });

  it('a recipient who connects an account in their 24 h is asked no more, and withdraws', async () => {
    const { members, recipient } = await roundWaitingForAccount();
    const asked = async () =>
      (await recipient.client.get('/api/user-notifications'))
        .json<{ notifications: { type: string }[] }>()
        .notifications.some((n) => n.type === 'payout_account_required');
    expect(await asked()).toBe(true);
    // Restricted by the provider, it is no account to pay into: still asked.
    await connectPayoutAccount(recipient, 'restrict');
    expect(await asked()).toBe(true);
    const created = await recipient.client.get('/api/connect/account');
    expect(created.json().status).not.toBe('active');
    // Its onboarding completed, the account is active: the call is answered.
    const link = await recipient.client.post('/api/connect/account/onboarding-link');
    const url = new URL(link.json<{ onboardingUrl: string }>().onboardingUrl);
    await finishOnboarding(recipient, `${url.pathname}${url.search}`, 'complete');
    expect(await asked()).toBe(false);
    await t.flushOutbox();
    const alerts = (await recipient.client.get('/api/user-notifications')).json().notifications;
    expect(alerts.map((n: { type: string }) => n.type)).toContain('withdrawal_ready');
    // Nobody reads a countdown for him any more: the round's state says so, for every member.
    const other = members.find((m) => m.id !== recipient.id)!;
    expect((await fundOf(other)).round).toMatchObject({
      state: 'awaiting_withdrawal',
      recipientTimeoutAt: null,
    });
    expect((await act(recipient, 'withdraw')).round?.state).not.toBe('awaiting_withdrawal');
  });

  it('a recipient whose account stops being usable before withdrawing gets 24 h from then, and the round moves on after them', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    await connectPayoutAccount(recipient);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    expect((await fundOf(recipient)).round).toMatchObject({
      state: 'awaiting_withdrawal',
      recipientTimeoutAt: null,
    });
    await fastForward(members[0]!, 3 * DAY);
    const before = t.clock.now().getTime();
    const unlinked = await recipient.client.post('/api/connect/account/unlink');
    const after = t.clock.now().getTime();
    expect(unlinked.statusCode).toBe(200);
    const waiting = await fundOf(members[0]!);
    const until = Date.parse(waiting.round!.recipientTimeoutAt!);
    expect(until - DAY * 60_000).toBeGreaterThanOrEqual(before);
    expect(until - DAY * 60_000).toBeLessThanOrEqual(after);
    await t.flushOutbox();
    const alerts = (await recipient.client.get('/api/user-notifications')).json().notifications;
    expect(alerts.map((n: { type: string }) => n.type)).toContain('payout_account_required');
    // Reconnected, the clock stops again; unlinked again, it starts again, and runs out.
    expect((await recipient.client.post('/api/connect/account/reconnect')).statusCode).toBe(200);
    expect((await fundOf(members[0]!)).round?.recipientTimeoutAt).toBeNull();
    await recipient.client.post('/api/connect/account/unlink');
    await fastForward(members[0]!, DAY + 1);
    await t.flushOutbox();
    const moved = await fundOf(recipient);
    expect(moved.round?.recipientId).not.toBe(recipient.id);
    expect(moved.order.at(-1)).toBe(recipient.id);
    expect(t.payments.calls.filter((c) => c.op === 'refund')).toHaveLength(2);
  });

  it('a PayPal contribution counts only once captured; a second one captured meanwhile is refunded', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    const first = await act(payer, 'contributions', { method: 'paypal' });
    expect(first.round?.contributedBy).toEqual([]); // not before the money is in
    await act(payer, 'contributions', { method: 'paypal' }); // a second tab, before the first is captured
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([payer.id]);
    expect(t.payments.calls.map((c) => c.op)).toEqual(['charge', 'charge', 'refund']);
    const organizationId = (await payer.client.get('/api/family')).json().id as string;
    // Captured at once: the one that counts is on the platform's PayPal balance until paid out.
    expect(await balanceOf(organizationId, ledgerAccount.providerHeld('paypal'))).toBe(5000);
    expect(checkJournal(await readJournal(t.database.db, organizationId))).toEqual([]);
  });

  it("PayPal money booked in its round's escrow before 0020 is moved once to the PayPal balance", async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    await act(payer, 'contributions', { method: 'paypal' });
    await t.flushOutbox();
    const organizationId = (await payer.client.get('/api/family')).json().id as string;
    const escrow = ledgerAccount.roundEscrow(fund.id, 1, 1);
    const held = ledgerAccount.providerHeld('paypal');
    // As the ledger booked it before: the contribution into the round's escrow.
    await t.database.db.execute(
      sql`update ledger_entries set account = ${escrow} where organization_id = ${organizationId} and account = ${held}`,
    );
    const migration = readFileSync(join(migrationsFolder, '0020_provider_held.sql'), 'utf8');
    for (let run = 0; run < 2; run++)
      for (const statement of migration.split('--> statement-breakpoint'))
        await t.database.db.execute(sql.raw(statement));
    expect(await balanceOf(organizationId, escrow)).toBe(0);
    expect(await balanceOf(organizationId, held)).toBe(5000);
    const journal = await readJournal(t.database.db, organizationId);
    expect(journal.filter((tx) => tx.kind === 'provider-held-opening')).toHaveLength(1);
    expect(checkJournal(journal)).toEqual([]);
  });
});
