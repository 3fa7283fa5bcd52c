import { commitmentOf, drawOrder, drawSeed } from '../draw';
import { medianCents } from '../money';
import { type Draft, fail } from './draft';
import type { FundContext, WithdrawalOption } from './fund-types';
import { withdrawalOptions } from './fund-types';
import { startRound } from './rounds';
import {
  AMOUNT_MAX_CENTS,
  AMOUNT_MIN_CENTS,
  activeParticipants,
  DISMISSAL_REASON_MAX,
  PHASE_MS,
  roundLengthMs,
} from './rules';
import { lapseAllSwaps } from './swaps';

/** A caller bug, not a user's refusal: the server must draw 32 random bytes and pass them as hex. */
function assertNonce(nonce: string): void {
  if (!/^[0-9a-f]{64}$/.test(nonce)) throw new Error('the nonce must be 32 random bytes as hex');
}

/** Phase 1 opens: a new cycle (from nothing, completed or cancelled) with a fresh commitment. */
export function openVoting(d: Draft, members: string[], nonce: string, at: number): void {
  const s = d.state;
  if (s.phase !== 'completed' && s.phase !== 'cancelled') fail('FUND_ALREADY_RUNNING');
  assertNonce(nonce);
  const newCycleNumber = s.phase === 'completed' || s.cycleNumber === 0 ? s.cycleNumber + 1 : s.cycleNumber;
  d.emit({
    type: 'VotingOpened',
    at,
    cycleNumber: newCycleNumber,
    votingRound: 1,
    voters: [...members].filter((id) => !s.expelled.includes(id)),
    commitment: commitmentOf(nonce),
    nonce,
    deadline: at + PHASE_MS,
    newCycle: true,
  });
}

/**
 * Voting restarts within the same cycle (after a dismissal or a restart vote). Before the draw
 * the nonce is still secret and its commitment stands. After the draw (a restart vote during
 * the date vote or before the first contribution) the nonce is public, so a fresh one is
 * committed: otherwise the last voter of the new voting round could try amounts until the
 * order suits them.
 */
export function restartVoting(d: Draft, at: number, freshNonce?: string): void {
  const s = d.state;
  let nonce = s.nonce;
  if (s.nonceRevealed) {
    if (freshNonce === undefined) throw new Error('a restart after the draw needs a fresh nonce');
    assertNonce(freshNonce);
    nonce = freshNonce;
  }
  lapseAllSwaps(d, at);
  d.emit({
    type: 'VotingOpened',
    at,
    cycleNumber: s.cycleNumber,
    votingRound: s.votingRound + 1,
    voters: s.voters.filter((id) => !s.expelled.includes(id)),
    commitment: nonce === s.nonce ? s.commitment : commitmentOf(nonce),
    nonce,
    deadline: at + PHASE_MS,
    newCycle: false,
  });
}

export function voteAmount(d: Draft, userId: string, amountCents: number, at: number): void {
  const s = d.state;
  if (s.phase !== 'voting') fail('WRONG_PHASE');
  if (!s.voters.includes(userId)) fail('NOT_AUTHORIZED_PARTICIPANT');
  if (userId in s.votes) fail('ALREADY_VOTED');
  if (!Number.isSafeInteger(amountCents) || amountCents < AMOUNT_MIN_CENTS || amountCents > AMOUNT_MAX_CENTS)
    fail('INVALID_AMOUNT');
  d.emit({ type: 'AmountVoted', at, userId, amountCents });
  if (d.state.voters.every((id) => id in d.state.votes)) closeVoting(d, at, false);
}

/**
 * Voting closes when everyone voted or at the deadline. Participants are exactly who voted;
 * fewer than 2 cancels the fund. The amount is the median (even count: mean of the middle two, half-up).
 */
export function closeVoting(d: Draft, at: number, byTimeout: boolean): void {
  const s = d.state;
  const participants = s.voters.filter((id) => id in s.votes);
  if (participants.length < 2) {
    d.emit({ type: 'FundCancelled', at, reason: 'not enough participants' });
    return;
  }
  const finalAmountCents = medianCents(participants.map((id) => s.votes[id]!));
  d.emit({ type: 'VotingClosed', at, participants, finalAmountCents, deadline: at + PHASE_MS, byTimeout });
}

