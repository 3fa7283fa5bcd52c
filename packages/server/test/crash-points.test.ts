import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestDetails } from '@giro/contract/requests';
import type { FundState } from '@giro/domain/fund/fund-types';
import { checkJournal, type LedgerTransaction, ledgerAccount } from '@giro/domain/ledger';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { readJournal } from '../src/db/ledger.repository';
import { funds, outbox, paymentOperations } from '../src/db/schema';
import { addToStoredTestClockOffset } from '../src/db/test-clock.repository';
import { StripeProvider } from '../src/payments/stripe.provider';
import { reconcilePayments } from '../src/use-cases/admin/reconcile-payments';
import { FakeStripe } from './support/fake-stripe';
import { DAY, fastForward, type Member, organizationOf } from './support/fund-members';
import { act, activeFund, openWindow, payersOf, recipientOf } from './support/fund-steps';
import { liveStripeApp } from './support/live-stripe-app';
import { freshPostgresDatabase } from './support/postgres';
import { card, contribute, createRequest, ownerAction } from './support/request-steps';
import { ServerProcess } from './support/server-process';
import type { TestApp } from './support/test-app';

/**
 * Crash points (issue 17): the server is SIGKILLed at a named point on a money path
 * (src/ops/failpoints.ts), restarted on the same data, and must then finish the round exactly
 * once: every payment operation succeeded, the outbox's payment rows drained, the ledger
 * balanced with the recipient's net and the fee where they belong, and at the card provider (a
 * local Stripe fake in this process, which the killed server cannot take with it) one hold per
 * contribution, one capture each, one transfer. On the engine the run is on: PGlite on disk in
 * the first pass, PostgreSQL in the second.
 *
 * A round: two payers' card holds, then the recipient's withdrawal (captures, then the
 * transfer). The points in `npm test` are one per step of that path; CRASH_POINTS=all (in
 * `npm run test:deep`) runs every point there is on it. The other paths below (a debt, a
 * release of holds, a funding request's payout, its payout retried after a failure, a funding
 * request cancelled) have one point each in `npm test`.
 */
const ROUND_POINTS_ALL = [
  'outbox.claimed',
  'payment.before-provider/charge/fund',
  'payment.after-provider/charge/fund',
  'payment.recording/charge/fund',
  'payment.before-provider/payout/fund',
  'payout.after-captures/fund',
  'payment.after-provider/payout/fund',
  'payment.recording/payout/fund',
  'outbox.handled',
];
const ROUND_POINTS_QUICK = [
  'payment.after-provider/charge/fund',
  'payout.after-captures/fund',
  'payment.after-provider/payout/fund',
];
/** A debt repaid by card: the debtor's hold, then the payout to the creditor that captures it. */
const DEBT_POINTS_ALL = [
  'payment.before-provider/charge/debt',
  'payment.after-provider/charge/debt',
  'payment.recording/charge/debt',
  'payout.after-captures/debt',
  'payment.after-provider/payout/debt',
  'payment.recording/payout/debt',
];
const DEBT_POINTS_QUICK = ['payout.after-captures/debt'];
/** A round whose recipient never connected a payout account: each hold is released (refund). */
const REFUND_POINTS_ALL = [
  'payment.before-provider/refund/fund',
  'payment.after-provider/refund/fund',
  'payment.recording/refund/fund',
];
const REFUND_POINTS_QUICK = ['payment.after-provider/refund/fund'];
/**
 * A funding request that reached its target: two contributors' card holds, then the payout to
 * its owner that captures them and transfers the net.
 */
const FUNDING_REQUEST_POINTS_ALL = [
  'outbox.claimed',
  'payment.before-provider/charge/request',
  'payment.after-provider/charge/request',
  'payment.recording/charge/request',
  'payment.before-provider/payout/request',
  'payout.after-captures/request',
  'payment.after-provider/payout/request',
  'payment.recording/payout/request',
  'outbox.handled',
];
const FUNDING_REQUEST_POINTS_QUICK = ['payout.after-captures/request'];
/**
 * A funding request cancelled by its owner while two contributors' card holds exist: each hold
 * is released (refund), booked back to its contributor with the cancel.
 */
const REQUEST_CANCEL_POINTS_ALL = [
  'outbox.claimed',
  'payment.before-provider/refund/request',
  'payment.after-provider/refund/request',
  'payment.recording/refund/request',
  'outbox.handled',
];
const REQUEST_CANCEL_POINTS_QUICK = ['payment.after-provider/refund/request'];
/**
 * A funding request whose first payout failed (its owner's account restricted; the holds were
 * captured all the same) and which its owner retried once the account worked again: the second
 * attempt finds the captures done (they are keyed per contribution) and transfers the net.
 */
