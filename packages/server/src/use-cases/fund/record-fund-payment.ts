import { DomainError } from '@giro/domain/errors';
import type { FundCommand } from '@giro/domain/fund/fund-types';
import type { Logger } from 'pino';
import { lockFundById } from '../../db/fund.repository';
import type { Deps } from '../../deps';
import type { PaymentOutcomeRecorder } from '../../payments/payment.handler';
import type { PaymentRequest } from '../../payments/payment-operations';
import type { PaymentResult } from '../../payments/payment-provider';
import { applyFundCommand } from './apply-fund-command';

/** The fund's command for a payment outcome: a declined hold, a payout done or failed, a refund done. */
function followUp(request: PaymentRequest, result: PaymentResult): FundCommand | null {
  switch (request.kind) {
    case 'charge':
      return result.ok || request.method !== 'card'
        ? null
        : { type: 'ContributionPaymentFailed', contributionId: request.contributionId };
    case 'payout':
      return { type: result.ok ? 'DistributionSucceeded' : 'DistributionFailed' };
    case 'refund':
      return { type: 'RefundCompleted', contributionId: request.contributionId };
  }
}

export function recordFundPayment(
  deps: Pick<Deps, 'clock' | 'config'> & { logger: Logger },
): PaymentOutcomeRecorder {
  return async (tx, operation, result) => {
    const command = followUp(operation.request, result);
    if (!command) return;
    const fund = await lockFundById(tx, operation.request.target.id);
    if (!fund) return;
    try {
      await tx.transaction((sp) => applyFundCommand(sp, deps, fund, command));
    } catch (error) {
      // The fund moved on meanwhile (a round closed, a member left): the outcome is recorded, nothing to tell.
      if (!(error instanceof DomainError)) throw error;
      deps.logger.warn(
        { operationId: operation.id, code: error.code },
        'payment outcome no longer applies to the fund',
      );
    }
  };
}