export function voteConfirmation(
  d: Draft,
  userId: string,
  accept: boolean,
  reason: string | undefined,
  at: number,
): void {
  const s = d.state;
  if (s.phase === 'voting') fail('VOTING_NOT_COMPLETE');
  if (s.phase !== 'confirmation') fail('WRONG_PHASE');
  if (!s.participants.includes(userId)) fail('NOT_AUTHORIZED_PARTICIPANT');
  if (userId in s.confirmations) fail('ALREADY_VOTED');
  if (!accept) {
    const trimmed = (reason ?? '').trim();
    if (trimmed.length === 0) fail('DISMISSAL_REASON_REQUIRED');
    if ([...trimmed].length > DISMISSAL_REASON_MAX) fail('DISMISSAL_REASON_TOO_LONG');
    d.emit({ type: 'ConfirmationVoted', at, userId, accept: false });
    d.emit({ type: 'DismissalOpened', at, by: userId, reason: trimmed, deadline: at + PHASE_MS });
    return;
  }
  d.emit({ type: 'ConfirmationVoted', at, userId, accept: true });
  if (d.state.participants.every((id) => d.state.confirmations[id] === true)) activate(d, at);
}

export function acknowledgeDismissal(d: Draft, userId: string, at: number): void {
  const s = d.state;
  if (s.phase !== 'dismissal_acknowledgment') fail('WRONG_PHASE');
  if (!s.participants.includes(userId)) fail('NOT_AUTHORIZED_PARTICIPANT');
  if (s.acknowledged.includes(userId)) fail('ALREADY_VOTED');
  d.emit({ type: 'DismissalAcknowledged', at, userId });
  if (d.state.participants.every((id) => d.state.acknowledged.includes(id))) restartVoting(d, at);
}

/**
 * From the end of voting until the first contribution of the cycle, more than half of the
 * participants still in the rotation restart voting (domain.md, phase 3).
 */
export function voteRestart(d: Draft, userId: string, at: number, freshNonce?: string): void {
  const s = d.state;
  const open =
    ['confirmation', 'dismissal_acknowledgment', 'date_voting'].includes(s.phase) ||
    (s.phase === 'collecting' &&
      s.received.length === 0 &&
      !s.contributions.some((c) => c.cycleNumber === s.cycleNumber));
  if (!open) fail('WRONG_PHASE');
  if (!s.participants.includes(userId) || s.expelled.includes(userId)) fail('NOT_AUTHORIZED_PARTICIPANT');
  if (s.restartVotes.includes(userId)) fail('ALREADY_VOTED');
  d.emit({ type: 'RestartVoted', at, userId });
  if (d.state.restartVotes.length * 2 > activeParticipants(d.state).length) restartVoting(d, at, freshNonce);
}

/** Activation reveals the nonce and draws the order (domain.md, phase 4). */
export function activate(d: Draft, at: number): void {
  const s = d.state;
  const seed = drawSeed({
    nonceHex: s.nonce,
    fundId: s.fundId,
    cycleNumber: s.cycleNumber,
    votes: s.closingVotes,
  });
  d.emit({
    type: 'FundActivated',
    at,
    nonce: s.nonce,
    seed,
    order: drawOrder(s.participants, seed),
    deadline: at + PHASE_MS,
  });
}

export function voteWithdrawalDate(
  d: Draft,
  ctx: FundContext,
  userId: string,
  option: WithdrawalOption,
  at: number,
): void {
  const s = d.state;
  if (s.phase === 'confirmation' || s.phase === 'dismissal_acknowledgment') fail('CONFIRMATION_NOT_COMPLETE');
  if (s.phase !== 'date_voting') fail('WRONG_PHASE');
  if (!s.participants.includes(userId) || s.expelled.includes(userId)) fail('NOT_AUTHORIZED_PARTICIPANT');
  if (userId in s.dateVotes) fail('ALREADY_VOTED');
  if (!withdrawalOptions.includes(option) || (option === '7d1h' && !ctx.testClock)) fail('INVALID_OPTION');
  d.emit({ type: 'WithdrawalDateVoted', at, userId, option });
  if (d.state.participants.every((id) => id in d.state.dateVotes || d.state.expelled.includes(id)))
    chooseWithdrawalDate(d, at, false);
}

/** Most votes wins; a tie goes to 21d if tied, else the shorter; no votes: 21d (domain.md, phase 5). */
export function pickWithdrawalOption(votes: readonly WithdrawalOption[]): WithdrawalOption {
  if (votes.length === 0) return '21d';
  const tally = new Map<WithdrawalOption, number>();
  for (const vote of votes) tally.set(vote, (tally.get(vote) ?? 0) + 1);
  const best = Math.max(...tally.values());
  const tied = withdrawalOptions.filter((option) => tally.get(option) === best);
  if (tied.length === 1) return tied[0]!;
  if (tied.includes('21d')) return '21d';
  return tied.sort((a, b) => roundLengthMs[a] - roundLengthMs[b])[0]!;
}

export function chooseWithdrawalDate(d: Draft, at: number, byTimeout: boolean): void {
  const option = pickWithdrawalOption(Object.values(d.state.dateVotes));
  d.emit({ type: 'WithdrawalDateChosen', at, option, byTimeout });
  startRound(d, 1, at, roundLengthMs[option]);
}
