import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Config } from '../config/env';
import type { Db, DbOrTx } from '../db/client';
import { paymentOperations } from '../db/schema';
import type { OutboxHandler } from '../jobs/outbox-worker';
import { notifyMember } from '../notifications/notify-member';
import { failpoint } from '../ops/failpoints';
import { scheduleHoldCapture } from './hold-capture';
import { type PayoutOutcome, payOut, payoutPlanOf } from './pay-out';
import {
  captureSubject,
  cardReturnUrl,
  chargeSubject,
  operationOf,
  type PaymentRequest,
  type PaymentTarget,
  wakePaymentOperation,
} from './payment-operations';
import type { PaymentProvider, PaymentResult } from './payment-provider';

type Operation = typeof paymentOperations.$inferSelect;

/** What the handler needs; the composition root's Deps has it (nothing here points back up). */
export interface PaymentHandlerDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  kickDeadlines(): void;
}

/**
 * Tells a fund or a request what became of its payment, inside the recording transaction.
 * `captured`: the contributions whose card holds the provider captured while carrying it out
 * (a payout's, all of them when it succeeded): their money is now on the platform's balance
 * there, also when the payout then failed.
 */
export type PaymentOutcomeRecorder = (
  tx: DbOrTx,
  operation: { id: string; request: PaymentRequest; amountCents: number; captured: string[] },
  result: PaymentResult,
) => Promise<void>;

/**
 * Carries out a payment operation at the provider, then, in one transaction, records the
 * outcome and hands it to its target's recorder (a declined hold, a payout done or failed, a
 * refund done). The provider call repeats safely (the operation's id is its idempotency key),
 * so a crash between the call and the commit only means the call is made again and answered
 * the same.
 */
export function paymentHandler(
  deps: PaymentHandlerDeps,
  provider: PaymentProvider,
  recorders: Record<PaymentTarget['type'], PaymentOutcomeRecorder>,
): OutboxHandler {
  return async (row) => {
    const { operationId } = row.payload as { operationId: string };
    const [op] = await deps.db.select().from(paymentOperations).where(eq(paymentOperations.id, operationId));
    if (!op || !OPEN.includes(op.status)) return;
    const request = op.request as PaymentRequest;
    if (await chargesUndecided(deps.db, op, chargesActedOn(request))) {
      // Another worker (another instance, or a crashed one whose lease has not run out) is still
      // placing a hold this payout captures or this refund releases: a payout now would fail,
      // and a refund would find nothing to release and let the hold be placed after it. Looked
      // at again soon, then less often while a payer confirms with their bank.
      const now = deps.clock.now();
      return wakePaymentOperation(deps.db, op, new Date(now.getTime() + holdWaitMs(op, now)), now);
    }
    const point = `${request.kind}/${request.target.type}`;
    await failpoint(`payment.before-provider/${point}`);
    const captured: string[] = [];
    // The status the outcome is recorded from: an expired charge's claim moves it on.
    let from = op.status;
    let result: PayoutOutcome | null;
    if (op.status === 'pending')
      result = await carryOut(deps.db, provider, op, request, captured, deps.config.publicUrl);
    else {
      const awaited = await awaitedResult(deps.db, provider, op, deps.clock.now());
      result = awaited?.result ?? null;
      from = awaited?.from ?? from;
    }
    await failpoint(`payment.after-provider/${point}`);
    // Still waiting for the payer, within the time they have: a later wake-up looks again.
    if (result === null) return;
    // A refund is owed whatever happens: a failure is retried with backoff, not recorded.
    if (!result.ok && request.kind === 'refund') throw new Error(`refund failed: ${result.reason}`);

    await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: paymentOperations.status })
        .from(paymentOperations)
        .where(eq(paymentOperations.id, op.id))
        .for('update');
      if (locked?.status !== from) return;
      if (!result.ok && result.awaitingPayer)
        return awaitPayer(tx, deps.clock.now(), op, result.awaitingPayer, deps.config.publicUrl);
      await tx
        .update(paymentOperations)
        .set({
          status: result.ok ? 'succeeded' : 'failed',
          providerRef: result.ok ? result.ref : null,
          // Kept on a failure too: the PayPal part went out even if the account part did not.
          paypalRef: result.paypalRef ?? null,
          error: result.ok ? null : result.reason,
          completedAt: deps.clock.now(),
        })
        .where(eq(paymentOperations.id, op.id));
      // A card hold placed for a fund or a request: captured before it can expire (ADR 0048).
      // A debt's is captured by the payout that follows at once.
      if (
        result.ok &&
        request.kind === 'charge' &&
        request.method === 'card' &&
        request.target.type !== 'debt'
      )
        await scheduleHoldCapture(tx, op, deps.clock.now());
      await recorders[request.target.type](
        tx,
        { id: op.id, request, amountCents: op.amountCents, captured },
        result,
      );
      await failpoint(`payment.recording/${point}`);
    });
    deps.kickDeadlines();
  };
}

