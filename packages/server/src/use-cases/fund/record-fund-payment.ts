import { DomainError } from '@giro/domain/errors';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import { isCardHold } from '@giro/domain/fund/rules';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client';
import { type FundRow, lockFundById } from '../../db/fund.repository';
import type { Deps } from '../../deps';
import { notifyMember } from '../../notifications/notify-member';
import type { HoldCheck } from '../../payments/hold-capture';
import type { PaymentOutcomeRecorder } from '../../payments/payment.handler';
import { enqueueRefund, type PaymentRequest } from '../../payments/payment-operations';
import type { PaymentResult } from '../../payments/payment-provider';
import { applyFundCommand } from './apply-fund-command';

type RecorderDeps = Pick<Deps, 'clock' | 'config'> & { logger: Logger };

/** The fund's command for a payment outcome: a declined hold, a payout done or failed, a refund done. */
function followUp(request: PaymentRequest, result: PaymentResult, captured: string[]): FundCommand | null {
  switch (request.kind) {
    case 'charge':
      if (request.method === 'paypal')
        return result.ok && request.contributorId
          ? {
              type: 'Contribute',
              userId: request.contributorId,
              contributionId: request.contributionId,
              method: 'paypal',
              ...(request.onBehalfOf ? { onBehalfOf: request.onBehalfOf } : {}),
            }
          : null;
      return result.ok ? null : { type: 'ContributionPaymentFailed', contributionId: request.contributionId };
    case 'payout':
      return result.ok ? { type: 'DistributionSucceeded' } : { type: 'DistributionFailed', captured };
    case 'refund':
      return { type: 'RefundCompleted', contributionId: request.contributionId };
    case 'capture':
      // Captured before it expired; refused, the hold is gone and the money must be asked again.
      return result.ok
        ? { type: 'HoldCaptured', contributionId: request.contributionId }
        : { type: 'ContributionPaymentFailed', contributionId: request.contributionId };
  }
}

export function recordFundPayment(deps: RecorderDeps): PaymentOutcomeRecorder {
  return async (tx, operation, result) => {
    const { request } = operation;
    const fund = await lockFundById(tx, request.target.id);
    if (!fund) return;
    const capturedPaypal = request.kind === 'charge' && request.method === 'paypal';
    if (capturedPaypal && !result.ok) return tellPayer(tx, deps, fund, request.contributorId);
    // Captured too late for the round it was made for, or at another amount: given back whole.
    if (capturedPaypal && !stillFor(fund, request, operation.amountCents))
      return refundCaptured(tx, deps, fund, request, operation.amountCents);
    const command = followUp(request, result, operation.captured);
    if (!command) return;
    try {
      await tx.transaction((sp) => applyFundCommand(sp, deps, fund, command));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (capturedPaypal) return refundCaptured(tx, deps, fund, request, operation.amountCents);
      // The fund moved on meanwhile (a round closed, a member left): the outcome is recorded, nothing to tell.
      deps.logger.warn(
        { operationId: operation.id, code: error.code },
        'payment outcome no longer applies to the fund',
      );
    }
  };
}

/** Whether the fund still holds this contribution on its payer's card (ADR 0048), under the fund's lock. */
export const fundHoldStands: HoldCheck = async (tx, fundId, contributionId) => {
  const fund = await lockFundById(tx, fundId);
  const contribution = fund?.state.contributions.find((c) => c.id === contributionId);
  return contribution !== undefined && isCardHold(contribution);
};

/** Whether the fund is still in the round, and at the amount, that a PayPal payment was made for. */
function stillFor(fund: FundRow, request: PaymentRequest, amountCents: number): boolean {
  if (request.kind !== 'charge' || !request.forRound) return true;
  const round = fund.state.round;
  return (
    round !== null &&
    fund.state.cycleNumber === request.forRound.cycleNumber &&
    round.number === request.forRound.roundNumber &&
    fund.state.finalAmountCents === amountCents
  );
}

/**
 * Captured, but the fund no longer takes it (the window closed, a second tab paid, the fund
 * moved on to another round or cycle): the captured amount itself is given back.
 */
async function refundCaptured(
  tx: DbOrTx,
  deps: RecorderDeps,
  fund: FundRow,
  request: PaymentRequest,
  amountCents: number,
) {
  if (request.kind !== 'charge') return;
  await enqueueRefund(
    tx,
    {
      organizationId: fund.organizationId,
      target: request.target,
      contributionId: request.contributionId,
      payerId: request.contributorId ?? null,
      amountCents,
      method: 'paypal',
    },
    deps.clock.now(),
  );
}

/** The PayPal capture was refused: nothing was recorded, so only the payer needs to know. */
async function tellPayer(tx: DbOrTx, deps: RecorderDeps, fund: FundRow, payerId: string | undefined) {
  if (payerId)
    await notifyMember(
      tx,
      deps.config.publicUrl,
      { organizationId: fund.organizationId, userId: payerId, type: 'payment_failed' },
      deps.clock.now(),
    );
}
