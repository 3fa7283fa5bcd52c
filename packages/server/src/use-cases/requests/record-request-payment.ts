import { DomainError } from '@giro/domain/errors';
import type { RequestCommand } from '@giro/domain/requests/request-types';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { lockRequestsOfOrganization } from '../../db/request.repository';
import { paymentOperations } from '../../db/schema';
import type { Deps } from '../../deps';
import type { PaymentOutcomeRecorder } from '../../payments/payment.handler';
import type { PaymentRequest } from '../../payments/payment-operations';
import type { PaymentResult } from '../../payments/payment-provider';
import { applyRequestCommand } from './apply-request-command';
import { attemptOf } from './request-effects';

/** The requests' command for a payment outcome: a declined contribution, a payout done or failed. */
function followUp(
  request: PaymentRequest,
  result: PaymentResult,
  subject: string,
  captured: string[],
): RequestCommand | null {
  switch (request.kind) {
    case 'charge':
      return result.ok
        ? null
        : {
            type: 'RequestContributionPaymentFailed',
            requestId: request.target.id,
            contributionId: request.contributionId,
          };
    case 'payout':
      return {
        type: 'RequestPayoutOutcome',
        requestId: request.target.id,
        attempt: attemptOf(subject),
        ok: result.ok,
        captured,
      };
    case 'refund':
      return null; // booked with the cancel; a failed refund is retried by the handler, never recorded
  }
}

/** Tells the organization's requests what became of a payment, in the recording transaction. */
export function recordRequestPayment(
  deps: Pick<Deps, 'clock' | 'config'> & { logger: Logger },
): PaymentOutcomeRecorder {
  return async (tx, operation, result) => {
    const [op] = await tx
      .select({ organizationId: paymentOperations.organizationId, subject: paymentOperations.subject })
      .from(paymentOperations)
      .where(eq(paymentOperations.id, operation.id));
    const command = op && followUp(operation.request, result, op.subject, operation.captured);
    if (!op || !command) return;
    const row = await lockRequestsOfOrganization(tx, op.organizationId);
    try {
      await tx.transaction((sp) => applyRequestCommand(sp, deps, row, command));
    } catch (error) {
      // The request moved on meanwhile (a declined hold after the end): recorded, nothing to tell.
      if (!(error instanceof DomainError)) throw error;
      deps.logger.warn(
        { operationId: operation.id, code: error.code },
        'payment outcome no longer applies to the request',
      );
    }
  };
}