/**
 * The statuses in which an operation still has something to do. `expiring`: a charge whose
 * payer's time ran out, claimed by the worker cancelling it (awaitedResult).
 */
const OPEN = ['pending', 'awaiting_payer', 'expiring'];

/**
 * How long a card charge waits for its payer to confirm it with their bank (3-D Secure) before
 * it counts as refused and the contribution is taken back, as a declined card would be.
 */
export const PAYER_CONFIRMATION_MS = 30 * 60_000;

/**
 * A charge that waited for its payer: its result now (and the status to record it from), or
 * null while they still have time. When the time is up the charge is cancelled at the provider
 * first: a payer confirming with their bank afterwards must not have money held for a
 * contribution that was taken back. The operation is claimed (`expiring`) before the cancel:
 * a worker woken by the payer's confirmation at that moment (another instance) would otherwise
 * record the hold it saw as held, while this one released it.
 */
async function awaitedResult(
  db: Db,
  provider: PaymentProvider,
  op: Operation,
  now: Date,
): Promise<{ result: PaymentResult; from: string } | null> {
  if (op.status === 'awaiting_payer') {
    const result = await provider.chargeStatus(op.providerRef!);
    if (result.ok || !result.awaitingPayer) return { result, from: op.status };
    if (now.getTime() - op.createdAt.getTime() < PAYER_CONFIRMATION_MS) return null;
    const claimed = await db
      .update(paymentOperations)
      .set({ status: 'expiring' })
      .where(and(eq(paymentOperations.id, op.id), eq(paymentOperations.status, 'awaiting_payer')))
      .returning({ id: paymentOperations.id });
    // Recorded meanwhile (the payer confirmed, another worker saw it): nothing left to do.
    if (claimed.length === 0) return null;
  }
  // Claimed, by this worker now or by one that stopped before it was done: cancel, same key.
  const cancelled = await provider.refund({
    idempotencyKey: `${op.id}:expired`,
    ref: op.providerRef!,
    amountCents: op.amountCents,
    method: 'card',
  });
  // Retried by the outbox with the same key, like a refund: the charge is not given up on alone.
  if (!cancelled.ok) throw new Error(`cancelling an expired charge failed: ${cancelled.reason}`);
  return { result: { ok: false, reason: 'authentication_required' }, from: 'expiring' };
}

/**
 * The provider holds the charge until its payer confirms it: the operation waits, the payer is
 * told where to confirm (GET /api/payments/confirmations), and the operation looks again when
 * the provider says they did (resumeAwaitingCharge) or when their time is up.
 */
async function awaitPayer(tx: DbOrTx, now: Date, op: Operation, ref: string, publicUrl: string) {
  await tx
    .update(paymentOperations)
    .set({ status: 'awaiting_payer', providerRef: ref })
    .where(eq(paymentOperations.id, op.id));
  await wakePaymentOperation(tx, op, new Date(op.createdAt.getTime() + PAYER_CONFIRMATION_MS), now);
  if (op.userId)
    await notifyMember(
      tx,
      publicUrl,
      { organizationId: op.organizationId, userId: op.userId, type: 'payment_confirmation_required' },
      now,
    );
}

/** The contributions whose charges an operation captures (a payout, an early capture) or gives back (a refund). */
function chargesActedOn(request: PaymentRequest): string[] {
  if (request.kind === 'payout') return request.captures;
  if (request.kind === 'capture') return [request.contributionId];
  if (request.kind === 'refund' && request.method !== 'manual') return [request.contributionId];
  return [];
}

