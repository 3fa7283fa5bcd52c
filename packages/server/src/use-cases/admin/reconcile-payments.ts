import type {
  Reconciliation,
  ReconciliationDifference,
  ReconciliationRun,
} from '@giro/contract/admin-insights';
import { chargeMatches, payoutMatches } from '@giro/domain/reconciliation';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  type ChargeToReconcile,
  chargesToReconcile,
  claimHourlyReconciliation,
  contributionsInFlight,
  finishReconciliation,
  lastReconciliation,
  markReconciled,
  payoutsToReconcile,
  paypalPartsUnbooked,
  previousRunStart,
  pruneReconciliations,
  type ReconciliationRow,
  requeueMovedCharges,
  startReconciliation,
} from '../../db/reconciliation.queries';
import type { PaymentProvider } from '../../payments/payment-provider';

export interface ReconcileDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
}

/**
 * Compares the ledger with the payment provider, object by object (issue 17, ADR 0030), and
 * records what it found: every charge the provider made for a fund or a request against what the
 * ledger holds at `provider-held` for its contribution (for a debt's repayment, what the ledger
 * booked the debtor as giving once the creditor was paid), every payout the provider confirmed
 * against the net the ledger paid, and the PayPal part of a split payout that an attempt paid out
 * before its account part failed (the ledger books it only with the attempt that succeeds).
 * Read-only towards the money: it changes nothing but its own record, so two runs at once (two
 * instances, an admin's click during the hourly run) are harmless. Money an open operation is
 * moving is skipped and counted as in flight: the provider may have acted while the ledger books
 * the outcome only when it is recorded. It goes to the back of the rotation all the same, and
 * comes first again once that operation finishes. A provider that cannot be read stops the run
 * with its error, rather than showing every object as different.
 *
 * A run reads at most `perRun` charges and as many payouts, in rotation: first what was never
 * compared, what differed last time, and charges whose money moved since the last run (a refund,
 * a capture); then what was compared longest ago. So a run's calls to the provider stay bounded
 * however many operations the years add, and every operation comes round again.
 */
export async function reconcilePayments(
  deps: ReconcileDeps,
  options: ReconcileOptions = {},
): Promise<ReconciliationRun> {
  const run = await startReconciliation(deps.db, 'admin', deps.payments.name, deps.clock.now());
  return carryOut(deps, run, options.perRun ?? PER_RUN);
}

export interface ReconcileOptions {
  /** At most this many charges, and as many payouts, per run. */
  perRun?: number;
}

/**
 * Per run, each way: 500 reads an hour is a fraction of Stripe's and PayPal's rate limits, and
 * goes round 24,000 operations of each kind in two days (README's operations section).
 */
export const PER_RUN = 500;

/**
 * What moved since the last run started is read again, with an hour's margin: instances' clocks
 * differ, and a move may finish while that run was reading.
 */
const MOVED_MARGIN_MS = 3_600_000;

/** How long runs are kept: the page shows the last, the rest is for looking back. */
const KEEP_RUNS_MS = 90 * 86_400_000;

/**
 * The hourly run, by whichever instance claims it first; null when it is not due yet. The
 * instance that runs it also drops runs older than 90 days.
 */
export async function reconcileHourly(
  deps: ReconcileDeps,
  options: ReconcileOptions = {},
): Promise<ReconciliationRun | null> {
  const now = deps.clock.now();
  const run = await claimHourlyReconciliation(deps.db, deps.payments.name, now);
  if (!run) return null;
  await pruneReconciliations(deps.db, new Date(now.getTime() - KEEP_RUNS_MS));
  return carryOut(deps, run, options.perRun ?? PER_RUN);
}

async function carryOut(
  deps: ReconcileDeps,
  run: ReconciliationRow,
  perRun: number,
): Promise<ReconciliationRun> {
  const checked = { charges: { card: 0, paypal: 0 }, payouts: 0 };
  const found = { inFlight: 0, differences: [] as ReconciliationDifference[], error: null as string | null };
  try {
    const since = await previousRunStart(deps.db, run.id);
    if (since) await requeueMovedCharges(deps.db, new Date(since.getTime() - MOVED_MARGIN_MS));
    const charges = await compareCharges(deps, await chargesToReconcile(deps.db, { limit: perRun }));
    for (const charge of charges.checked) checked.charges[charge.method] += 1;
    found.inFlight = charges.inFlight.length;
    // Confirmed on a fresh read of both sides: an operation that opened and finished while the
    // provider was being read (a refund, say) changed the ledger after it was first read.
    const again = charges.differing.length
      ? await compareCharges(
          deps,
          await chargesToReconcile(deps.db, { only: charges.differing.map((d) => d.operationId) }),
        )
      : { agreeing: [], differing: [] };
    found.differences.push(...again.differing);
    const agreed = [...charges.agreeing, ...again.agreeing];
    const payouts = await payoutsToReconcile(deps.db, { limit: perRun });
    checked.payouts = payouts.length;
    for (const payout of payouts) {
      const paidCents = (await deps.payments.payoutState(payout.providerRef))?.paidCents ?? null;
      const paypalPart = payout.paypalRef
        ? { paidCents: (await deps.payments.payoutState(payout.paypalRef))?.paidCents ?? null }
        : undefined;
      if (payoutMatches(payout, paidCents, paypalPart)) {
        agreed.push(payout.operationId);
        continue;
      }
      // A split payout shows both references, and what the provider sent for both parts.
      found.differences.push({
        object: 'payout',
        method: null,
        operationId: payout.operationId,
        organizationId: payout.organizationId,
        subject: payout.subject,
        providerRef: payout.paypalRef ? `${payout.providerRef} + ${payout.paypalRef}` : payout.providerRef,
        ledgerCents: payout.ledgerCents,
        providerCents:
          paidCents === null || paypalPart?.paidCents === null
            ? null
            : paidCents + (paypalPart?.paidCents ?? 0),
      });
    }
    const parts = await comparePaypalPartsUnbooked(deps, perRun);
    checked.payouts += parts.checked;
    found.inFlight += parts.inFlight.length;
    agreed.push(...parts.agreeing);
    found.differences.push(...parts.differing);
    const differed = found.differences.map((difference) => difference.operationId);
    // Skipped as in flight, to the back as well: left at the front, a charge whose refund is
    // stuck at its provider would take a place in every run, and enough of them would stop the
    // rotation (stop 59).
    const passed = [...charges.inFlight, ...parts.inFlight];
    await markReconciled(deps.db, { agreed, passed, differed }, deps.clock.now());
  } catch (failure) {
    found.error = failure instanceof Error ? failure.message : String(failure);
  }
  return runOf(await finishReconciliation(deps.db, run.id, { checked, ...found }, deps.clock.now()));
}

