import type { RequestDetails } from '@giro/contract/requests';
import { activePayoutAccountOf } from '../../db/payout-account.repository';
import type { UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { payoutNeedsAccount } from '../../payments/pay-out';
import { requestIn } from './get-requests';
import { ownerPayout } from './request-effects';
import { runRequestCommand } from './run-request-command';

/**
 * A failed payout's money waits; the owner asks again once it can go, from inside the family or,
 * expelled or gone, from outside it (ADR 0057). A payout that needs their connected account (a
 * part not paid through PayPal, or a PayPal part with no email to go to) is refused at once
 * without one, rather than tried and failed again. Another member is refused by the decider
 * (403); anyone else outside sees no such request (404).
 */
export async function retryRequestPayout(
  deps: Deps,
  user: UserRow,
  requestId: string,
): Promise<RequestDetails> {
  const { request, organizationId } = await requestIn(deps, user, requestId);
  if (
    request.ownerId === user.id &&
    // Only one that failed: the decider refuses any other, without asking PayPal first.
    request.payout?.status === 'failed' &&
    (await payoutNeedsAccount(deps.db, deps.payments, ownerPayout(request))) &&
    !(await activePayoutAccountOf(deps.db, user.id))
  )
    throw new AppError('PAYOUT_ACCOUNT_REQUIRED');
  const outside = organizationId === user.familyId ? {} : { ownPayoutIn: organizationId };
  return runRequestCommand(deps, user, { type: 'RetryRequestPayout', requestId, userId: user.id }, outside);
}
