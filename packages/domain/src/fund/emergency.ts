import { type Draft, fail } from './draft';
import type { EmergencyChoice, EmergencyVote, FundContext } from './fund-types';
import { checkReady } from './rounds';
import {
  activeParticipants,
  hasContributed,
  PHASE_MS,
  roundContributions,
  STRIKE_RISK_AT,
  STRIKE_WARNING_AT,
} from './rules';

/**
 * A participant missed the window (domain.md, phase 7): a strike (once per round), and an
 * emergency vote of every other participant: wait, skip or expel. The wait option is offered
 * only once per member and round.
 */
export function openEmergency(d: Draft, ctx: FundContext, memberId: string, at: number): void {
  const s = d.state;
  const round = s.round!;
  const secondTime = round.waitGranted.includes(memberId);
  const before = s.strikes[memberId] ?? 0;
  const strikes = before + (secondTime ? 0 : 1);
  d.emit({
    type: 'ContributionMissed',
    at,
    memberId,
    strikes,
    voteId: ctx.newId(),
    voters: activeParticipants(s).filter((id) => id !== memberId),
    allowWait: !secondTime,
    deadline: at + PHASE_MS,
    memberAtRisk: strikes >= STRIKE_RISK_AT,
  });
  // Strikes never expire, so the warning is given once: when the second one lands.
  if (before < STRIKE_WARNING_AT && strikes >= STRIKE_WARNING_AT)
    d.emit({ type: 'StrikeWarned', at, memberId, strikes });
}

export function voteEmergency(
  d: Draft,
  ctx: FundContext,
  userId: string,
  voteId: string,
  choice: EmergencyChoice,
  at: number,
): void {
  const vote = d.state.round?.emergencies.find((v) => v.id === voteId);
  if (!vote) fail('WRONG_PHASE');
  if (!vote.voters.includes(userId)) fail('NOT_AUTHORIZED_PARTICIPANT');
  if (userId in vote.votes) fail('ALREADY_VOTED');
  if (!['wait', 'skip', 'expel'].includes(choice) || (choice === 'wait' && !vote.allowWait))
    fail('INVALID_OPTION');
  d.emit({ type: 'EmergencyVoteCast', at, voteId, userId, choice });
  const updated = d.state.round!.emergencies.find((v) => v.id === voteId)!;
  if (updated.voters.every((id) => id in updated.votes)) resolveEmergency(d, ctx, updated, at);
}

/**
 * The choice with most votes wins; expel only with more than half of all the vote's voters
 * (it is irreversible); otherwise wait and skip compare, and ties or no votes go to wait the
 * first time and to skip once a wait was granted.
 */
export function emergencyOutcome(
  vote: Pick<EmergencyVote, 'voters' | 'votes' | 'allowWait'>,
): EmergencyChoice {
  const tally = { wait: 0, skip: 0, expel: 0 };
  for (const choice of Object.values(vote.votes)) tally[choice] += 1;
  if (tally.expel * 2 > vote.voters.length) return 'expel';
  const fallback: EmergencyChoice = vote.allowWait ? 'wait' : 'skip';
  if (vote.allowWait && tally.wait > tally.skip) return 'wait';
  if (tally.skip > tally.wait) return 'skip';
  return fallback;
}

export function resolveEmergency(d: Draft, ctx: FundContext, vote: EmergencyVote, at: number): void {
  const outcome = emergencyOutcome(vote);
  if (outcome === 'wait') {
    d.emit({ type: 'ExtensionGranted', at, voteId: vote.id, memberId: vote.memberId, until: at + PHASE_MS });
  } else if (outcome === 'skip') {
    d.emit({ type: 'ContributionSkipped', at, voteId: vote.id, memberId: vote.memberId });
  } else {
    expel(d, vote.id, vote.memberId, at);
    // The expelled member no longer votes: another open vote may now be complete.
    for (const other of d.state.round?.emergencies ?? []) {
      const stillOpen = d.state.round?.emergencies.some((v) => v.id === other.id);
      if (stillOpen && other.voters.every((id) => id in other.votes)) resolveEmergency(d, ctx, other, at);
    }
  }
  // Even after a wait: the member's payment may already be in (a manual one confirmed meanwhile).
  checkReady(d, ctx, at);
}

/**
 * Expulsion removes the member from the rest of the rotation. If they already received in this
 * cycle, what they would still have paid in (this round and every later one) is their debt.
 */
function expel(d: Draft, voteId: string, memberId: string, at: number): void {
  const s = d.state;
  const round = s.round!;
  const hasReceived = s.received.some((r) => r.recipientId === memberId);
  const laterRecipients = s.order.filter(
    (id) =>
      id !== round.recipientId &&
      id !== memberId &&
      !s.expelled.includes(id) &&
      !s.received.some((r) => r.recipientId === id),
  ).length;
  const debtCents = hasReceived ? s.finalAmountCents! * (1 + laterRecipients) : 0;
  const refundDue = roundContributions(s)
    .filter((c) => c.contributorId === memberId && c.status !== 'declared')
    .map((c) => c.id);
  d.emit({ type: 'MemberExpelled', at, voteId, memberId, debtCents, refundDue });
}

/** Extensions that ran out without payment open a new vote, this time without `wait`. */
export function expiredExtensions(d: Draft, at: number): string[] {
  const round = d.state.round;
  if (!round) return [];
  return Object.entries(round.extensions)
    .filter(([memberId, until]) => until <= at && !hasContributed(d.state, memberId))
    .map(([memberId]) => memberId);
}
