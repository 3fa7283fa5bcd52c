import { DomainError } from '@giro/domain/errors';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lockFundById } from '../db/fund.repository';
import { paymentOperations } from '../db/schema';
import type { Deps } from '../deps';
import type { OutboxHandler } from '../jobs/outbox-worker';
import { applyFundCommand } from '../use-cases/fund/apply-fund-command';
import type { PaymentRequest } from './payment-operations';
import type { PaymentProvider, PaymentResult } from './payment-provider';

type Operation = typeof paymentOperations.$inferSelect;

/**
 * Carries out a payment operation at the provider, then, in one transaction, records the
 * outcome and tells the fund (a declined hold, a payout done or failed, a refund done). The
 * provider call repeats safely (the operation's id is its idempotency key), so a crash between
 * the call and the commit only means the call is made again and answered the same.
 */
export function paymentHandler(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'logger' | 'kickDeadlines'>,
  provider: PaymentProvider,
): OutboxHandler {
  return async (row) => {
    const { operationId } = row.payload as { operationId: string };
    const [op] = await deps.db.select().from(paymentOperations).where(eq(paymentOperations.id, operationId));
    if (op?.status !== 'pending') return;
    const request = op.request as PaymentRequest;
    const result = await carryOut(deps.db, provider, op, request);
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
      const command = followUp(request, result);
      if (!command) return;
      const fund = await lockFundById(tx, request.fundId);
      if (!fund) return;
      try {
        await tx.transaction((sp) => applyFundCommand(sp, deps, fund, command));
      } catch (error) {
        // The fund moved on meanwhile (a round closed, a member left): the outcome is recorded, nothing to tell.
        if (!(error instanceof DomainError)) throw error;
        deps.logger.warn(
          { operationId: op.id, code: error.code },
          'payment outcome no longer applies to the fund',
        );
      }
    });
    deps.kickDeadlines();
  };
}

function followUp(request: PaymentRequest, result: PaymentResult): FundCommand | null {
  switch (request.kind) {
    case 'charge':
      return result.ok || request.method !== 'card'
        ? null
        : { type: 'ContributionPaymentFailed', contributionId: request.contributionId };
    case 'distribution':
      return { type: result.ok ? 'DistributionSucceeded' : 'DistributionFailed' };
    case 'refund':
      return { type: 'RefundCompleted', contributionId: request.contributionId };
  }
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
        eq(paymentOperations.subject, `contribution:${contributionId}`),
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
    case 'distribution': {
      for (const contributionId of request.captures) {
        const charge = await chargeOf(db, op.organizationId, contributionId);
        if (!charge?.providerRef) return { ok: false, reason: `no authorization for ${contributionId}` };
        const captured = await provider.capture({
          idempotencyKey: `${op.id}:${contributionId}`,
          ref: charge.providerRef,
          amountCents: charge.amountCents,
        });
        if (!captured.ok) return captured;
      }
      return provider.payout({
        idempotencyKey: op.id,
        userId: request.recipientId,
        amountCents: request.netCents,
      });
    }
    case 'refund': {
      if (request.method === 'manual') return { ok: true, ref: 'manual' };
      const charge = await chargeOf(db, op.organizationId, request.contributionId);
      // A hold that never succeeded has nothing to give back.
      if (!charge?.providerRef) return { ok: true, ref: 'nothing-held' };
      return provider.refund({ idempotencyKey: op.id, ref: charge.providerRef, amountCents: op.amountCents });
    }
  }
}