/**
 * Whether any of these contributions' charges is still being placed or waits for its payer, or
 * is being captured early (ADR 0048) by another operation than this one: a refund that cancelled
 * the hold meanwhile would make that capture fail, and a payout would capture it beside it.
 */
async function chargesUndecided(db: Db, op: Operation, contributionIds: string[]): Promise<boolean> {
  for (const contributionId of contributionIds) {
    const charge = await chargeOf(db, op.organizationId, contributionId);
    if (charge && OPEN.includes(charge.status)) return true;
    const early = await earlyCaptureOf(db, contributionId);
    if (early && early.id !== op.id && OPEN.includes(early.status)) return true;
  }
  return false;
}

/** A contribution's early capture (ADR 0048), if its hold's timer made one. */
const earlyCaptureOf = (db: Db, contributionId: string) =>
  operationOf(db, 'capture', captureSubject(contributionId));

/** A second at first, then a quarter of the time waited so far, at most five minutes. */
const holdWaitMs = (op: Operation, now: Date) =>
  Math.min(Math.max(1000, (now.getTime() - op.createdAt.getTime()) / 4), 5 * 60_000);

/** The charge that a capture or refund refers to, by the contribution's subject. */
async function chargeOf(db: Db, organizationId: string, contributionId: string) {
  const charge = await operationOf(db, 'charge', chargeSubject(contributionId));
  return charge?.organizationId === organizationId ? charge : undefined;
}

/** Calls the provider for an operation; a payout's captures are added to `captured` as they succeed. */
async function carryOut(
  db: Db,
  provider: PaymentProvider,
  op: Operation,
  request: PaymentRequest,
  captured: string[],
  publicUrl: string,
): Promise<PayoutOutcome> {
  switch (request.kind) {
    case 'charge':
      return provider.charge({
        idempotencyKey: op.id,
        amountCents: op.amountCents,
        method: request.method,
        paymentMethodId: request.paymentMethodId,
        capture: request.method === 'paypal',
        returnUrl: request.method === 'card' ? (request.returnUrl ?? cardReturnUrl(publicUrl)) : null,
      });
    case 'capture': {
      const charge = await chargeOf(db, op.organizationId, request.contributionId);
      if (charge?.status !== 'succeeded' || !charge.providerRef)
        return { ok: false, reason: 'provider_error' };
      return provider.capture({
        idempotencyKey: captureSubject(request.contributionId),
        ref: charge.providerRef,
        amountCents: charge.amountCents,
      });
    }
    case 'payout': {
      for (const contributionId of request.captures) {
        // Captured early, before the hold could expire (ADR 0048): nothing left to capture.
        if ((await earlyCaptureOf(db, contributionId))?.status === 'succeeded') {
          captured.push(contributionId);
          continue;
        }
        const charge = await chargeOf(db, op.organizationId, contributionId);
        // A hold that never succeeded (or still waits for its payer): the payout cannot be whole.
        if (charge?.status !== 'succeeded' || !charge.providerRef)
          return { ok: false, reason: 'provider_error' };
        const capture = await provider.capture({
          // Per contribution, not per attempt: a second payout attempt finds the first capture,
          // and so does an early capture running beside it (ADR 0048).
          idempotencyKey: captureSubject(contributionId),
          ref: charge.providerRef,
          amountCents: charge.amountCents,
        });
        if (!capture.ok) return capture;
        captured.push(contributionId);
      }
      await failpoint(`payout.after-captures/${request.target.type}`);
      return payOut(provider, op.id, request, await payoutPlanOf(db, provider, op.id, request));
    }
    case 'refund': {
      if (request.method === 'manual') return { ok: true, ref: 'manual' };
      const charge = await chargeOf(db, op.organizationId, request.contributionId);
      // A hold that never succeeded has nothing to give back.
      if (!charge?.providerRef) return { ok: true, ref: 'nothing-held' };
      return provider.refund({
        idempotencyKey: op.id,
        ref: charge.providerRef,
        amountCents: op.amountCents,
        method: request.method,
      });
    }
  }
}
