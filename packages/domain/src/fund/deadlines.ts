import type { Draft } from './draft';
import { expiredExtensions, openEmergency, resolveEmergency } from './emergency';
import type { FundContext, FundState } from './fund-types';
import { recipientTimedOut } from './rounds';
import { expectedContributors, hasContributed } from './rules';
import { lapseStaleSwaps } from './swaps';
import { activate, chooseWithdrawalDate, closeVoting, restartVoting } from './voting';

/**
 * The earliest moment at which something is due for this fund, or null. Deadlines live in the
 * state (so in the database) and are processed by the server, never by a browser.
 */
export function nextDeadline(state: FundState, ctx: Pick<FundContext, 'hasPayoutAccount'>): number | null {
  const candidates: number[] = [];
  if (state.phaseDeadline !== null) candidates.push(state.phaseDeadline);
  const round = state.round;
  if (round) {
    for (const vote of round.emergencies) candidates.push(vote.deadline);
    for (const [memberId, until] of Object.entries(round.extensions)) {
      if (!hasContributed(state, memberId)) candidates.push(until);
    }
    if (round.state === 'collecting') {
      const missing = expectedContributors(state).filter(
        (id) =>
          !hasContributed(state, id) &&
          !round.emergencies.some((v) => v.memberId === id) &&
          !(id in round.extensions),
      );
      if (missing.length > 0) candidates.push(round.withdrawalAt);
    }
    if (
      round.state === 'awaiting_withdrawal' &&
      round.recipientTimeoutAt !== null &&
      !ctx.hasPayoutAccount(round.recipientId)
    ) {
      candidates.push(round.recipientTimeoutAt);
    }
  }
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/**
 * Processes, in time order, everything due up to `now`. Each step happens at the moment it was
 * due, so one big clock jump plays out the same as waiting: a deadline computed from an earlier
 * one may itself be due and is processed in turn.
 */
export function processDeadlines(d: Draft, ctx: FundContext, now: number): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const due = nextDeadline(d.state, ctx);
    if (due === null || due > now) return;
    processOne(d, ctx, due);
    lapseStaleSwaps(d, due);
  }
  throw new Error('deadline processing did not settle');
}

function processOne(d: Draft, ctx: FundContext, at: number): void {
  const s = d.state;
  if (s.phaseDeadline !== null && s.phaseDeadline <= at) {
    switch (s.phase) {
      case 'voting':
        closeVoting(d, at, true);
        return;
      case 'confirmation': {
        const nonResponders = s.participants.filter((id) => !(id in s.confirmations));
        d.emit({ type: 'ConfirmationTimedOut', at, nonResponders });
        activate(d, at);
        return;
      }
      case 'dismissal_acknowledgment': {
        const nonAcknowledgers = s.participants.filter((id) => !s.acknowledged.includes(id));
        d.emit({ type: 'DismissalAcknowledgmentTimedOut', at, nonAcknowledgers });
        restartVoting(d, at);
        return;
      }
      case 'date_voting':
        chooseWithdrawalDate(d, at, true);
        return;
      default:
        throw new Error(`a phase deadline in phase ${s.phase}`);
    }
  }
  const round = s.round!;
  const vote = round.emergencies.find((v) => v.deadline <= at);
  if (vote) {
    resolveEmergency(d, ctx, vote, at);
    return;
  }
  const [expired] = expiredExtensions(d, at);
  if (expired) {
    openEmergency(d, ctx, expired, at);
    return;
  }
  if (round.state === 'collecting' && round.withdrawalAt <= at) {
    const missing = expectedContributors(s).filter(
      (id) =>
        !hasContributed(s, id) &&
        !round.emergencies.some((v) => v.memberId === id) &&
        !(id in round.extensions),
    );
    for (const memberId of missing) openEmergency(d, ctx, memberId, at);
    if (missing.length > 0) return;
  }
  if (
    round.state === 'awaiting_withdrawal' &&
    round.recipientTimeoutAt !== null &&
    round.recipientTimeoutAt <= at
  ) {
    recipientTimedOut(d, at);
    return;
  }
  throw new Error('a deadline was due but nothing was processed');
}
