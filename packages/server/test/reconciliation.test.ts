import type { Reconciliation, ReconciliationRun } from '@giro/contract/admin-insights';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/insights/rows';
import { claimHourlyReconciliation, requeueMovedCharges } from '../src/db/reconciliation.queries';
import type { PaymentProvider } from '../src/payments/payment-provider';
import { reconcileHourly, reconcilePayments } from '../src/use-cases/admin/reconcile-payments';
import { appWithAdmin } from './support/admin-app';
import type { TestClient } from './support/client';
import { connectPayoutAccount, DAY, fastForward, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, roundWithCardsPaid } from './support/fund-steps';
import { card, contribute, createRequest } from './support/request-steps';
import type { TestApp } from './support/test-app';

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  ({ t, admin } = await appWithAdmin().then(({ t, admin }) => ({ t, admin: admin.client })));
});
afterEach(async () => t.close());

/** The admin presses "Reconcile now" on the fund-metrics page. */
async function reconcile(): Promise<ReconciliationRun> {
  const response = await admin.post('/api/admin/reconciliation');
  expect(response.statusCode).toBe(200);
  return response.json<Reconciliation>().last!;
}

/** A round of two card payments paid out, and, in another family, a PayPal payment plus a second one given back. */
async function moneyMoved() {
  const { recipient } = await roundWithCardsPaid(t);
  await act(recipient, 'withdraw');
  await t.flushOutbox();
  const members = await organizationOf(t, 3);
  const fund = await activeFund(members);
  await openWindow(members[0]!);
  const [payer] = payersOf(members, fund) as [Member];
  await act(payer, 'contributions', { method: 'paypal' });
  await act(payer, 'contributions', { method: 'paypal' }); // a second tab: captured, then given back
  await t.flushOutbox();
}

/** The provider, recording each charge it is asked about (a difference's second read counts once). */
function readsOf(provider: PaymentProvider) {
  let refs: string[] = [];
  const recording = new Proxy(provider, {
    get: (target, property, receiver) =>
      property === 'chargeState'
        ? (query: { ref: string; method: 'card' | 'paypal' }) => {
            refs.push(query.ref);
            return target.chargeState(query);
          }
        : Reflect.get(target, property, receiver),
  }) as PaymentProvider;
  return {
    provider: recording,
    take: () => {
      const taken = [...new Set(refs)];
      refs = [];
      return taken;
    },
  };
}

type Charge = { id: string; contributionId: string; providerRef: string; amountCents: string };
const charges = () =>
  rowsOf<Charge>(
    t.database.db,
    sql`select id, request->>'contributionId' as "contributionId", provider_ref as "providerRef",
          amount_cents::text as "amountCents"
        from payment_operations where kind = 'charge' and request->>'method' = 'card' order by created_at`,
  );

/** The sister covered her brother and the round was paid out: he owes her, and she can be paid. */
async function debtOwed() {
  const members = await organizationOf(t, 3);
  const fund = await activeFund(members);
  const recipient = members.find((m) => m.id === fund.round!.recipientId)!;
  const [sister, brother] = payersOf(members, fund) as [Member, Member];
  await connectPayoutAccount(recipient);
  await openWindow(recipient);
  await act(sister, 'contributions', { ...card(), onBehalfOf: brother.id });
  await act(sister, 'contributions', card());
  await act(recipient, 'withdraw');
  await t.flushOutbox();
  const debts = async () =>
    (await brother.client.get('/api/debts')).json<{ debts: { id: string; status: string }[] }>().debts;
  const [debt] = await debts();
  await connectPayoutAccount(sister);
  const path = (step: string) => `/api/debts/${debt!.id}/${step}`;
  return {
    sister,
    brother,
    debts,
    settle: (body: object) => brother.client.post(path('settle'), body),
    path,
  };
}

/** The debt repayments' charges and when each was last compared. */
const debtCharges = () =>
  rowsOf<{ method: string; reconciledAt: string | null }>(
    t.database.db,
    sql`select request->>'method' as method, reconciled_at::text as "reconciledAt" from payment_operations
        where kind = 'charge' and status = 'succeeded' and request->'target'->>'type' = 'debt'`,
  );

