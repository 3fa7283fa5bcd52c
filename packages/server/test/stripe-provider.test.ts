import type { FundState } from '@giro/domain/fund/fund-types';
import { checkJournal, ledgerAccount } from '@giro/domain/ledger';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import { funds, paymentOperations, payoutAccounts } from '../src/db/schema';
import { StripeProvider } from '../src/payments/stripe.provider';
import type { FakeStripe } from './support/fake-stripe';
import { DAY, fastForward, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { liveStripeApp } from './support/live-stripe-app';
import { createTestApp, type TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret';
let t: TestApp;
let fake: FakeStripe;
beforeEach(async () => {
  ({ t, fake } = await liveStripeApp(WEBHOOK_SECRET));
});
afterEach(async () => {
  await t.close();
  await fake.stop();
});

const card = (paymentMethodId = 'pm_card_visa') => ({
  method: 'card',
  paymentMethodId,
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
});

/** Delivers a signed webhook as Stripe would (signed `timestamp` seconds since the epoch, or now). */
async function webhook(
  event: { id: string; type: string; data: { object: { id: string } } },
  secret = WEBHOOK_SECRET,
  timestamp?: number,
) {
  const payload = JSON.stringify({ object: 'event', ...event });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** The recipient creates the Connect account; Stripe onboards it and says so by webhook. */
async function connect(member: Member, state: 'active' | 'restricted' = 'active') {
  const created = (await member.client.post('/api/connect/account')).json();
  expect(created.onboardingUrl).toBe(`${fake.url}/onboarding/${created.id}`);
  fake.setAccount(created.id, state);
  expect(
    (
      await webhook({
        id: `evt_${created.id}_${state}`,
        type: 'account.updated',
        data: { object: { id: created.id } },
      })
    ).statusCode,
  ).toBe(200);
  return created.id as string;
}

describe('the card provider adapter against a local Stripe fake', () => {
  it('a round: holds made as manual-capture PaymentIntents, captured and transferred at withdrawal, fee kept', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members, 5000);
    const recipient = recipientOf(members, fund);
    const accountId = await connect(recipient);
    expect((await recipient.client.get('/api/connect/account')).json()).toMatchObject({ status: 'active' });
    expect(fake.calls('/v1/accounts')[0]!.params.get('capabilities[transfers][requested]')).toBe('true');

    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    await t.flushOutbox();
    const intents = fake.calls('/v1/payment_intents');
    expect(
      intents.map((r) => [r.params.get('amount'), r.params.get('currency'), r.params.get('capture_method')]),
    ).toEqual([
      ['5000', 'eur', 'manual'],
      ['5000', 'eur', 'manual'],
    ]);
    expect(intents.every((r) => r.idempotencyKey)).toBe(true);

    await act(recipient, 'withdraw');
    await t.flushOutbox();
    expect(fake.calls('/v1/payment_intents/').filter((r) => r.path.endsWith('/capture'))).toHaveLength(2);
    expect(fake.transfers).toEqual([expect.objectContaining({ amount: 9700, destination: accountId })]);
    const organizationId = (await recipient.client.get('/api/family')).json().id as string;
    const journal = await readJournal(t.database.db, organizationId);
    expect(checkJournal(journal)).toEqual([]);
    const fees = journal.flatMap((x) => x.entries).filter((e) => e.account === ledgerAccount.platformFees);
    expect(fees.reduce((sum, e) => sum + e.amountCents, 0)).toBe(300);
  });

  it('a declined card is refused by the provider and the contribution is dropped', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    await act(payer, 'contributions', card('pm_card_insufficientFunds'));
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
  });

  it('a card that asks for 3-D Secure waits for its payer; the webhook after they confirm makes it a hold', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer, other] = payersOf(members, fund) as [Member, Member];
    await act(payer, 'contributions', card('pm_card_authenticationRequired'));
    await act(other, 'contributions', card('pm_card_authenticationRequired'));
    await t.flushOutbox();
    // What the SDK sent: cards only, confirmed now, back to the dashboard after the bank's page.
    const [created] = fake.calls('/v1/payment_intents');
    expect(created!.params.get('return_url')).toBe('http://giro.test/');
    expect(created!.params.get('allowed_payment_method_types[0]')).toBe('card');
    const [waiting] = (await payer.client.get('/api/payments/confirmations')).json().confirmations;
    expect(waiting.url).toMatch(new RegExp(`^${fake.url}/3ds/pi_`));
    const intentId = waiting.url.split('/').at(-1) as string;

    // The payer confirms; the webhook names the intent, whose state is fetched from Stripe.
    fake.authenticate(intentId, true);
    const event = {
      id: 'evt_3ds_ok',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { id: intentId } },
    };
    expect((await webhook(event)).statusCode).toBe(200);
    await t.flushOutbox();
    expect((await payer.client.get('/api/payments/confirmations')).json().confirmations).toEqual([]);
    expect((await fundOf(payer)).round?.contributedBy).toContain(payer.id);

    // Both were in, so the round was ready; the other fails it: the contribution is taken back
    // and the round collects again.
    expect((await fundOf(payer)).phase).toBe('awaiting_withdrawal');
    const [otherWaiting] = (await other.client.get('/api/payments/confirmations')).json().confirmations;
    const otherIntent = otherWaiting.url.split('/').at(-1) as string;
    fake.authenticate(otherIntent, false);
    await webhook({
      id: 'evt_3ds_failed',
      type: 'payment_intent.payment_failed',
      data: { object: { id: otherIntent } },
    });
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([payer.id]);
    expect((await fundOf(payer)).phase).toBe('collecting');
  });

  it('a 3-D Secure intent left waiting is cancelled when its time is up: a payer confirming later holds nothing', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    await act(payer, 'contributions', card('pm_card_authenticationRequired'));
    await t.flushOutbox();
    const [waiting] = (await payer.client.get('/api/payments/confirmations')).json().confirmations;
    const intentId = waiting.url.split('/').at(-1) as string;
    expect(fake.intents.get(intentId)?.status).toBe('requires_action');

    t.clock.fastForward(31);
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
    // Cancelled, not refunded (nothing was captured), once.
    expect(fake.intents.get(intentId)?.status).toBe('canceled');
    expect(fake.calls(`/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(fake.calls('/v1/refunds')).toHaveLength(0);
    // The payer finishes at their bank afterwards: no hold appears, the webhook moves nothing.
    fake.authenticate(intentId, true);
    expect(fake.intents.get(intentId)?.status).toBe('canceled');
    await webhook({
      id: 'evt_3ds_late',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { id: intentId } },
    });
    await t.flushOutbox();
    expect((await fundOf(payer)).round?.contributedBy).toEqual([]);
  });

  it('webhooks: a wrong or replayed signature is refused, a duplicate moves nothing, out of order ends at the truth', async () => {
    const [m] = (await organizationOf(t, 1)) as [Member];
    const accountId = await connect(m, 'active');
    const forged = await webhook(
      { id: 'evt_x', type: 'account.updated', data: { object: { id: accountId } } },
      'whsec_wrong',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const again = await webhook({
      id: `evt_${accountId}_active`,
      type: 'account.updated',
      data: { object: { id: accountId } },
    });
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // A signature captured long ago and replayed: outside the SDK's tolerance, refused.
    const replayed = await webhook(
      { id: 'evt_replayed', type: 'account.updated', data: { object: { id: accountId } } },
      WEBHOOK_SECRET,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    // A stale "restricted" event arrives after the account became active: the provider's truth wins.
    fake.setAccount(accountId, 'active');
    await webhook({ id: 'evt_stale', type: 'account.updated', data: { object: { id: accountId } } });
    expect((await m.client.get('/api/connect/account')).json().status).toBe('active');
  });

  it('an event whose handling failed is handled when Stripe delivers it again, not taken for a duplicate', async () => {
    const [m] = (await organizationOf(t, 1)) as [Member];
    const { id: accountId } = (await m.client.post('/api/connect/account')).json<{ id: string }>();
    const statusOf = async () =>
      (
        await t.database.db
          .select()
          .from(payoutAccounts)
          .where(eq(payoutAccounts.providerAccountId, accountId))
      )[0]?.status;
    expect(await statusOf()).toBe('pending');
    fake.setAccount(accountId, 'active');
    const event = { id: 'evt_onboarded', type: 'account.updated', data: { object: { id: accountId } } };
    // Stripe does not answer the account's read in time: not handled, so a 500 for Stripe to retry.
    fake.lateAnswers.add(`/v1/accounts/${accountId}`);
    expect((await webhook(event)).statusCode).toBe(500);
    expect(await statusOf()).toBe('pending');
    const again = await webhook(event);
    expect(again.json()).toEqual({ received: true });
    expect(await statusOf()).toBe('active');
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: true });
  });

  /** Three members in their first round, the recipient's Connect account active, both payers paid by card. */
  async function roundPaidByCard() {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    await connect(recipient);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    return { fund, recipient };
  }

  /** A round withdrawn whose transfer Stripe made but answered too late: the row is retried later. */
  async function transferAnsweredLate() {
    const { recipient } = await roundPaidByCard();
    await t.flushOutbox();
    await act(recipient, 'withdraw');
    fake.lateAnswers.add('/v1/transfers');
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.state).toBe('distributing');
    return recipient;
  }

  /** The outbox's retry, once the late answer is gone and the row's backoff has passed. */
  async function retried() {
    await new Promise((resolve) => setTimeout(resolve, 1600));
    t.clock.fastForward(60);
    await t.flushOutbox();
  }

  it('the provider answers after the client gave up: the retry, same key, finds the first transfer', async () => {
    const recipient = await transferAnsweredLate();
    await retried();
    expect(fake.transfers).toHaveLength(1);
    const keys = fake.calls('/v1/transfers').map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect((await fundOf(recipient)).received).toHaveLength(1);
  });

  it('a transfer asked again after its answer came too late goes where the first went, though the recipient connected another account meanwhile', async () => {
    const recipient = await transferAnsweredLate();
    const [first] = fake.transfers;
    // Meanwhile the recipient's payout account is another one (reconnected, say).
    const stripe = new StripeProvider({
      secretKey: 'sk_test_fake',
      apiBase: fake.url,
    });
    const other = (
      await stripe.createAccount({ userId: recipient.id, email: 'x@example.test', idempotencyKey: 'other' })
    ).accountId;
    fake.setAccount(other, 'active');
    await t.database.db
      .update(payoutAccounts)
      .set({ providerAccountId: other })
      .where(eq(payoutAccounts.userId, recipient.id));
    await retried();
    // The same key with the same destination and amount: Stripe's first transfer, recorded once.
    expect(fake.transfers).toEqual([first]);
    expect((await fundOf(recipient)).received).toHaveLength(1);
  });

  it('a payout to a restricted account fails after the captures: the ledger books the money at Stripe until the retry pays it', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    const recipient = recipientOf(members, fund);
    const payers = payersOf(members, fund);
    const accountId = await connect(recipient);
    await openWindow(members[0]!);
    for (const payer of payers) await act(payer, 'contributions', card());
    await t.flushOutbox();
    await act(recipient, 'withdraw');
    fake.setAccount(accountId, 'restricted'); // Stripe restricts it before our transfer, no webhook yet
    await t.flushOutbox();
    const after = await fundOf(recipient);
    expect(after.round).toMatchObject({ state: 'awaiting_withdrawal', payoutFailed: true });
    expect(fake.transfers).toHaveLength(0);
    const captures = () => fake.calls('/v1/payment_intents/').filter((r) => r.path.endsWith('/capture'));
    expect(captures()).toHaveLength(2);

    // Off the payers' cards, on the platform's Stripe balance: the ledger says exactly that.
    const organizationId = (await recipient.client.get('/api/family')).json().id as string;
    const balance = async (account: string) =>
      (await readJournal(t.database.db, organizationId))
        .flatMap((tx) => tx.entries)
        .filter((e) => e.account === account)
        .reduce((sum, e) => sum + e.amountCents, 0);
    expect(await balance(ledgerAccount.providerHeld('card'))).toBe(10000);
    for (const payer of payers) expect(await balance(ledgerAccount.funding(payer.id))).toBe(-5000);
    const stored = await t.database.db.select().from(funds).where(eq(funds.id, fund.id));
    const state = stored[0]!.state as FundState;
    expect(state.contributions.map((c) => c.status)).toEqual(['captured', 'captured']);

    // The account works again: the retry transfers without capturing anything twice.
    fake.setAccount(accountId, 'active');
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.number).toBe(2);
    expect(fake.transfers).toHaveLength(1);
    expect(captures()).toHaveLength(2);
    expect(await balance(ledgerAccount.providerHeld('card'))).toBe(0);
    expect(await balance(ledgerAccount.payout(recipient.id))).toBe(9700);
    expect(checkJournal(await readJournal(t.database.db, organizationId))).toEqual([]);
  });

  it('a card hold asked again after a deploy moved PUBLIC_URL asks what the first asked: one hold, recorded', async () => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    const [payer] = payersOf(members, fund) as [Member];
    // Stripe holds the money but its answer comes too late: the charge is to be asked again.
    fake.lateAnswers.add('/v1/payment_intents');
    await act(payer, 'contributions', card());
    await t.flushOutbox();
    expect(fake.intents.size).toBe(1);
    const first = t;
    await first.stop();
    // The new release serves another address; the charge still carries the one it was made with.
    t = await createTestApp(
      { ...first.deps.config, publicUrl: 'https://giro.example' },
      {
        provider: new StripeProvider({ secretKey: 'sk_test_fake', apiBase: fake.url, timeoutMs: 2000 }),
        database: first.database,
      },
    );
    try {
      t.clock.fastForward(2);
      await t.flushOutbox();
      const asked = fake.calls('/v1/payment_intents');
      expect(asked.map((r) => r.params.get('return_url'))).toEqual([
        'http://giro.test/',
        'http://giro.test/',
      ]);
      // Stripe answered the second as it answered the first: the same intent, held once, counted.
      expect(fake.intents.size).toBe(1);
      const charges = await t.database.db
        .select({ status: paymentOperations.status, ref: paymentOperations.providerRef })
        .from(paymentOperations)
        .where(eq(paymentOperations.kind, 'charge'));
      expect(charges).toEqual([{ status: 'succeeded', ref: [...fake.intents.keys()][0] }]);
    } finally {
      await t.stop();
      t = first;
    }
  });

  it('holds four days old are captured before Stripe releases them: a round withdrawn on day 10 pays out whole (ADR 0048)', async () => {
    const { fund, recipient } = await roundPaidByCard();
    await t.flushOutbox();
    await fastForward(recipient, 10 * DAY);
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    // Captured on day 4 under the payout's capture keys; the payout captured nothing more.
    const captures = fake.calls('/v1/payment_intents/').filter((r) => r.path.endsWith('/capture'));
    expect(captures.map((r) => r.idempotencyKey)).toEqual([
      expect.stringMatching(/^capture:/),
      expect.stringMatching(/^capture:/),
    ]);
    expect(fake.transfers).toEqual([expect.objectContaining({ amount: 9700 })]);
    expect((await fundOf(recipient)).received).toEqual([
      { roundNumber: 1, recipientId: recipient.id, netCents: 9700 },
    ]);
    const [row] = await t.database.db.select().from(funds).where(eq(funds.id, fund.id));
    expect(checkJournal(await readJournal(t.database.db, row!.organizationId))).toEqual([]);
  });

  it('a server killed between the provider call and its recording: after a restart the ledger is right, one transfer', async () => {
    const { fund, recipient } = await roundPaidByCard();
    await t.flushOutbox();
    await act(recipient, 'withdraw');
    // The transfer is made at the provider, but this instance never hears back: it "dies".
    fake.lateAnswers.add('/v1/transfers');
    await t.flushOutbox();
    const first = t;
    await first.stop();
    // A new process on the same database (the dead one's lease must run out).
    const provider = new StripeProvider({
      secretKey: 'sk_test_fake',
      apiBase: fake.url,
      timeoutMs: 2000,
    });
    t = await createTestApp(first.deps.config, { provider, database: first.database });
    try {
      // The restart kept the test clock's time (it is stored); two minutes on, the lease is over.
      expect(t.clock.offsetMinutes).toBe(first.clock.offsetMinutes);
      t.clock.fastForward(2);
      await t.flushOutbox();
      expect(fake.transfers).toHaveLength(1);
      expect(new Set(fake.calls('/v1/transfers').map((r) => r.idempotencyKey)).size).toBe(1);
      const [row] = await t.database.db.select().from(funds).where(eq(funds.id, fund.id));
      const state = row!.state as FundState;
      expect(state.received).toEqual([
        expect.objectContaining({ roundNumber: 1, recipientId: recipient.id, netCents: 9700 }),
      ]);
      expect(checkJournal(await readJournal(t.database.db, row!.organizationId))).toEqual([]);
    } finally {
      await t.stop();
      t = first; // afterEach closes the first app and its database
    }
  });
});

describe('the card provider adapter reads charges and transfers back for reconciliation', () => {
  /** The adapter alone, against the same fake (what the app's provider is built from). */
  const adapter = (timeoutMs = 2000) =>
    new StripeProvider({
      secretKey: 'sk_test_fake',
      apiBase: fake.url,
      timeoutMs,
    });
  const hold = async (stripe: StripeProvider, key: string, paymentMethodId = 'pm_card_visa') => {
    const held = await stripe.charge({
      idempotencyKey: key,
      amountCents: 5000,
      method: 'card',
      paymentMethodId,
      capture: false,
      returnUrl: 'http://giro.test/',
    });
    if (!held.ok && !held.awaitingPayer) throw new Error(`no hold: ${held.reason}`);
    return held.ok ? held.ref : held.awaitingPayer!;
  };

  it('a hold captured nothing; captured, its amount; refunded, what went back', async () => {
    const stripe = adapter();
    const ref = await hold(stripe, 'op-hold');
    expect(await stripe.chargeState({ ref, method: 'card' })).toEqual({ capturedCents: 0, refundedCents: 0 });

    expect((await stripe.capture({ idempotencyKey: 'op-capture', ref, amountCents: 5000 })).ok).toBe(true);
    expect(await stripe.chargeState({ ref, method: 'card' })).toEqual({
      capturedCents: 5000,
      refundedCents: 0,
    });
    // Read with the charge expanded: its refunds are on the charge, not on the intent.
    const read = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${ref}`);
    expect([...read.at(-1)!.params]).toContainEqual([
      expect.stringMatching(/^expand\[\d*\]$/),
      'latest_charge',
    ]);

    expect(
      (await stripe.refund({ idempotencyKey: 'op-part', ref, amountCents: 1250, method: 'card' })).ok,
    ).toBe(true);
    expect(await stripe.chargeState({ ref, method: 'card' })).toEqual({
      capturedCents: 5000,
      refundedCents: 1250,
    });
    expect(
      (await stripe.refund({ idempotencyKey: 'op-rest', ref, amountCents: 3750, method: 'card' })).ok,
    ).toBe(true);
    expect(await stripe.chargeState({ ref, method: 'card' })).toEqual({
      capturedCents: 5000,
      refundedCents: 5000,
    });
  });

  it('a capture asked again after Stripe forgot its key (a day) finds it done; one refunded since does not', async () => {
    const stripe = adapter();
    const ref = await hold(stripe, 'op-hold-late');
    const capture = { idempotencyKey: 'capture:late', ref, amountCents: 5000 };
    expect(await stripe.capture(capture)).toEqual({ ok: true, ref });
    fake.forgetIdempotencyKeys();
    // A payout retried days later captures its contributions again: done, not a failure.
    expect(await stripe.capture(capture)).toEqual({ ok: true, ref });
    expect(await stripe.chargeState({ ref, method: 'card' })).toEqual({
      capturedCents: 5000,
      refundedCents: 0,
    });
    await stripe.refund({ idempotencyKey: 'op-back', ref, amountCents: 5000, method: 'card' });
    expect(await stripe.capture(capture)).toEqual({ ok: false, reason: 'provider_error' });
  });

  it('a hold released before capture, or a charge its payer never confirmed, captured nothing', async () => {
    const stripe = adapter();
    const released = await hold(stripe, 'op-released');
    expect(
      (
        await stripe.refund({
          idempotencyKey: 'op-release',
          ref: released,
          amountCents: 5000,
          method: 'card',
        })
      ).ok,
    ).toBe(true);
    expect(fake.intents.get(released)?.status).toBe('canceled');
    expect(await stripe.chargeState({ ref: released, method: 'card' })).toEqual({
      capturedCents: 0,
      refundedCents: 0,
    });

    const waiting = await hold(stripe, 'op-3ds', 'pm_card_authenticationRequired');
    expect(fake.intents.get(waiting)?.latest_charge).toBeNull();
    expect(await stripe.chargeState({ ref: waiting, method: 'card' })).toEqual({
      capturedCents: 0,
      refundedCents: 0,
    });
  });

  /** A connected account Stripe has onboarded, created through the adapter. */
  const activeAccount = async (stripe: StripeProvider) => {
    const { accountId } = await stripe.createAccount({
      idempotencyKey: 'op-acct',
      userId: 'u1',
      email: 'u1@x.test',
    });
    fake.setAccount(accountId, 'active');
    return accountId;
  };

  it('a transfer reads back as its amount less what was reversed', async () => {
    const stripe = adapter();
    const accountId = await activeAccount(stripe);
    const paid = await stripe.payout({
      idempotencyKey: 'op-transfer',
      destination: { type: 'account', accountId },
      amountCents: 9700,
    });
    if (!paid.ok) throw new Error('transfer refused');
    expect(paid.ref).toMatch(/^tr_/);
    expect(await stripe.payoutState(paid.ref)).toEqual({ paidCents: 9700 });
    fake.transfers[0]!.amount_reversed = 700; // Stripe reversed part of it
    expect(await stripe.payoutState(paid.ref)).toEqual({ paidCents: 9000 });
  });

  it('a transfer whose key another request still holds (409) is asked again, never recorded as refused: the retry pays once', async () => {
    const stripe = adapter();
    const accountId = await activeAccount(stripe);
    const transfer = {
      idempotencyKey: 'op-transfer',
      destination: { type: 'account', accountId },
      amountCents: 9700,
    } as const;
    fake.conflicts.add('/v1/transfers');
    await expect(stripe.payout(transfer)).rejects.toThrow(/in-progress/);
    expect(await stripe.payout(transfer)).toMatchObject({ ok: true });
    expect(fake.transfers).toHaveLength(1);
    // A destination that cannot receive is an answer: refused.
    fake.setAccount(accountId, 'restricted');
    expect(await stripe.payout({ ...transfer, idempotencyKey: 'op-transfer-2' })).toEqual({
      ok: false,
      reason: 'payout_failed',
    });
  });

  it('a transfer key reused with another amount (400 idempotency_error) is not read as refused: the first may have paid', async () => {
    const stripe = adapter();
    const accountId = await activeAccount(stripe);
    const transfer = {
      idempotencyKey: 'op-transfer-amount',
      destination: { type: 'account', accountId },
      amountCents: 9700,
    } as const;
    expect(await stripe.payout(transfer)).toMatchObject({ ok: true });
    // The same operation asked again for another amount (its split changed between a crash and
    // the retry): Stripe says nothing about the transfer, which went through under this key.
    await expect(stripe.payout({ ...transfer, amountCents: 8741 })).rejects.toThrow(/same parameters/);
    expect(fake.transfers).toHaveLength(1);
  });

  it('an id Stripe does not know reads as null; no answer at all is an error, not "unknown"', async () => {
    const stripe = adapter(500);
    expect(await stripe.chargeState({ ref: 'pi_unknown', method: 'card' })).toBeNull();
    expect(await stripe.payoutState('tr_unknown')).toBeNull();
    fake.lateAnswers.add('/v1/payment_intents/pi_late');
    await expect(stripe.chargeState({ ref: 'pi_late', method: 'card' })).rejects.toThrow();
    fake.lateAnswers.add('/v1/transfers/tr_late');
    await expect(stripe.payoutState('tr_late')).rejects.toThrow();
  });
});
