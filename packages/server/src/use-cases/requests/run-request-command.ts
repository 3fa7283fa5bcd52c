import type { RequestDetails } from '@giro/contract/requests';
import type { RequestCommand, RequestsState } from '@giro/domain/requests/request-types';
import type { Tx } from '../../db/client';
import type { IdempotentRequest } from '../../db/idempotency.repository';
import { lockRequestsOfOrganization, type RequestsRow } from '../../db/request.repository';
import { organizationIdOf, type UserRow } from '../../db/user.repository';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { requestDetails } from '../../views/request.view';
import { rememberAnswer, replayedAnswer } from '../idempotent-answer';
import { applyRequestCommand } from './apply-request-command';
import { namesIn } from './get-requests';

export interface RunRequestOptions {
  /** The caller's Idempotency-Key: a replay answers the first answer and changes nothing. */
  idempotency?: IdempotentRequest | undefined;
  paymentMethodId?: string | null;
  /**
   * The organization, not the caller's, of a request of the caller's own (ADR 0057): the command
   * (only the payout's retry comes this way) runs there on that request alone, member or not.
   */
  ownPayoutIn?: string;
}

/** A member's command; the deadline and payment outcomes come from the workers. */
export type MemberRequestCommand = Exclude<
  RequestCommand,
  { type: 'RequestDeadlinePassed' | 'RequestContributionPaymentFailed' | 'RequestPayoutOutcome' }
>;

/**
 * A member's command on their organization's requests, in one transaction, answering the
 * details of the request it names. Another organization's request id is not in this state,
 * so the decider answers 404 as if it did not exist (api.md, Conventions).
 */
export function runRequestCommand(
  deps: Deps,
  user: UserRow,
  command: MemberRequestCommand,
  options: RunRequestOptions,
): Promise<RequestDetails> {
  return withLockedRequests(deps, user, command, options, async (tx, row) => {
    const { state } = await applyRequestCommand(tx, deps, row, command, options);
    return state;
  });
}

/**
 * The frame of every member's action on the requests: the organization's requests row locked
 * first (so a concurrent replay of the same key waits, then finds it), the Idempotency-Key
 * answered from its first answer, the caller's membership read again, the work, then the details of the request the command names,
 * stored for the key; the outbox and the deadline worker woken once the transaction committed.
 */
export async function withLockedRequests(
  deps: Deps,
  user: UserRow,
  command: MemberRequestCommand,
  options: RunRequestOptions,
  /** The state the answer shows. */
  work: (tx: Tx, row: RequestsRow) => Promise<RequestsState>,
): Promise<RequestDetails> {
  const outside = options.ownPayoutIn;
  const organizationId = outside ?? user.familyId;
  if (!organizationId) throw new AppError('NOT_IN_ORGANIZATION');
  const details = await deps.db.transaction(async (tx) => {
    const row = await lockRequestsOfOrganization(tx, organizationId);
    const { idempotency } = options;
    if (idempotency) {
      const replayed = await replayedAnswer<RequestDetails>(tx, user.id, idempotency);
      if (replayed) return replayed;
    }
    // The session was read before the lock; a leave ends the membership under this same lock,
    // so read after it this is the membership as it is. Else an ex-member could still ask for
    // money, or own a request paying out to someone outside.
    if (outside === undefined) {
      if ((await organizationIdOf(tx, user.id)) !== organizationId) throw new AppError('NOT_IN_ORGANIZATION');
    } else {
      // From outside, only their own request, as locked: nothing else of that family. What may be
      // done with it (a failed payout retried) the decider says, as for a member.
      const own = row.state.requests.find((r) => r.id === command.requestId);
      if (own?.ownerId !== user.id) throw new AppError('REQUEST_NOT_FOUND');
    }
    const after = await work(tx, row);
    const request = after.requests.find((r) => r.id === command.requestId)!;
    // Seen from outside, the request alone (its details name no one else's).
    const state = outside === undefined ? after : { requests: [request] };
    const result = requestDetails(state, request, await namesIn(tx, state));
    if (idempotency) await rememberAnswer(tx, user.id, idempotency, result, deps.clock.now());
    return result;
  });
  deps.kickOutbox();
  deps.kickDeadlines();
  return details;
}