const RETRIED_PAYOUT_POINTS_ALL = [
  'outbox.claimed',
  'payment.before-provider/payout/request',
  'payout.after-captures/request',
  'payment.after-provider/payout/request',
  'payment.recording/payout/request',
  'outbox.handled',
];
const RETRIED_PAYOUT_POINTS_QUICK = ['payment.after-provider/payout/request'];
/** Points of a member's request: the contribution is sent again with its Idempotency-Key. */
const REQUEST_POINTS = ['fund-command.before-commit', 'fund-command.after-commit'];
const all = process.env.CRASH_POINTS === 'all';

const WEBHOOK_SECRET = 'whsec_crash_points';
const SESSION_SECRET = 'test-session-secret-of-at-least-32-chars';
const NET_CENTS = 9700;
const FEE_CENTS = 300;
/** The funding request's two contributions; its fee is 2.5 % of the gross plus 50 cents (domain.md, Money). */
const REQUEST_CONTRIBUTIONS_CENTS = [3000, 5000];
const REQUEST_GROSS_CENTS = 8000;
const REQUEST_FEE_CENTS = 250;
const REQUEST_NET_CENTS = 7750;
/** The cancelled request's target: the same two contributions leave it short of it. */
const CANCELLED_TARGET_CENTS = 20_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe('kill -9 at each crash point of a round, then a restart on the same data', () => {
  it.each(all ? ROUND_POINTS_ALL : ROUND_POINTS_QUICK)(
    '%s: the round is paid out exactly once',
    async (point) => {
      const { engine, fake, round } = await roundReadyToPay();
      // Two holds and the payout are queued; the server that drains them dies at the point.
      await killedAt(engine, point);

      await restartAndFinish(engine, fake, round);
      await expectPaidOnce(engine, fake, round);
    },
    180_000,
  );

  it.each(REQUEST_POINTS)(
    '%s: the contribution sent again with its key counts once, and the round is paid out once',
    async (point) => {
      const { engine, fake, round } = await roundReadyToPay({ lastPayerOverHttp: true });
      const payer = round.lastPayer!;
      // The same contribution, as the member's phone sends it again after no answer came.
      const contribute = (server: ServerProcess) =>
        post(server, payer, `/api/rotating-fund/${round.fundId}/contributions`, card(), 'crash-point-1');
      const doomed = await ServerProcess.start(engine.env, point);
      cleanups.push(() => doomed.kill9());
      expect(await doomed.ready()).toBe(true);
      const lost = contribute(doomed).then(
        async (r) => `answered ${r.status} ${await r.text()}`,
        () => 'dropped',
      );
      expect(await within(60_000, doomed.reachedFailpoint)).toBe(point);
      await doomed.kill9();
      // The member's phone saw the connection drop, with no answer.
      expect(await lost).toBe('dropped');

      const server = await restart(engine);
      const again = await contribute(server);
      expect(again.status).toBe(200);
      const replay = await contribute(server);
      expect(await replay.text()).toBe(await again.text());
      const withdrawn = await post(
        server,
        round.recipient,
        `/api/rotating-fund/${round.fundId}/withdraw`,
        {},
      );
      expect(withdrawn.status).toBe(200);
      await paidOut(server, round);
      await server.stop();
      await expectPaidOnce(engine, fake, round);
    },
    180_000,
  );
});

describe('kill -9 at each crash point of a debt repaid by card, then a restart on the same data', () => {
  it.each(all ? DEBT_POINTS_ALL : DEBT_POINTS_QUICK)(
    '%s: the creditor is paid once and the debt settled once',
    async (point) => {
      const { engine, fake, debtor, debtId, organizationId } = await debtBeingSettled();
      await killedAt(engine, point);

      const server = await restart(engine);
      const settled = async () => {
        const { debts } = await read<{ debts: { id: string; status: string }[] }>(
          server,
          debtor,
          '/api/debts',
        );
        return debts.find((d) => d.id === debtId)?.status === 'settled';
      };
      await until(settled, 'the debt was not settled within 90 s');
      await server.stop();

      // The round's three holds and its payout, then the debt's hold and its payout.
      const journal = await settledJournal(engine, fake, organizationId, [
        ...Array(4).fill('charge succeeded'),
        ...Array(2).fill('payout succeeded'),
      ]);
      expect(journal.filter((x) => x.kind === 'member-debt-repaid')).toHaveLength(1);
      expect(fake.intents.size).toBe(4);
      expect(new Set([...fake.intents.values()].map((intent) => intent.status))).toEqual(
        new Set(['succeeded']),
      );
      expect(new Set(captureKeys(fake)).size).toBe(4);
      // The round's net to its recipient, and the whole debt to the sister: once each.
      expect(fake.transfers.map((transfer) => transfer.amount).sort()).toEqual([14_575, 5000].sort());
    },
    180_000,
  );
});

