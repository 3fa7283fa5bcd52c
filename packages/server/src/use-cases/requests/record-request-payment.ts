import { DomainError } from '@giro/domain/errors';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { lockRequestsOfOrganization } from '../../db/request.repository';
import { paymentOperations } from '../../db/schema';
import type { Deps } from '../../deps';
import type { PaymentOutcomeRecorder } from '../../payments/payment.handler';
import { applyRequestCommand } from './apply-request-command';

/**
 * Tells the requests what became of a payment: a declined contribution is taken back. A payout
 * or refund done needs nothing more (the ledger booked it with the end); a failed payout leaves
 * the money in escrow and the operation marked failed, and is logged for the operators.
 */
export function recordRequestPayment(deps: Pick<Deps, 'clock'> & { logger: Logger }): PaymentOutcomeRecorder {
  return async (tx, operation, result) => {
    const { request } = operation;
    if (result.ok) return;
    if (request.kind === 'payout') {
      deps.logger.error({ operationId: operation.id, reason: result.reason }, 'request payout failed');
      return;
    }
    if (request.kind !== 'charge') return;
    const [op] = await tx
      .select({ organizationId: paymentOperations.organizationId })
      .from(paymentOperations)
      .where(eq(paymentOperations.id, operation.id));
    if (!op) return;
    const row = await lockRequestsOfOrganization(tx, op.organizationId);
    const command = {
      type: 'RequestContributionPaymentFailed',
      requestId: request.target.id,
      contributionId: request.contributionId,
    } as const;
    try {
      await tx.transaction((sp) => applyRequestCommand(sp, deps, row, command));
    } catch (error) {
      // The request ended meanwhile: the payout that counted on this money fails and is logged.
      if (!(error instanceof DomainError)) throw error;
      deps.logger.warn(
        { operationId: operation.id, code: error.code },
        'declined payment no longer applies to the request',
      );
    }
  };
}
