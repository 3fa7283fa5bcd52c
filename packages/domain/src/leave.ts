import type { FundState } from './fund/fund-types';
import { activeParticipants } from './fund/rules';
import { payoutStillOwed } from './requests/at-rest';
import type { RequestsState } from './requests/request-types';

/**
 * Why a member may not leave the organization now (domain.md, Leaving), each a reason the
 * "Failed to leave" message names (contract/errors.ts). Empty: they may leave (or delete their
 * account).
 */
export type LeaveBlocker =
  | 'fund_round_in_progress'
  | 'missed_contribution_owed'
  | 'active_request_owner'
  | 'request_payout_unpaid';

export function leaveBlockers(
  userId: string,
  fund: FundState | null,
  requests: RequestsState | null,
): LeaveBlocker[] {
  const blockers: LeaveBlocker[] = [];
  const round = fund?.round;
  if (
    fund &&
    (fund.phase === 'collecting' || fund.phase === 'awaiting_withdrawal') &&
    activeParticipants(fund).includes(userId)
  )
    blockers.push('fund_round_in_progress');
  // Owed: a missed contribution still being voted on or waited for, or a debt recorded at expulsion.
  const voteOrWait =
    round && (round.emergencies.some((v) => v.memberId === userId) || userId in round.extensions);
  if (voteOrWait || (fund?.debts[userId] ?? 0) > 0) blockers.push('missed_contribution_owed');
  if (requests?.requests.some((r) => r.ownerId === userId && r.status === 'active'))
    blockers.push('active_request_owner');
  // An ended request whose payout is asked for or failed still holds the family's money. Its
  // owner could retry it from outside (ADR 0057), but one who chooses to go sees it paid first,
  // while the family still sees it too.
  if (requests?.requests.some((r) => r.ownerId === userId && payoutStillOwed(r)))
    blockers.push('request_payout_unpaid');
  return blockers;
}