/**
 * Each charge against the provider's record of it, except those an open operation is moving
 * (looked at before and after the provider is read: one opened meanwhile may have acted).
 */
async function compareCharges(deps: ReconcileDeps, charges: ChargeToReconcile[]) {
  const busyBefore = await contributionsInFlight(deps.db);
  const read = [];
  for (const charge of charges) {
    if (busyBefore.has(charge.contributionId)) continue;
    read.push({
      charge,
      state: await deps.payments.chargeState({ ref: charge.providerRef, method: charge.method }),
    });
  }
  const busy = new Set([...busyBefore, ...(await contributionsInFlight(deps.db))]);
  const settled = read.filter(({ charge }) => !busy.has(charge.contributionId));
  const matches = ({ charge, state }: (typeof settled)[number]) => chargeMatches(charge.ledgerCents, state);
  return {
    checked: settled.map(({ charge }) => charge),
    /** The operations skipped as in flight: to the back of the rotation too (see `carryOut`). */
    inFlight: charges.filter((charge) => busy.has(charge.contributionId)).map((charge) => charge.operationId),
    /** The operations found agreeing: to the back of the rotation. */
    agreeing: settled.filter(matches).map(({ charge }) => charge.operationId),
    differing: settled
      .filter((pair) => !matches(pair))
      .map(
        ({ charge, state }): ReconciliationDifference => ({
          object: 'charge',
          method: charge.method,
          operationId: charge.operationId,
          organizationId: charge.organizationId,
          subject: charge.subject,
          providerRef: charge.providerRef,
          ledgerCents: charge.ledgerCents,
          providerCents: state && state.capturedCents - state.refundedCents,
        }),
      ),
  };
}

/**
 * The PayPal parts of split payouts paid by an attempt whose account part then failed: the
 * ledger books them only with the attempt that succeeds, so until one does, what PayPal paid
 * out is a difference (ledger 0), one the page shows until a retry books it. A part PayPal took
 * back (denied, or unclaimed and returned) paid nothing and agrees. A part whose payout is being
 * retried is passed over as in flight: the retry may be booking it right now.
 */
async function comparePaypalPartsUnbooked(deps: ReconcileDeps, perRun: number) {
  const parts = await paypalPartsUnbooked(deps.db, { limit: perRun });
  const found = {
    checked: 0,
    inFlight: [] as string[],
    agreeing: [] as string[],
    differing: [] as ReconciliationDifference[],
  };
  for (const part of parts) {
    if (part.retrying) {
      found.inFlight.push(part.operationId);
      continue;
    }
    found.checked += 1;
    const paidCents = (await deps.payments.payoutState(part.paypalRef))?.paidCents ?? null;
    if (paidCents === 0) found.agreeing.push(part.operationId);
    else
      found.differing.push({
        object: 'payout',
        method: 'paypal',
        operationId: part.operationId,
        organizationId: part.organizationId,
        subject: part.subject,
        providerRef: part.paypalRef,
        ledgerCents: 0,
        providerCents: paidCents,
      });
  }
  return found;
}

/** GET /api/admin/reconciliation: the last finished run, null before the first. */
export async function getReconciliation(deps: { db: Db }): Promise<Reconciliation> {
  const row = await lastReconciliation(deps.db);
  return { last: row ? runOf(row) : null };
}

function runOf(row: ReconciliationRow): ReconciliationRun {
  return {
    id: row.id,
    trigger: row.trigger as ReconciliationRun['trigger'],
    startedAt: row.startedAt.toISOString(),
    finishedAt: (row.finishedAt ?? row.startedAt).toISOString(),
    provider: row.provider,
    checked: row.checked as ReconciliationRun['checked'],
    inFlight: row.inFlight,
    differences: row.differences as ReconciliationDifference[],
    error: row.error,
  };
}
