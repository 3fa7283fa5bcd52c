import { type Draft, fail } from './draft';
import type { FundPhase, FundState, SwapLapseReason, SwapRequest } from './fund-types';
import { activeParticipants } from './rules';

/**
 * Swapping turns (domain.md, Second wave). Two participants who have not received in this
 * cycle exchange their places in the order in force; the current round and rounds already paid
 * out never move, and the drawn order stays on record for the fairness proof. A request waits
 * for the other's answer and lapses as soon as it could no longer be carried out.
 */
const SWAP_PHASES: readonly FundPhase[] = ['date_voting', 'collecting', 'awaiting_withdrawal'];

/** Whether this member's turn may still move: a participant, not expelled, not received, not receiving now. */
export function turnCanMove(state: FundState, memberId: string): boolean {
  return (
    SWAP_PHASES.includes(state.phase) &&
    activeParticipants(state).includes(memberId) &&
    state.round?.recipientId !== memberId &&
    !state.received.some((r) => r.recipientId === memberId)
  );
}

const involves = (swap: SwapRequest, ...ids: string[]) =>
  ids.includes(swap.fromId) || ids.includes(swap.toId);

export function requestSwap(
  d: Draft,
  userId: string,
  withMemberId: string,
  swapId: string,
  at: number,
): void {
  const s = d.state;
  if (!SWAP_PHASES.includes(s.phase)) fail('WRONG_PHASE');
  if (!activeParticipants(s).includes(userId)) fail('NOT_AUTHORIZED_PARTICIPANT');
  if (withMemberId === userId || !turnCanMove(s, userId) || !turnCanMove(s, withMemberId))
    fail('SWAP_NOT_ALLOWED');
  if (s.swaps.some((swap) => involves(swap, userId) && involves(swap, withMemberId)))
    fail('SWAP_ALREADY_OPEN');
  d.emit({ type: 'SwapRequested', at, swapId, fromId: userId, toId: withMemberId });
}

function openSwap(d: Draft, swapId: string): SwapRequest {
  const swap = d.state.swaps.find((x) => x.id === swapId);
  if (!swap) fail('SWAP_NOT_FOUND');
  return swap;
}

/**
 * Only the member asked accepts. The two places are exchanged; every other open request of
 * either of them lapses, because the turn it was asked about is not theirs any more.
 */
export function acceptSwap(d: Draft, userId: string, swapId: string, at: number): void {
  const swap = openSwap(d, swapId);
  if (swap.toId !== userId) fail('NOT_SWAP_PARTY');
  const { fromId, toId } = swap;
  d.emit({ type: 'SwapAccepted', at, swapId, fromId, toId });
  for (const other of d.state.swaps.filter((x) => involves(x, fromId, toId)))
    lapse(d, other, 'order_changed', at);
}

export function declineSwap(d: Draft, userId: string, swapId: string, at: number): void {
  const swap = openSwap(d, swapId);
  if (swap.toId !== userId) fail('NOT_SWAP_PARTY');
  d.emit({ type: 'SwapDeclined', at, swapId, fromId: swap.fromId, toId: swap.toId });
}

export function withdrawSwap(d: Draft, userId: string, swapId: string, at: number): void {
  const swap = openSwap(d, swapId);
  if (swap.fromId !== userId) fail('NOT_SWAP_PARTY');
  d.emit({ type: 'SwapWithdrawn', at, swapId, fromId: swap.fromId, toId: swap.toId });
}

function lapse(d: Draft, swap: SwapRequest, reason: SwapLapseReason, at: number): void {
  d.emit({ type: 'SwapLapsed', at, swapId: swap.id, fromId: swap.fromId, toId: swap.toId, reason });
}

/**
 * The vote starts again (a refused amount, or round 1 restarted): the order will be drawn anew,
 * so every open request lapses and the one who asked is told, as for any lapse (the one asked
 * sees the call to answer it go). VotingOpened then empties the list; emptied without this,
 * the asker was never told and the request just vanished.
 */
export function lapseAllSwaps(d: Draft, at: number): void {
  for (const swap of d.state.swaps) lapse(d, swap, 'order_changed', at);
}

/**
 * Lapses every open request that can no longer be carried out: either turn has started, either
 * member received, left or was expelled, or the cycle's rounds are over. Run after every step
 * that can change those facts, so an open request is always one that accepting could carry out.
 */
export function lapseStaleSwaps(d: Draft, at: number): void {
  for (const swap of d.state.swaps) {
    const s = d.state;
    if (!SWAP_PHASES.includes(s.phase)) lapse(d, swap, 'cycle_ended', at);
    else if (s.round && involves(swap, s.round.recipientId)) lapse(d, swap, 'turn_started', at);
    else if (!turnCanMove(s, swap.fromId) || !turnCanMove(s, swap.toId)) lapse(d, swap, 'not_eligible', at);
  }
}
