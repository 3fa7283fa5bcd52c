import type { FundView } from '@giro/contract/fund';

/**
 * The swap rules as the view shows them (the server's decider has the last word): only
 * between participants who have not received in this cycle, never the current recipient.
 */
const SWAP_PHASES: readonly FundView['phase'][] = ['date_voting', 'collecting', 'awaiting_withdrawal'];

export function turnCanMove(fund: FundView, memberId: string): boolean {
  return (
    SWAP_PHASES.includes(fund.phase) &&
    fund.participants.includes(memberId) &&
    !fund.expelled.includes(memberId) &&
    fund.round?.recipientId !== memberId &&
    !fund.received.some((r) => r.recipientId === memberId)
  );
}

/** Whether `userId` may ask `otherId` now: both turns can move and nothing is open between them. */
export function canAskSwap(fund: FundView, userId: string, otherId: string): boolean {
  return (
    userId !== otherId &&
    turnCanMove(fund, userId) &&
    turnCanMove(fund, otherId) &&
    !fund.swaps.some((s) => [s.fromId, s.toId].includes(userId) && [s.fromId, s.toId].includes(otherId))
  );
}

/** A member's turn as people count it: their place in the order in force, from 1. */
export const turnOf = (fund: FundView, memberId: string) => fund.order.indexOf(memberId) + 1;
