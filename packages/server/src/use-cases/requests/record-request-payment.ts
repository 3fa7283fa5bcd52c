import { DomainError } from '@giro/domain/errors';
import { holdCapturable } from '@giro/domain/requests/request-payments';
import type { RequestCommand } from '@giro/domain/requests/request-types';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client';
import {
  findEndedRequest,
  findRequestsOfOrganization,
  lockRequestsOfOrganization,
  type RequestsRow,
} from '../../db/request.repository';
import { paymentOperations } from '../../db/schema';
import type { Deps } from '../../deps';
import { notifyMember } from '../../notifications/notify-member';
import type { HoldCheck } from '../../payments/hold-capture';
import type { PaymentOutcomeRecorder } from '../../payments/payment.handler';
import {
  chargeSubject,
  enqueueRefund,
  operationOf,
  type PaymentRequest,
} from '../../payments/payment-operations';
import type { PaymentResult } from '../../payments/payment-provider';
import { applyRequestCommand } from './apply-request-command';
import { attemptOf, paymentFailedNote } from './request-effects';

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
    case 'capture': {
      // Captured before it expired; refused, the hold is gone: the contribution is taken back.
      const ids = { requestId: request.target.id, contributionId: request.contributionId };
      return result.ok
        ? { type: 'RequestHoldCaptured', ...ids }
        : { type: 'RequestContributionPaymentFailed', ...ids };
    }
  }
}

type RecorderDeps = Pick<Deps, 'clock' | 'config'> & { logger: Logger };

/**
 * Whether a request still holds this contribution on its payer's card (ADR 0048), under the lock
 * on the organization's requests. A request that ended and was let go (ADR 0042) holds nothing.
 */
export const requestHoldStands: HoldCheck = async (tx, requestId, contributionId) => {
  const op = await operationOf(tx, 'charge', chargeSubject(contributionId));
  if (!op) return false;
  const row = await lockRequestsOfOrganization(tx, op.organizationId);
  const request = row.state.requests.find((r) => r.id === requestId);
  const contribution = request?.contributions.find((c) => c.id === contributionId);
  return request !== undefined && contribution !== undefined && holdCapturable(request, contribution);
};
type Charge = Extract<PaymentRequest, { kind: 'charge' }>;

/** Tells the organization's requests what became of a payment, in the recording transaction. */
export function recordRequestPayment(deps: RecorderDeps): PaymentOutcomeRecorder {
  return async (tx, operation, result) => {
    const [op] = await tx
      .select({ organizationId: paymentOperations.organizationId, subject: paymentOperations.subject })
      .from(paymentOperations)
      .where(eq(paymentOperations.id, operation.id));
    if (!op) return;
    const { request } = operation;
    if (request.kind === 'charge' && request.method === 'paypal' && request.contributorId) {
      const captured = { ...request, contributorId: request.contributorId };
      return recordCapture(tx, deps, op.organizationId, captured, operation.amountCents, result.ok);
    }
    const command = followUp(request, result, op.subject, operation.captured);
    if (!command) return;
    const row = await lockRequestsOfOrganization(tx, op.organizationId);
    // The request moved on meanwhile (a paid-out request's late decline): recorded, nothing to tell.
    const refused = await refusalOf(tx, deps, row, command);
    if (refused)
      deps.logger.warn(
        { operationId: operation.id, code: refused.code },
        'payment outcome no longer applies to the request',
      );
  };
}

/** Applies the command in a savepoint; its refusal, if the requests refuse it (nothing written). */
async function refusalOf(
  tx: DbOrTx,
  deps: RecorderDeps,
  row: RequestsRow,
  command: RequestCommand,
): Promise<DomainError | null> {
  try {
    await tx.transaction((sp) => applyRequestCommand(sp, deps, row, command));
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error;
  }
}

/**
 * A PayPal contribution captured before it was recorded (contribute-to-request-by-paypal.ts):
 * captured, the request records it now, decided as if it were made now; refused (the request
 * ended, or others filled it meanwhile), the captured money is given back whole. Declined,
 * nothing was recorded: the request never counted it. Either way the payer is told, as for a
 * declined card (request-effects.ts): the answer to their contribution said it was on its way.
 */
async function recordCapture(
  tx: DbOrTx,
  deps: RecorderDeps,
  organizationId: string,
  request: Charge & { contributorId: string },
  amountCents: number,
  captured: boolean,
) {
  // Declined: nothing to record, only whose request it was to read; no lock on the requests.
  if (!captured)
    return tellPayer(tx, deps, organizationId, await findRequestsOfOrganization(tx, organizationId), request);
  const row = await lockRequestsOfOrganization(tx, organizationId);
  const command: RequestCommand = {
    type: 'ContributeToRequest',
    requestId: request.target.id,
    userId: request.contributorId,
    contributionId: request.contributionId,
    amountCents,
    method: 'paypal',
    ...(request.message ? { message: request.message } : {}),
  };
  const refused = await refusalOf(tx, deps, row, command);
  if (!refused) return;
  deps.logger.warn(
    { contributionId: request.contributionId, code: refused.code },
    'captured contribution refused: given back',
  );
  await enqueueRefund(
    tx,
    {
      organizationId,
      target: request.target,
      contributionId: request.contributionId,
      payerId: request.contributorId,
      amountCents,
      method: 'paypal',
    },
    deps.clock.now(),
  );
  await tellPayer(tx, deps, organizationId, row, request);
}

/**
 * The payer's PayPal contribution does not count: told, in the recording transaction, with the
 * socket's nudge (an open app shows it at once). The request may have ended and left the state
 * meanwhile (ADR 0042): its owner is read where it rests.
 */
async function tellPayer(
  tx: DbOrTx,
  deps: RecorderDeps,
  organizationId: string,
  row: RequestsRow,
  request: Charge & { contributorId: string },
) {
  const requestId = request.target.id;
  const owner = (
    row.state.requests.find((r) => r.id === requestId) ??
    (await findEndedRequest(tx, organizationId, requestId))
  )?.ownerId;
  if (!owner) return;
  const note = await paymentFailedNote(tx, request.contributorId, owner);
  await notifyMember(tx, deps.config.publicUrl, { organizationId, ...note }, deps.clock.now());
}
