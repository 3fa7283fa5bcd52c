import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { activePayoutAccountOf } from '../db/payout-account.repository';
import { paymentOperations } from '../db/schema';
import type { Deps } from '../deps';
import type { OutboxHandler } from '../jobs/outbox-worker';
import { chargeSubject, type PaymentRequest, type PaymentTarget } from './payment-operations';
import type { PaymentProvider, PaymentResult } from './payment-provider';

type Operation = typeof paymentOperations.$inferSelect;

/** Tells a fund or a request what became of its payment, inside the recording transaction. */
export type PaymentOutcomeRecorder = (
  tx: DbOrTx,
  operation: { id: string; request: PaymentRequest },
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
  deps: Pick<Deps, 'db' | 'clock' | 'kickDeadlines'>,
  provider: PaymentProvider,
  recorders: Record<PaymentTarget['type'], PaymentOutcomeRecorder>,
): OutboxHandler {
  return async (row) => {
    const { operationId } = row.payload as { operationId: string };
    const [op] = await deps.db.select().from(paymentOperations).where(eq(paymentOperations.id, operationId));
    if (op?.status !== 'pending') return;
    const request = op.request as PaymentRequest;
    const result = await carryOut(deps.db, provider, op, request);
    // A refund is owed whatever happens: a failure is retried with backoff, not recorded.
    if (!result.ok && request.kind === 'refund') throw new Error(`refund failed: ${result.reason}`);

    await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: paymentOperations.status })
        .from(paymentOperations)
        .where(eq(paymentOperations.id, op.id))
        .for('update');
      if (locked?.status !== 'pending') return;
      await tx
        .update(paymentOperations)
        .set({
          status: result.ok ? 'succeeded' : 'failed',
          providerRef: result.ok ? result.ref : null,
          error: result.ok ? null : result.reason,
          completedAt: deps.clock.now(),
        })
        .where(eq(paymentOperations.id, op.id));
      await recorders[request.target.type](tx, { id: op.id, request }, result);
    });
    deps.kickDeadlines();
  };
}

/** The charge that a capture or refund refers to, by the contribution's subject. */
async function chargeOf(db: Db, organizationId: string, contributionId: string) {
  const [charge] = await db
    .select()
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.organizationId, organizationId),
        eq(paymentOperations.kind, 'charge'),
        eq(paymentOperations.subject, chargeSubject(contributionId)),
      ),
    );
  return charge;
}

async function carryOut(
  db: Db,
  provider: PaymentProvider,
  op: Operation,
  request: PaymentRequest,
): Promise<PaymentResult> {
  switch (request.kind) {
    case 'charge':
      return provider.charge({
        idempotencyKey: op.id,
        amountCents: op.amountCents,
        method: request.method,
        paymentMethodId: request.paymentMethodId,
        capture: request.method === 'paypal',
      });
    case 'payout': {
      for (const contributionId of request.captures) {
        const charge = await chargeOf(db, op.organizationId, contributionId);
        // A hold that never succeeded: nothing to capture, the payout cannot be whole.
        if (!charge?.providerRef) return { ok: false, reason: 'provider_error' };
        const captured = await provider.capture({
          // Per contribution, not per attempt: a second payout attempt finds the first capture.
          idempotencyKey: `capture:${contributionId}`,
          ref: charge.providerRef,
          amountCents: charge.amountCents,
        });
        if (!captured.ok) return captured;
      }
      const accountId = await activePayoutAccountOf(db, request.recipientId);
      // Unlinked or restricted since the withdrawal: the money stays in escrow, the payout fails.
      if (!accountId) return { ok: false, reason: 'payout_failed' };
      return provider.payout({
        idempotencyKey: op.id,
        destination: { type: 'account', accountId },
        amountCents: request.netCents,
      });
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