describe('kill -9 at each crash point of a refund, then a restart on the same data', () => {
  it.each(all ? REFUND_POINTS_ALL : REFUND_POINTS_QUICK)(
    '%s: every hold is released once and nothing is booked at the provider',
    async (point) => {
      const { engine, fake, organizationId } = await holdsBeingReleased();
      await killedAt(engine, point);

      const server = await restart(engine);
      // PGlite is the server's alone while it runs: the provider's side tells when it is done,
      // and a graceful stop lets the worker record what it holds.
      const released = async () => [...fake.intents.values()].every((intent) => intent.status === 'canceled');
      await until(released, 'the holds were not released within 90 s');
      await server.stop();

      const after = await engine.open();
      try {
        expect(await operationsOf(after)).toEqual([
          'charge succeeded',
          'charge succeeded',
          'refund succeeded',
          'refund succeeded',
        ]);
        expect(await paymentRowsLeft(after)).toBe(0);
        const journal = await readJournal(after.db, organizationId);
        expect(checkJournal(journal)).toEqual([]);
        // Holds released, never captured: nothing was ever booked at the card provider.
        expect(balanceOf(journal, ledgerAccount.providerHeld('card'))).toBe(0);
        await expectReconciled(after, fake);
      } finally {
        await after.close();
      }
      expect(fake.intents.size).toBe(2);
      const cancels = fake.calls('/v1/payment_intents/').filter((r) => r.path.endsWith('/cancel'));
      expect(new Set(cancels.map((r) => r.idempotencyKey)).size).toBe(2);
      expect(fake.transfers).toEqual([]);
    },
    180_000,
  );
});

describe('kill -9 at each crash point of a funding request paid out, then a restart on the same data', () => {
  it.each(all ? FUNDING_REQUEST_POINTS_ALL : FUNDING_REQUEST_POINTS_QUICK)(
    '%s: the owner is paid once and each hold captured once',
    async (point) => {
      const { engine, fake, owner, ownerAccount, requestId, organizationId } = await requestReadyToPay();
      // Two holds and the owner's payout are queued; the server that drains them dies at the point.
      await killedAt(engine, point);

      const server = await restart(engine);
      await expectRequestPaid(server, owner, requestId);
      await server.stop();

      // Balanced, the request's escrow and the card balance back to zero: the gross went out once.
      const journal = await settledJournal(
        engine,
        fake,
        organizationId,
        ['charge succeeded', 'charge succeeded', 'payout succeeded'],
        [ledgerAccount.requestEscrow(requestId)],
      );
      expect(journal.filter((x) => x.kind === 'request-payout')).toHaveLength(1);
      expect(journal.filter((x) => x.kind === 'request-capture')).toHaveLength(2);
      expect(balanceOf(journal, ledgerAccount.providerHeld('card'))).toBe(0);
      expect(balanceOf(journal, ledgerAccount.payout(owner.id))).toBe(REQUEST_NET_CENTS);
      expect(balanceOf(journal, ledgerAccount.platformFees)).toBe(REQUEST_FEE_CENTS);
      expectOwnerPaidOnceAtProvider(fake, ownerAccount);
    },
    180_000,
  );
});