describe('reconciliation: the ledger against the payment provider, object by object', () => {
  it('charges, refunds and a payout the sandbox made agree with the ledger; GET shows the last run', async () => {
    expect((await admin.get('/api/admin/reconciliation')).json()).toEqual({ last: null });
    await moneyMoved();
    const run = await reconcile();
    expect(run).toMatchObject({
      trigger: 'admin',
      provider: 'sandbox',
      checked: { charges: { card: 2, paypal: 2 }, payouts: 1 },
      inFlight: 0,
      differences: [],
      error: null,
    });
    expect((await admin.get('/api/admin/reconciliation')).json<Reconciliation>().last).toEqual(run);
  });

  it('holds captured early (ADR 0048) agree with the ledger, before their payout and after it', async () => {
    const { recipient } = await roundWithCardsPaid(t);
    const [ann, bob] = await organizationOf(t, 2);
    await connectPayoutAccount(ann!);
    const request = await createRequest(ann!, 'New roof', 10_000);
    await contribute(bob!, request.id, 4_000, card());
    await t.flushOutbox();
    await fastForward(recipient, 5 * DAY);
    await t.flushOutbox();
    // Each hold captured on day 4, its payout days away.
    expect(t.payments.calls.map((c) => c.op).join(' ')).toBe('charge charge charge capture capture capture');
    expect(await reconcile()).toMatchObject({
      checked: { charges: { card: 3, paypal: 0 }, payouts: 0 },
      inFlight: 0,
      differences: [],
    });

    await act(recipient, 'withdraw');
    expect((await ann!.client.post(`/api/requests/${request.id}/conclude`, {})).statusCode).toBe(200);
    await t.flushOutbox();
    // Nothing captured twice: the payouts found the holds captured.
    expect(t.payments.calls.filter((c) => c.op === 'capture')).toHaveLength(3);
    expect(await reconcile()).toMatchObject({
      checked: { charges: { card: 3, paypal: 0 }, payouts: 2 },
      inFlight: 0,
      differences: [],
    });
  });

  it('a debt repaid through the platform (PayPal, after a declined card) agrees with the ledger, is in flight while its payout waits, and shows when paid short', async () => {
    const { debts, settle } = await debtOwed();
    // A declined card first: the debt opens again; that charge never succeeded, nothing to compare.
    await settle({ ...card(), paymentMethodId: 'pm_card_chargeDeclined' });
    await t.flushOutbox();
    // The PayPal repayment while its payout waits (the provider down a while): the money is
    // captured, the ledger books it once the creditor is paid, so it is in flight, not a difference.
    const payout = t.payments.payout;
    t.payments.payout = async () => {
      throw new Error('provider unreachable');
    };
    await settle({ method: 'paypal' });
    await t.flushOutbox();
    expect((await debts()).map((d) => d.status)).toEqual(['settling']);
    expect(await reconcile()).toMatchObject({ inFlight: 1, differences: [] });
    t.payments.payout = payout;
    t.clock.fastForward(1);
    await t.flushOutbox();
    expect((await debts()).map((d) => d.status)).toEqual(['settled']);
    // Two round charges, the PayPal repayment, and the round's payout and the debt's.
    expect(await reconcile()).toMatchObject({
      checked: { charges: { card: 2, paypal: 1 }, payouts: 2 },
      inFlight: 0,
      differences: [],
    });
    await t.database.db.execute(
      sql`update sandbox_movements set amount_cents = amount_cents - 1 where kind = 'payout' and amount_cents = 5000`,
    );
    expect((await reconcile()).differences).toEqual([
      expect.objectContaining({
        object: 'payout',
        subject: expect.stringMatching(/^debt-payout:/),
        ledgerCents: 5000,
        providerCents: 4999,
      }),
    ]);
  });

  it('a debt repaid by hand after a platform attempt whose payout failed: the attempt gave its money back, nothing differs', async () => {
    const { sister, debts, settle, path } = await debtOwed();
    const payout = t.payments.payout;
    t.payments.payout = async () => ({ ok: false, reason: 'payout_failed' });
    await settle({ method: 'paypal' });
    await t.flushOutbox();
    t.payments.payout = payout;
    expect((await debts()).map((d) => d.status)).toEqual(['open']);
    expect((await settle({ method: 'manual' })).statusCode).toBe(200);
    expect((await sister.client.post(path('confirm'))).statusCode).toBe(200);
    expect((await debts()).map((d) => d.status)).toEqual(['settled']);
    expect(await reconcile()).toMatchObject({
      checked: { charges: { paypal: 1 } },
      inFlight: 0,
      differences: [],
    });
  });

  it("a PayPal repayment's charge, passed over while its payout waited, is read first again once it is paid", async () => {
    const { settle } = await debtOwed();
    const payout = t.payments.payout;
    t.payments.payout = async () => {
      throw new Error('provider unreachable');
    };
    await settle({ method: 'paypal' });
    await t.flushOutbox();
    expect(await reconcile()).toMatchObject({ inFlight: 1 });
    expect((await debtCharges()).map((c) => c.reconciledAt)).toEqual([expect.any(String)]);
    const since = t.clock.now();
    t.payments.payout = payout;
    t.clock.fastForward(1);
    await t.flushOutbox();
    await requeueMovedCharges(t.database.db, since);
    expect(await debtCharges()).toEqual([{ method: 'paypal', reconciledAt: null }]);
  });

  it('a capture missing at the provider and a payout short by a cent are shown with the ids to look at', async () => {
    await moneyMoved();
    const [first] = await charges();
    await t.database.db.execute(
      sql`delete from sandbox_movements where kind = 'capture' and charge_ref = ${first!.providerRef}`,
    );
    await t.database.db.execute(
      sql`update sandbox_movements set amount_cents = amount_cents - 1 where kind = 'payout'`,
    );
    const run = await reconcile();
    expect(run.checked).toEqual({ charges: { card: 2, paypal: 2 }, payouts: 1 });
    expect(run.differences).toEqual([
      expect.objectContaining({
        object: 'charge',
        method: 'card',
        operationId: first!.id,
        subject: `contribution:${first!.contributionId}`,
        providerRef: first!.providerRef,
        ledgerCents: 5000,
        providerCents: 0,
      }),
      expect.objectContaining({ object: 'payout', method: null, ledgerCents: 9700, providerCents: 9699 }),
    ]);
  });

  it('money an open payout is moving is in flight, not a difference, and agrees once recorded', async () => {
    const { recipient } = await roundWithCardsPaid(t);
    await t.flushOutbox();
    await act(recipient, 'withdraw');
    // The provider captures before the payout's outcome is recorded: the ledger does not book it yet.
    for (const charge of await charges())
      await t.payments.capture({
        idempotencyKey: `capture:${charge.contributionId}`,
        ref: charge.providerRef,
        amountCents: Number(charge.amountCents),
      });
    const during = await reconcile();
    expect(during).toMatchObject({
      inFlight: 2,
      checked: { charges: { card: 0 }, payouts: 0 },
      differences: [],
    });
    await t.flushOutbox();
    const after = await reconcile();
    expect(after).toMatchObject({
      inFlight: 0,
      checked: { charges: { card: 2 }, payouts: 1 },
      differences: [],
    });
  });

  it('operations recorded before reconciliation began are not compared', async () => {
    await moneyMoved();
    await t.database.db.execute(sql`update payment_operations set reconcilable = false`);
    await t.database.db.execute(sql`delete from sandbox_movements`);
    const run = await reconcile();
    expect(run.checked).toEqual({ charges: { card: 0, paypal: 0 }, payouts: 0 });
    expect(run.differences).toEqual([]);
  });

  it('a provider that cannot be read stops the run with its error instead of showing every object as different', async () => {
    await moneyMoved();
    const unreachable = new Proxy(t.payments, {
      get: (target, property, receiver) =>
        property === 'chargeState'
          ? () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:443'))
          : Reflect.get(target, property, receiver),
    }) as PaymentProvider;
    const run = await reconcilePayments({ db: t.database.db, clock: t.clock, payments: unreachable });
    expect(run.error).toBe('connect ECONNREFUSED 127.0.0.1:443');
    expect(run.differences).toEqual([]);
    expect((await admin.get('/api/admin/reconciliation')).json<Reconciliation>().last?.error).toBe(run.error);
  });

  it('the hourly run starts once however many instances ask, and again an hour after the last start', async () => {
    const deps = { db: t.database.db, clock: t.clock, payments: t.payments };
    const runs = await Promise.all([reconcileHourly(deps), reconcileHourly(deps), reconcileHourly(deps)]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(runs.find((run) => run !== null)?.trigger).toBe('hourly');
    t.clock.fastForward(59);
    expect(await reconcileHourly(deps)).toBeNull();
    t.clock.fastForward(2);
    expect(await reconcileHourly(deps)).not.toBeNull();
  });

  it('claims at the same moment start one run, round after round (the race is rare: asked often)', async () => {
    // A claim once took its lock inside the insert whose snapshot was older than the lock, and
    // PostgreSQL started two runs about once in a hundred rounds of four claims.
    const claims = (now: Date) =>
      Promise.all(Array.from({ length: 4 }, () => claimHourlyReconciliation(t.database.db, 'sandbox', now)));
    const started: number[] = [];
    for (let round = 0; round < 200; round++) {
      await t.database.db.execute(sql`delete from reconciliations`);
      started.push((await claims(t.clock.now())).filter((run) => run !== null).length);
    }
    expect(started.filter((count) => count !== 1)).toEqual([]);
  });

  it('the hourly run keeps 90 days of runs', async () => {
    const deps = { db: t.database.db, clock: t.clock, payments: t.payments };
    const now = t.clock.now().getTime();
    const [older, newer] = [91, 89].map((days) => new Date(now - days * 86_400_000).toISOString());
    for (const at of [older, newer])
      await t.database.db.execute(
        sql`insert into reconciliations (trigger, provider, started_at, finished_at)
            values ('hourly', 'sandbox', ${at}::timestamptz, ${at}::timestamptz)`,
      );
    await reconcileHourly(deps);
    const kept = await rowsOf<{ startedAt: Date }>(
      t.database.db,
      sql`select started_at as "startedAt" from reconciliations order by started_at`,
    );
    expect(kept).toHaveLength(2);
    expect(new Date(kept[0]!.startedAt).toISOString()).toBe(newer);
  });

  it('a run reads a bounded number: the never compared and the differing first, then the longest ago', async () => {
    await moneyMoved();
    // Two hours on, so what moneyMoved did is older than the first run (nothing is "moved since").
    t.clock.fastForward(120);
    const [cardA, cardB] = await charges();
    const [paypalA, paypalB] = await rowsOf<{ providerRef: string }>(
      t.database.db,
      sql`select provider_ref as "providerRef" from payment_operations
          where kind = 'charge' and request->>'method' = 'paypal' order by created_at`,
    );
    await t.database.db.execute(
      sql`delete from sandbox_movements where kind = 'capture' and charge_ref = ${paypalA!.providerRef}`,
    );
    const read = readsOf(t.payments);

    const first = await reconcilePayments(
      { db: t.database.db, clock: t.clock, payments: read.provider },
      { perRun: 3 },
    );
    expect(read.take()).toEqual([cardA!.providerRef, cardB!.providerRef, paypalA!.providerRef]);
    expect(first.checked).toEqual({ charges: { card: 2, paypal: 1 }, payouts: 1 });
    expect(first.differences.map((d) => d.providerRef)).toEqual([paypalA!.providerRef]);

    t.clock.fastForward(120);
    const second = await reconcilePayments(
      { db: t.database.db, clock: t.clock, payments: read.provider },
      { perRun: 3 },
    );
    // The difference first (read again until put right), the one never compared, then the oldest.
    expect(read.take()).toEqual([paypalA!.providerRef, paypalB!.providerRef, cardA!.providerRef]);
    expect(second.differences.map((d) => d.providerRef)).toEqual([paypalA!.providerRef]);
  });

  it('a charge found agreeing is read first again once its money moves (a payout captures its hold)', async () => {
    const { recipient } = await roundWithCardsPaid(t);
    await t.flushOutbox();
    const held = (await charges()).map((charge) => charge.providerRef);
    const read = readsOf(t.payments);
    const deps = { db: t.database.db, clock: t.clock, payments: read.provider };
    expect((await reconcilePayments(deps, { perRun: 2 })).differences).toEqual([]);
    expect(read.take()).toEqual(held);

    // Another family's charges, never compared, would come first; the capture puts the held first again.
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund).slice(0, 2))
      await act(payer, 'contributions', { method: 'paypal' });
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    t.clock.fastForward(61);
    const run = await reconcilePayments(deps, { perRun: 2 });
    expect(read.take()).toEqual(held);
    expect(run).toMatchObject({ checked: { charges: { card: 2, paypal: 0 }, payouts: 1 }, differences: [] });
  });

  it('a charge an operation holds in flight for good gives its place in the rotation to the next', async () => {
    await roundWithCardsPaid(t);
    await t.flushOutbox();
    const [stuck, other] = (await charges()) as [Charge, Charge];
    // A refund of the first contribution that its provider never answers: pending for good.
    await t.database.db.execute(sql`
      insert into payment_operations (organization_id, kind, subject, user_id, amount_cents, request, status)
      select organization_id, 'refund', 'stuck:' || subject, user_id, amount_cents, request, 'pending'
      from payment_operations where id = ${stuck.id}`);
    const read = readsOf(t.payments);
    const deps = { db: t.database.db, clock: t.clock, payments: read.provider };
    const first = await reconcilePayments(deps, { perRun: 1 });
    expect(first).toMatchObject({ inFlight: 1, checked: { charges: { card: 0 } } });
    // The next run reads the other charge, not the stuck one again (it did, every run, before).
    t.clock.fastForward(120);
    const second = await reconcilePayments(deps, { perRun: 1 });
    expect(read.take()).toEqual([other.providerRef]);
    expect(second).toMatchObject({ inFlight: 0, checked: { charges: { card: 1 } }, differences: [] });
    // Once the refund finishes (here: fails), the stuck charge is first again and read.
    await t.database.db.execute(
      sql`update payment_operations set status = 'failed', completed_at = ${t.clock.now().toISOString()}::timestamptz
          where subject = ${`stuck:contribution:${stuck.contributionId}`}`,
    );
    t.clock.fastForward(120);
    await reconcilePayments(deps, { perRun: 1 });
    expect(read.take()).toEqual([stuck.providerRef]);
  });

  it('members get 404 from the reconciliation routes', async () => {
    const [member] = await organizationOf(t, 1);
    for (const method of ['get', 'post'] as const) {
      const response = await member!.client[method]('/api/admin/reconciliation');
      expect(response.statusCode).toBe(404);
    }
  });
});
