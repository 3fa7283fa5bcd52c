import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { outbox, paymentOperations } from '../db/schema';
import type { OutboxHandler } from '../jobs/outbox-worker';
import {
  captureSubject,
  enqueuePayment,
  operationOf,
  type PaymentRequest,
  type PaymentTarget,
  refundSubject,
} from './payment-operations';

/**
 * The outbox topic of a card hold's timer (ADR 0048). A topic of its own: a worker of the release
 * before has no handler for it, so it leaves the row (an error, retried) for one of this release.
 */
export const HOLD_CAPTURE_TOPIC = 'hold-capture';

/**
 * How long a card hold waits before it is captured early. Stripe releases an uncaptured hold
 * after 7 days for a payment its customer started, 5 for a Visa one the merchant started; four
 * days leaves a day for retries under the shortest. The card hint in both payment modals says
 * "after four days" (web locales, `methodHints.card`): change them together.
 */
export const HOLD_CAPTURE_AFTER_MS = 4 * 24 * 3_600_000;

/**
 * Whether the fund or request still holds this contribution as a card hold that its decider
 * would take as captured now (not paid out, given back, declined or captured already).
 */
export type HoldCheck = (tx: DbOrTx, targetId: string, contributionId: string) => Promise<boolean>;

/** Sets a card hold's timer, in the transaction that records the hold as placed. */
export async function scheduleHoldCapture(
  tx: DbOrTx,
  charge: { id: string; organizationId: string },
  now: Date,
): Promise<void> {
  await tx.insert(outbox).values({
    topic: HOLD_CAPTURE_TOPIC,
    organizationId: charge.organizationId,
    payload: { operationId: charge.id },
    availableAt: new Date(now.getTime() + HOLD_CAPTURE_AFTER_MS),
    createdAt: now,
  });
}

/**
 * A hold's timer fired: if its fund or request still holds it, a `capture` payment operation is
 * recorded (under the lock the check takes) and carried out at once, by the payment handler.
 * At once, not by its own outbox row: after a long pause (a stopped instance, a test clock
 * moved a week) the payout due at the same moment is handled after this timer, whose row is
 * older, and finds the capture done rather than capturing an expired hold. The row is there
 * for a crash before then; the payment handler does nothing for an operation already done.
 */
export function holdCaptureHandler(
  deps: { db: Db; clock: Clock },
  pay: OutboxHandler,
  checks: Record<PaymentTarget['type'], HoldCheck>,
): OutboxHandler {
  return async (row) => {
    const { operationId } = row.payload as { operationId: string };
    const [charge] = await deps.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.id, operationId));
    const request = charge?.request as PaymentRequest | undefined;
    if (charge?.status !== 'succeeded' || request?.kind !== 'charge' || request.method !== 'card') return;
    const { contributionId, target } = request;
    const captureId = await deps.db.transaction(async (tx) => {
      if (!(await checks[target.type](tx, target.id, contributionId))) return null;
      // Being given back (asked for before the lock the check took): the refund releases it.
      if (await operationOf(tx, 'refund', refundSubject(contributionId))) return null;
      const id = await enqueuePayment(
        tx,
        {
          organizationId: charge.organizationId,
          subject: captureSubject(contributionId),
          userId: charge.userId,
          amountCents: charge.amountCents,
          request: { kind: 'capture', target, contributionId },
        },
        deps.clock.now(),
      );
      // Recorded before (a timer repeated after a crash): carried out again, which is harmless.
      return id ?? (await operationOf(tx, 'capture', captureSubject(contributionId)))?.id ?? null;
    });
    if (captureId) await pay({ ...row, payload: { operationId: captureId } });
  };
}