describe("kill -9 at each crash point of a funding request's payout retried by its owner, then a restart on the same data", () => {
  it.each(all ? RETRIED_PAYOUT_POINTS_ALL : RETRIED_PAYOUT_POINTS_QUICK)(
    '%s: the second attempt pays the owner once, and each hold was captured once in all',
    async (point) => {
      const { engine, fake, owner, ownerAccount, requestId, organizationId } = await requestPayoutRetried();
      // The second attempt is queued; the server that drains it dies at the point.
      await killedAt(engine, point);

      const server = await restart(engine);
      await expectRequestPaid(server, owner, requestId);
      await server.stop();

      const database = await engine.open();
      let secondAttempt: string;
      try {
        // The first attempt failed, the second succeeded: once each.
        const payouts = await database.db
          .select({
            id: paymentOperations.id,
            subject: paymentOperations.subject,
            status: paymentOperations.status,
          })
          .from(paymentOperations)
          .where(eq(paymentOperations.kind, 'payout'));
        expect(payouts.map((o) => [o.subject, o.status]).sort()).toEqual([
          [`request-payout:${requestId}`, 'failed'],
          [`request-payout:${requestId}:2`, 'succeeded'],
        ]);
        secondAttempt = payouts.find((o) => o.status === 'succeeded')!.id;
        expect(await operationsOf(database)).toEqual([
          'charge succeeded',
          'charge succeeded',
          'payout failed',
          'payout succeeded',
        ]);
        expect(await paymentRowsLeft(database)).toBe(0);
        const journal = await readJournal(database.db, organizationId);
        // Balanced, the request's escrow and the card balance back to zero: the first attempt
        // booked only its two captures, the second the payout once, so the gross went out once.
        expect(checkJournal(journal, [ledgerAccount.requestEscrow(requestId)])).toEqual([]);
        expect(journal.filter((x) => x.kind === 'request-capture')).toHaveLength(2);
        expect(
          journal
            .filter((x) => x.kind === 'request-payout' || x.kind === 'request-payout-failed')
            .map((x) => x.key),
        ).toEqual([`request-payout:${requestId}`]);
        expect(balanceOf(journal, ledgerAccount.providerHeld('card'))).toBe(0);
        expect(balanceOf(journal, ledgerAccount.payout(owner.id))).toBe(REQUEST_NET_CENTS);
        await expectReconciled(database, fake);
        expect(balanceOf(journal, ledgerAccount.platformFees)).toBe(REQUEST_FEE_CENTS);
      } finally {
        await database.close();
      }
      // The second attempt's captures found the first's under the same key.
      expectOwnerPaidOnceAtProvider(fake, ownerAccount);
      expect(new Set(fake.calls('/v1/transfers').map((r) => r.idempotencyKey))).toEqual(
        new Set([secondAttempt]),
      );
    },
    180_000,
  );
});

describe('kill -9 at each crash point of a funding request cancelled, then a restart on the same data', () => {
  it.each(all ? REQUEST_CANCEL_POINTS_ALL : REQUEST_CANCEL_POINTS_QUICK)(
    '%s: every hold is released once and each contributor gets the money back',
    async (point) => {
      const { engine, fake, owner, contributors, requestId, organizationId } = await requestBeingCancelled();
      // Both releases are queued; the server that drains them dies at the point.
      await killedAt(engine, point);

      const server = await restart(engine);
      // As for a round's release: the provider's side tells when it is done, and a graceful
      // stop lets the worker record what it holds.
      const released = async () => [...fake.intents.values()].every((intent) => intent.status === 'canceled');
      await until(released, 'the holds were not released within 90 s');
      const details = await read<RequestDetails>(server, owner, `/api/requests/${requestId}`);
      expect(details).toMatchObject({ status: 'cancelled', payout: null });
      expect(details.contributors.map((c) => c.refunded)).toEqual([true, true]);
      await server.stop();

      // Balanced, and the request's escrow back to zero: each contribution went back once.
      const journal = await settledJournal(
        engine,
        fake,
        organizationId,
        ['charge succeeded', 'charge succeeded', 'refund succeeded', 'refund succeeded'],
        [ledgerAccount.requestEscrow(requestId)],
      );
      expect(journal.filter((x) => x.kind === 'request-refund')).toHaveLength(2);
      expect(journal.filter((x) => x.kind === 'request-payout')).toEqual([]);
      for (const [i, contributor] of contributors.entries()) {
        const amount = REQUEST_CONTRIBUTIONS_CENTS[i]!;
        expect(balanceOf(journal, ledgerAccount.funding(contributor.id))).toBe(-amount);
        expect(balanceOf(journal, ledgerAccount.refunds(contributor.id))).toBe(amount);
      }
      expect(balanceOf(journal, ledgerAccount.payout(owner.id))).toBe(0);
      expect(balanceOf(journal, ledgerAccount.platformFees)).toBe(0);
      // At the provider: two holds, each released (cancelled) under one key, none captured.
      const holds = [...fake.intents.values()].sort((a, b) => a.amount - b.amount);
      expect(holds.map((intent) => [intent.amount, intent.status])).toEqual(
        REQUEST_CONTRIBUTIONS_CENTS.map((amount) => [amount, 'canceled']),
      );
      const cancels = fake.calls('/v1/payment_intents/').filter((r) => r.path.endsWith('/cancel'));
      expect(new Set(cancels.map((r) => r.idempotencyKey)).size).toBe(2);
      expect(new Set(cancels.map((r) => r.path)).size).toBe(2);
      expect(captureKeys(fake)).toEqual([]);
      expect(fake.calls('/v1/refunds')).toEqual([]);
      expect(fake.transfers).toEqual([]);
    },
    180_000,
  );
});

