import { checkJournal } from '@giro/domain/ledger';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal } from '../src/db/ledger.repository';
import { setSandboxAccountStatus } from '../src/db/sandbox-account.repository';
import { paymentOperations, payoutAccounts, sandboxMovements } from '../src/db/schema';
import { reconcilePayments } from '../src/use-cases/admin/reconcile-payments';
import { connectPayoutAccount, fundOf, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { contribute, createRequest, details } from './support/request-steps';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const card = {
  method: 'card',
  paymentMethodId: 'pm_card_visa',
  billingAddress: { line1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'IT' },
};
const payouts = () => t.payments.calls.filter((c) => c.op === 'payout');

/** €10 each from three payers: one by PayPal, two by card; the recipient connected. */
async function roundPaidByPaypalAndCard(recipientPaypalEmail: string | null) {
  const members = await organizationOf(t, 4);
  const fund = await activeFund(members, 1000);
  const recipient = recipientOf(members, fund);
  await connectPayoutAccount(recipient);
  if (recipientPaypalEmail)
    expect(
      (await recipient.client.put('/api/user/paypal', { paypalEmail: recipientPaypalEmail })).statusCode,
    ).toBe(200);
  await openWindow(members[0]!);
  const [byPaypal, ...byCard] = payersOf(members, fund) as [Member, ...Member[]];
  await act(byPaypal, 'contributions', { method: 'paypal' });
  for (const payer of byCard) await act(payer, 'contributions', card);
  await t.flushOutbox();
  return { members, fund, recipient };
}

/**
 * The provider restricts the recipient's connected account without telling us yet: a payout's
 * account part fails. Its id, to make it active again.
 */
async function restrictAccount(recipient: Member): Promise<string> {
  const [account] = await t.database.db
    .select({ id: payoutAccounts.providerAccountId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, recipient.id));
  await setSandboxAccountStatus(t.database.db, account!.id, 'restricted');
  return account!.id;
}

/** The production reconciliation: a split payout's account part is its net less the PayPal share. */
async function expectReconciled(payouts: number) {
  const run = await reconcilePayments({ db: t.database.db, clock: t.clock, payments: t.payments });
  expect(run).toMatchObject({ error: null, differences: [], checked: { payouts } });
}

const ledgerBalances = async (member: Member) => {
  const organizationId = (await member.client.get('/api/family')).json().id as string;
  return checkJournal(await readJournal(t.database.db, organizationId));
};

describe('payouts: money from PayPal to the recipient’s PayPal email, the rest to their account', () => {
  it('splits the net: PayPal’s €10.00 less its share of the €1.25 fee to the email, the rest to the account', async () => {
    const { fund, recipient } = await roundPaidByPaypalAndCard('recipient@paypal.example');
    // The distribution modal says so before the withdrawal.
    expect((await fundOf(recipient)).round?.payout).toMatchObject({ netCents: 2875, paypalNetCents: 959 });
    expect((await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`)).statusCode).toBe(200);
    await t.flushOutbox();
    // Gross 3000, fee round(75) + 50 = 125, net 2875; PayPal's third bears floor(125 / 3) = 41.
    const [toPaypal, toAccount] = payouts();
    expect(toPaypal).toMatchObject({
      idempotencyKey: expect.stringMatching(/^paypal-payout:/),
      amountCents: 959,
    });
    expect(toAccount).toMatchObject({ amountCents: 1916 });
    expect(payouts()).toHaveLength(2);
    expect((await fundOf(recipient)).round?.number).toBe(2);
    expect(await ledgerBalances(recipient)).toEqual([]);
    await expectReconciled(1);

    // Both parts are read back: the PayPal part a cent short is a difference, shown with both refs.
    const [operation] = await t.database.db
      .select({ providerRef: paymentOperations.providerRef, paypalRef: paymentOperations.paypalRef })
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'payout'));
    expect(operation?.paypalRef).toBeTruthy();
    expect(operation?.paypalRef).not.toBe(operation?.providerRef);
    await t.database.db
      .update(sandboxMovements)
      .set({ amountCents: 958 })
      .where(eq(sandboxMovements.ref, operation!.paypalRef!));
    const run = await reconcilePayments({ db: t.database.db, clock: t.clock, payments: t.payments });
    expect(run.differences).toEqual([
      expect.objectContaining({
        object: 'payout',
        providerRef: `${operation!.providerRef} + ${operation!.paypalRef}`,
        ledgerCents: 2875,
        providerCents: 2874,
      }),
    ]);
  });

  it('without a PayPal email, everything goes to the account', async () => {
    const { fund, recipient } = await roundPaidByPaypalAndCard(null);
    await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`);
    await t.flushOutbox();
    expect(payouts()).toEqual([expect.objectContaining({ amountCents: 2875 })]);
  });

  it('the PayPal part went through and the account part failed: the next attempt pays the account only', async () => {
    const { fund, recipient } = await roundPaidByPaypalAndCard('recipient@paypal.example');
    const account = await restrictAccount(recipient);
    await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`);
    await t.flushOutbox();
    const failed = await fundOf(recipient);
    expect(failed.round?.number).toBe(1);
    expect(failed.round?.payoutFailed).toBe(true);
    // The failed attempt keeps the PayPal part's reference: that money did go out.
    const [first] = await t.database.db
      .select({ status: paymentOperations.status, paypalRef: paymentOperations.paypalRef })
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'payout'));
    expect(first).toEqual({ status: 'failed', paypalRef: expect.stringMatching(/^tr_/) });
    // Until an attempt succeeds the ledger has not booked that part: reconciliation shows it,
    // paid by PayPal and not in the books.
    const [failedId] = await t.database.db
      .select({ id: paymentOperations.id })
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'payout'));
    const meanwhile = await reconcilePayments({ db: t.database.db, clock: t.clock, payments: t.payments });
    expect(meanwhile).toMatchObject({ error: null, checked: { payouts: 1 } });
    expect(meanwhile.differences).toEqual([
      expect.objectContaining({
        object: 'payout',
        method: 'paypal',
        operationId: failedId!.id,
        providerRef: first!.paypalRef,
        ledgerCents: 0,
        providerCents: 959,
      }),
    ]);

    // A retry after PayPal's 30 days, when PayPal no longer knows the key, must not pay it again.
    t.payments.forgetIdempotencyKeys();
    await setSandboxAccountStatus(t.database.db, account, 'active');
    expect((await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`)).statusCode).toBe(200);
    // The retry under way may be booking it: passed over as in flight, not shown as a difference.
    const during = await reconcilePayments({ db: t.database.db, clock: t.clock, payments: t.payments });
    expect(during.differences).toEqual([]);
    expect(during.inFlight).toBeGreaterThanOrEqual(1);
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.number).toBe(2);
    // One PayPal payout (the second attempt found it recorded), the account's failed try, then its payment.
    const paypal = payouts().filter((p) => p.idempotencyKey.startsWith('paypal-payout:'));
    expect(paypal).toEqual([expect.objectContaining({ amountCents: 959 })]);
    expect(payouts().filter((p) => !p.idempotencyKey.startsWith('paypal-payout:'))).toHaveLength(2);
    expect(await ledgerBalances(recipient)).toEqual([]);
    await expectReconciled(1);
  });

  it('the PayPal part went out, the account part failed, then PayPal gave the part back: the retry sends it again, once', async () => {
    const { fund, recipient } = await roundPaidByPaypalAndCard('recipient@paypal.example');
    const account = await restrictAccount(recipient);
    await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`);
    await t.flushOutbox();
    const [failed] = await t.database.db
      .select({ paypalRef: paymentOperations.paypalRef })
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'payout'));
    // PayPal gives the part back (unclaimed for 30 days, or denied): its book reads nothing paid.
    await t.database.db
      .update(sandboxMovements)
      .set({ amountCents: 0 })
      .where(eq(sandboxMovements.ref, failed!.paypalRef!));

    await setSandboxAccountStatus(t.database.db, account, 'active');
    expect((await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`)).statusCode).toBe(200);
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.number).toBe(2);
    // Sent again under a key of its own (PayPal would take the first key for the part it gave back).
    const paypal = payouts().filter((p) => p.idempotencyKey.startsWith('paypal-payout:'));
    expect(paypal.map((p) => p.amountCents)).toEqual([959, 959]);
    expect(new Set(paypal.map((p) => p.idempotencyKey)).size).toBe(2);
    const [, paid] = await t.database.db
      .select({ status: paymentOperations.status, paypalRef: paymentOperations.paypalRef })
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'payout'))
      .orderBy(paymentOperations.createdAt);
    expect(paid).toEqual({ status: 'succeeded', paypalRef: expect.not.stringMatching(failed!.paypalRef!) });
    expect(await ledgerBalances(recipient)).toEqual([]);
    await expectReconciled(1);
    // Asked again (a crash after the answer), nothing is sent a third time.
    await t.flushOutbox();
    expect(payouts().filter((p) => p.idempotencyKey.startsWith('paypal-payout:'))).toHaveLength(2);
  });

  it('two attempts failed after the PayPal part went out: reconciliation shows that part once, at the latest attempt', async () => {
    const { fund, recipient } = await roundPaidByPaypalAndCard('recipient@paypal.example');
    await restrictAccount(recipient);
    for (let attempt = 0; attempt < 2; attempt++) {
      await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`);
      await t.flushOutbox();
    }
    const failed = await t.database.db
      .select({
        id: paymentOperations.id,
        status: paymentOperations.status,
        ref: paymentOperations.paypalRef,
      })
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'payout'))
      .orderBy(paymentOperations.createdAt);
    expect(failed.map((op) => op.status)).toEqual(['failed', 'failed']);
    // Both keep the one PayPal part's reference: it went out once.
    expect(new Set(failed.map((op) => op.ref)).size).toBe(1);
    const run = await reconcilePayments({ db: t.database.db, clock: t.clock, payments: t.payments });
    expect(run.differences).toEqual([
      expect.objectContaining({ operationId: failed[1]!.id, ledgerCents: 0, providerCents: 959 }),
    ]);
  });

  it('the PayPal part went through, the account part failed, then the recipient cleared their PayPal email: the retry pays the account its part only', async () => {
    const { fund, recipient } = await roundPaidByPaypalAndCard('recipient@paypal.example');
    const account = await restrictAccount(recipient);
    await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`);
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.payoutFailed).toBe(true);

    expect((await recipient.client.put('/api/user/paypal', { paypalEmail: null })).statusCode).toBe(200);
    await setSandboxAccountStatus(t.database.db, account, 'active');
    expect((await recipient.client.post(`/api/rotating-fund/${fund.id}/withdraw`)).statusCode).toBe(200);
    await t.flushOutbox();
    expect((await fundOf(recipient)).round?.number).toBe(2);
    // The 9.59 € PayPal already paid is not paid again through the account: 19.16 € there, once.
    const paid = payouts().filter((p) => p.idempotencyKey.startsWith('paypal-payout:'));
    expect(paid.map((p) => p.amountCents)).toEqual([959]);
    const toAccount = payouts().filter((p) => !p.idempotencyKey.startsWith('paypal-payout:'));
    expect(toAccount.map((p) => p.amountCents)).toEqual([1916, 1916]);
    expect(await ledgerBalances(recipient)).toEqual([]);
    await expectReconciled(1);
  });

  it('a funding request: the PayPal money, less its share of the fee, to the owner’s PayPal email', async () => {
    const [ann, bob] = (await organizationOf(t, 2)) as [Member, Member];
    await connectPayoutAccount(ann);
    await ann.client.put('/api/user/paypal', { paypalEmail: 'ann@paypal.example' });
    const request = await createRequest(ann, 'Bici', 10_000);
    await contribute(bob, request.id, 6_000);
    await contribute(bob, request.id, 4_000, {
      method: 'paypal',
      paymentMethodId: undefined,
      billingAddress: undefined,
    });
    await t.flushOutbox();
    expect((await details(ann, request.id)).payout?.status).toBe('paid');
    // Gross 10,000, fee 300: PayPal's 40 % bears 120.
    expect(payouts()).toEqual([
      expect.objectContaining({ idempotencyKey: `paypal-payout:request:${request.id}`, amountCents: 3_880 }),
      expect.objectContaining({ amountCents: 5_820 }),
    ]);
    expect(await ledgerBalances(ann)).toEqual([]);
    await expectReconciled(1);
  });

  it('a request paid wholly through PayPal, to an owner with no account: a PayPal email is enough to retry its failed payout', async () => {
    const [ann, bob] = (await organizationOf(t, 2)) as [Member, Member];
    const request = await createRequest(ann, 'Bici', 4_000);
    await contribute(bob, request.id, 4_000, {
      method: 'paypal',
      paymentMethodId: undefined,
      billingAddress: undefined,
    });
    await t.flushOutbox();
    // Neither an account nor a PayPal email: the payout fails and its money waits.
    expect((await details(ann, request.id)).payout?.status).toBe('failed');
    const retry = () => ann.client.post(`/api/requests/${request.id}/retry-payout`);
    expect((await retry()).json()).toMatchObject({ code: 'PAYOUT_ACCOUNT_REQUIRED' });
    // Before, an account was asked for even here, where all of it goes to her PayPal email.
    expect((await ann.client.put('/api/user/paypal', { paypalEmail: 'ann@paypal.example' })).statusCode).toBe(
      200,
    );
    expect((await retry()).statusCode).toBe(200);
    await t.flushOutbox();
    const paid = await details(ann, request.id);
    expect(paid.payout?.status).toBe('paid');
    expect(payouts()).toEqual([
      expect.objectContaining({
        idempotencyKey: `paypal-payout:request:${request.id}`,
        amountCents: paid.payout!.netCents,
      }),
    ]);
    expect(await ledgerBalances(ann)).toEqual([]);
    await expectReconciled(1);
  });

  it('a request paid partly by card still asks an owner with only a PayPal email for an account', async () => {
    const [ann, bob] = (await organizationOf(t, 2)) as [Member, Member];
    await ann.client.put('/api/user/paypal', { paypalEmail: 'ann@paypal.example' });
    const request = await createRequest(ann, 'Bici', 4_000);
    await contribute(bob, request.id, 2_000);
    await contribute(bob, request.id, 2_000, {
      method: 'paypal',
      paymentMethodId: undefined,
      billingAddress: undefined,
    });
    await t.flushOutbox();
    expect((await details(ann, request.id)).payout?.status).toBe('failed');
    const retry = await ann.client.post(`/api/requests/${request.id}/retry-payout`);
    // The card part needs an account: refused at once, and nothing went out, PayPal's part neither.
    expect(retry.statusCode).toBe(422);
    expect(retry.json()).toMatchObject({ code: 'PAYOUT_ACCOUNT_REQUIRED' });
    expect(payouts()).toEqual([]);
  });
});