// ---------------------------------------------------------------------------------------------

interface Engine {
  env: Record<string, string>;
  open(): Promise<Database>;
}
interface Round {
  fundId: string;
  organizationId: string;
  recipient: Member;
  /** The payer whose contribution is left to send over HTTP, when one is. */
  lastPayer?: Member;
}

/** A fresh database on this run's engine, with what the server process needs to run on it. */
async function freshEngine(fake: FakeStripe): Promise<Engine> {
  const env: Record<string, string> = {
    SESSION_SECRET,
    // One address across the restarts, as a deployment has: the card's return address is one of
    // the parameters Stripe compares when a key is used again (fake-stripe.ts).
    PUBLIC_URL: 'http://giro.test',
    TEST_CLOCK: '1',
    RATE_LIMIT_SCALE: '100',
    SHUTDOWN_DELAY_MS: '0',
    PAYMENTS: 'live',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'giro-crash-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  if (process.env.TEST_DB === 'postgres') {
    const fresh = await freshPostgresDatabase('giro_crash');
    cleanups.push(fresh.drop);
    return {
      env: { ...env, DATA_DIR: dataDir, DATABASE_URL: fresh.url },
      open: () => openPostgres(fresh.url, 4),
    };
  }
  return { env: { ...env, DATA_DIR: dataDir }, open: () => openPglite({ dataDir: join(dataDir, 'pglite') }) };
}

/**
 * A fresh database and Stripe fake, made ready by `make` in this process with the real app
 * (payments live, against the fake), which then stops as a killed process would.
 */
async function prepared<T>(make: (t: TestApp, fake: FakeStripe) => Promise<T>) {
  const fake = new FakeStripe();
  await fake.start();
  cleanups.push(() => fake.stop());
  const engine = await freshEngine(fake);
  const database = await engine.open();
  await database.migrate();
  const { t } = await liveStripeApp(WEBHOOK_SECRET, 2000, { fake, database });
  try {
    return { engine, fake, ...(await make(t, fake)) };
  } finally {
    await t.stop();
    await database.close();
  }
}

/**
 * A family of three in its first round, the recipient's Stripe account active: both payers'
 * contributions made and the recipient's withdrawal asked (their payment work queued, not
 * done), or, with `lastPayerOverHttp`, the last payer's contribution left to send.
 */
function roundReadyToPay(options: { lastPayerOverHttp?: boolean } = {}) {
  return prepared(async (t, fake) => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members, 5000);
    const recipient = recipientOf(members, fund);
    await connectStripeAccount(t, fake, recipient);
    await openWindow(members[0]!);
    const payers = payersOf(members, fund);
    const lastPayer = options.lastPayerOverHttp ? payers.pop() : undefined;
    for (const payer of payers) await act(payer, 'contributions', card());
    if (!lastPayer) await act(recipient, 'withdraw');
    const organizationId = (await recipient.client.get('/api/family')).json().id as string;
    const round: Round = { fundId: fund.id, organizationId, recipient, ...(lastPayer ? { lastPayer } : {}) };
    return { round };
  });
}

/**
 * A family of four whose first round was paid out with a cover (the sister paid for the
 * brother), the sister's Stripe account active, and the brother's repayment by card asked: its
 * hold and the payout to her queued, not done.
 */
function debtBeingSettled() {
  return prepared(async (t, fake) => {
    const members = await organizationOf(t, 4);
    const fund = await activeFund(members, 5000);
    const [recipient, sister, brother, cousin] = fund.order.map(
      (id) => members.find((m) => m.id === id)!,
    ) as [Member, Member, Member, Member];
    await connectStripeAccount(t, fake, recipient);
    await openWindow(recipient);
    await act(sister, 'contributions', { ...card(), onBehalfOf: brother.id });
    for (const m of [sister, cousin]) await act(m, 'contributions', card());
    await act(recipient, 'withdraw');
    await t.flushOutbox();
    await connectStripeAccount(t, fake, sister);
    const [debt] = (await brother.client.get('/api/debts')).json<{ debts: { id: string }[] }>().debts;
    const settling = await brother.client.post(`/api/debts/${debt!.id}/settle`, card());
    expect(settling.json()).toMatchObject({ status: 'settling' });
    const organizationId = (await recipient.client.get('/api/family')).json().id as string;
    return { debtor: brother, debtId: debt!.id, organizationId };
  });
}

/**
 * A family of three whose recipient never connected a payout account: both payers' holds
 * placed, then the recipient's 24 hours run out, so the round moves on and both holds are to
 * be released (queued, not done).
 */
function holdsBeingReleased() {
  return prepared(async (t) => {
    const members = await organizationOf(t, 3);
    const fund = await activeFund(members, 5000);
    const recipient = recipientOf(members, fund);
    await openWindow(members[0]!);
    for (const payer of payersOf(members, fund)) await act(payer, 'contributions', card());
    await t.flushOutbox();
    await fastForward(members[0]!, DAY + 1);
    const organizationId = (await recipient.client.get('/api/family')).json().id as string;
    return { organizationId, fundId: fund.id };
  });
}

/**
 * A family of three, the first member's Stripe account active and her funding request the
 * active one: the other two contribute by card until it reaches its target, so it completes
 * and the payout to her is asked (both holds and the payout queued, not done).
 */
function requestReadyToPay() {
  return prepared(async (t, fake) => {
    const [owner, ...contributors] = await organizationOf(t, 3);
    const ownerAccount = await connectStripeAccount(t, fake, owner!);
    const request = await createRequest(owner!, 'New boiler', REQUEST_GROSS_CENTS);
    let last: RequestDetails | undefined;
    for (const [i, contributor] of contributors.entries())
      last = await contribute(contributor, request.id, REQUEST_CONTRIBUTIONS_CENTS[i]!);
    expect(last?.payout).toMatchObject({ netCents: REQUEST_NET_CENTS, status: 'pending' });
    const organizationId = (await owner!.client.get('/api/family')).json().id as string;
    return { owner: owner!, ownerAccount, requestId: request.id, organizationId };
  });
}

/**
 * As `requestReadyToPay`, but Stripe restricts the owner's account (and says so) before the
 * payout: the first attempt captures both holds, finds no active account and fails, the money
 * waiting in escrow. Then the account works again and the owner retries: the second attempt is
 * queued, not done.
 */
function requestPayoutRetried() {
  return prepared(async (t, fake) => {
    const [owner, ...contributors] = await organizationOf(t, 3);
    const ownerAccount = await connectStripeAccount(t, fake, owner!);
    const request = await createRequest(owner!, 'New boiler', REQUEST_GROSS_CENTS);
    for (const [i, contributor] of contributors.entries())
      await contribute(contributor, request.id, REQUEST_CONTRIBUTIONS_CENTS[i]!);
    await accountUpdated(t, fake, ownerAccount, 'restricted', `evt_${ownerAccount}_restricted`);
    await t.flushOutbox();
    const failed = (await owner!.client.get(`/api/requests/${request.id}`)).json<RequestDetails>();
    expect(failed.payout).toMatchObject({ netCents: REQUEST_NET_CENTS, status: 'failed' });
    expect([...fake.intents.values()].map((intent) => intent.status)).toEqual(['succeeded', 'succeeded']);
    expect(new Set(captureKeys(fake)).size).toBe(2);
    expect(fake.transfers).toEqual([]);

    await accountUpdated(t, fake, ownerAccount, 'active', `evt_${ownerAccount}_active_again`);
    const retried = await owner!.client.post(`/api/requests/${request.id}/retry-payout`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<RequestDetails>().payout).toMatchObject({ status: 'pending' });
    const organizationId = (await owner!.client.get('/api/family')).json().id as string;
    return { owner: owner!, ownerAccount, requestId: request.id, organizationId };
  });
}

/**
 * A family of three, the first member's Stripe account active and her funding request the
 * active one: the other two contribute by card (short of its target) and their holds are
 * placed, then she cancels it, so both holds are to be released (queued, not done).
 */
function requestBeingCancelled() {
  return prepared(async (t, fake) => {
    const [owner, ...contributors] = await organizationOf(t, 3);
    await connectStripeAccount(t, fake, owner!);
    const request = await createRequest(owner!, 'New boiler', CANCELLED_TARGET_CENTS);
    for (const [i, contributor] of contributors.entries())
      await contribute(contributor, request.id, REQUEST_CONTRIBUTIONS_CENTS[i]!);
    await t.flushOutbox();
    expect([...fake.intents.values()].map((intent) => intent.status)).toEqual([
      'requires_capture',
      'requires_capture',
    ]);
    expect(await ownerAction(owner!, request.id, 'cancel')).toMatchObject({ status: 'cancelled' });
    const organizationId = (await owner!.client.get('/api/family')).json().id as string;
    return { owner: owner!, contributors, requestId: request.id, organizationId };
  });
}

/**
 * A member opens a Connect account; Stripe onboards it and says so by a signed webhook. Returns
 * the account's id.
 */
async function connectStripeAccount(t: TestApp, fake: FakeStripe, member: Member): Promise<string> {
  const created = (await member.client.post('/api/connect/account')).json<{ id: string }>();
  await accountUpdated(t, fake, created.id, 'active', `evt_${created.id}`);
  return created.id;
}

/** Stripe puts a Connect account in `state` and says so by a signed webhook (event `eventId`). */
async function accountUpdated(
  t: TestApp,
  fake: FakeStripe,
  accountId: string,
  state: 'active' | 'restricted',
  eventId: string,
) {
  fake.setAccount(accountId, state);
  const payload = JSON.stringify({
    object: 'event',
    id: eventId,
    type: 'account.updated',
    data: { object: { id: accountId } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  expect(answer.statusCode).toBe(200);
}

/** The server started with `point` armed, SIGKILLed once it gets there. */
async function killedAt(engine: Engine, point: string) {
  const doomed = await ServerProcess.start(engine.env, point);
  cleanups.push(() => doomed.kill9());
  expect(await within(60_000, doomed.reachedFailpoint)).toBe(point);
  await doomed.kill9();
}

/**
 * A new process on the same data, after the time the dead one's outbox lease holds its rows
 * (a minute; the test clock, which the database keeps, is moved on two).
 */
async function restart(engine: Engine): Promise<ServerProcess> {
  const database = await engine.open();
  try {
    await addToStoredTestClockOffset(database.db, 2 * 60_000, new Date());
  } finally {
    await database.close();
  }
  const server = await ServerProcess.start(engine.env);
  cleanups.push(() => server.kill9());
  expect(await server.ready()).toBe(true);
  return server;
}

async function restartAndFinish(engine: Engine, fake: FakeStripe, round: Round) {
  const server = await restart(engine);
  await paidOut(server, round);
  expect(fake.transfers.length).toBeGreaterThan(0);
  await server.stop();
}

/** Waits until the recipient's fund shows the round received. */
async function paidOut(server: ServerProcess, round: Round) {
  const received = async () => {
    const fund = await read<{ received?: unknown[] }>(server, round.recipient, '/api/rotating-fund');
    return (fund.received?.length ?? 0) > 0;
  };
  await until(received, 'the round was not paid out within 90 s');
}

/** A member's GET from their browser: its answer's JSON. */
async function read<T>(server: ServerProcess, member: Member, path: string): Promise<T> {
  const answer = await fetch(`${server.origin}${path}`, { headers: { cookie: member.client.cookieHeader } });
  return (await answer.json()) as T;
}

/** Polls `check` until it holds; fails with `message` after 90 s. */
async function until(check: () => Promise<boolean>, message: string) {
  const deadline = Date.now() + 90_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every payment operation as 'kind status', sorted. */
const operationsOf = async ({ db }: Database) =>
  (
    await db
      .select({ kind: paymentOperations.kind, status: paymentOperations.status })
      .from(paymentOperations)
  )
    .map((o) => `${o.kind} ${o.status}`)
    .sort();

const paymentRowsLeft = async ({ db }: Database) => {
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(sql`${outbox.topic} = 'payment' and ${outbox.processedAt} is null`);
  return left!.n;
};

/** What an account holds by the journal. */
const balanceOf = (journal: readonly LedgerTransaction[], account: string) =>
  journal
    .flatMap((x) => x.entries)
    .filter((e) => e.account === account)
    .reduce((sum, e) => sum + e.amountCents, 0);

const captureKeys = (fake: FakeStripe) =>
  fake
    .calls('/v1/payment_intents/')
    .filter((r) => r.path.endsWith('/capture'))
    .map((r) => r.idempotencyKey);

/** A member's POST from their browser: session cookie, CSRF token, and an Idempotency-Key if given. */
async function post(server: ServerProcess, member: Member, path: string, body: object, key?: string) {
  const tokenAnswer = await fetch(`${server.origin}/api/csrf-token`, {
    headers: { cookie: member.client.cookieHeader },
  });
  const { csrfToken } = (await tokenAnswer.json()) as { csrfToken: string };
  // The member's cookies, the CSRF cookie replaced by the one that goes with this token.
  const cookies = new Map(
    member.client.cookieHeader.split('; ').map((c) => c.split('=', 2) as [string, string]),
  );
  for (const line of tokenAnswer.headers.getSetCookie()) {
    const [name, value] = line.split(';')[0]!.split('=', 2) as [string, string];
    cookies.set(name, value);
  }
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': csrfToken,
      'content-type': 'application/json',
      origin: server.origin,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Exactly once, everywhere it can be seen: our operations, the outbox, the ledger, the provider. */
/**
 * The production reconciliation over what the crash left, reading the fake's intents and
 * transfers back through the Stripe adapter: every charge and payout agrees with the ledger.
 */
async function expectReconciled(database: Database, fake: FakeStripe) {
  const stripe = new StripeProvider({
    secretKey: 'sk_test_fake',
    apiBase: fake.url,
  });
  const run = await reconcilePayments({ db: database.db, clock: systemClock, payments: stripe });
  expect(run).toMatchObject({ error: null, inFlight: 0, differences: [] });
  expect(run.checked.charges.card).toBeGreaterThan(0);
}

async function expectPaidOnce(engine: Engine, fake: FakeStripe, round: Round) {
  const database = await engine.open();
  try {
    const { db } = database;
    expect(await operationsOf(database)).toEqual([
      'charge succeeded',
      'charge succeeded',
      'payout succeeded',
    ]);
    expect(await paymentRowsLeft(database)).toBe(0);

    const [row] = await db.select().from(funds).where(eq(funds.id, round.fundId));
    const state = row!.state as FundState;
    expect(state.received).toEqual([
      expect.objectContaining({ roundNumber: 1, recipientId: round.recipient.id, netCents: NET_CENTS }),
    ]);
    const journal = await readJournal(db, round.organizationId);
    expect(checkJournal(journal)).toEqual([]);
    expect(balanceOf(journal, ledgerAccount.payout(round.recipient.id))).toBe(NET_CENTS);
    expect(balanceOf(journal, ledgerAccount.platformFees)).toBe(FEE_CENTS);
    await expectReconciled(database, fake);
  } finally {
    await database.close();
  }
  // At the provider: two holds, each captured once, one transfer of the net.
  expect(fake.intents.size).toBe(2);
  expect([...fake.intents.values()].map((intent) => intent.status)).toEqual(['succeeded', 'succeeded']);
  expect(new Set(captureKeys(fake)).size).toBe(2);
  expect(fake.transfers).toEqual([expect.objectContaining({ amount: NET_CENTS })]);
}

/**
 * After the restarted server stopped: the payment operations as expected, the outbox's payment
 * rows drained, the journal balanced with these accounts closed. The journal, for the rest.
 */
async function settledJournal(
  engine: Engine,
  fake: FakeStripe,
  organizationId: string,
  operations: string[],
  closedAccounts: string[] = [],
): Promise<LedgerTransaction[]> {
  const database = await engine.open();
  try {
    expect(await operationsOf(database)).toEqual(operations);
    expect(await paymentRowsLeft(database)).toBe(0);
    const journal = await readJournal(database.db, organizationId);
    expect(checkJournal(journal, closedAccounts)).toEqual([]);
    await expectReconciled(database, fake);
    return journal;
  } finally {
    await database.close();
  }
}

/** Waits for the request's payout to be decided, and expects it paid in full. */
async function expectRequestPaid(server: ServerProcess, owner: Member, requestId: string) {
  const details = () => read<RequestDetails>(server, owner, `/api/requests/${requestId}`);
  await until(
    async () => (await details()).payout?.status !== 'pending',
    'the request was not paid out within 90 s',
  );
  expect(await details()).toMatchObject({
    status: 'completed',
    payout: {
      grossCents: REQUEST_GROSS_CENTS,
      feeCents: REQUEST_FEE_CENTS,
      netCents: REQUEST_NET_CENTS,
      status: 'paid',
    },
  });
}

/**
 * At the provider: both contributors' holds captured, each once (one key per hold, never used
 * on another), and one transfer of the net to the owner.
 */
function expectOwnerPaidOnceAtProvider(fake: FakeStripe, ownerAccount: string) {
  const holds = [...fake.intents.values()].sort((a, b) => a.amount - b.amount);
  expect(holds.map((intent) => [intent.amount, intent.status])).toEqual(
    REQUEST_CONTRIBUTIONS_CENTS.map((amount) => [amount, 'succeeded']),
  );
  const captures = fake.calls('/v1/payment_intents/').filter((r) => r.path.endsWith('/capture'));
  expect(new Set(captures.map((r) => r.idempotencyKey)).size).toBe(2);
  expect(new Set(captures.map((r) => `${r.path} ${r.idempotencyKey}`)).size).toBe(2);
  expect(fake.transfers).toEqual([
    expect.objectContaining({ amount: REQUEST_NET_CENTS, destination: ownerAccount }),
  ]);
}

/** The promise's value, or a failure after `ms`. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms).unref()),
  ]);
}
