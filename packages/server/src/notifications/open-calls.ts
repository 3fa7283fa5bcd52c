import type { NotificationType } from '@giro/contract/notifications';
import type { FundState } from '@giro/domain/fund/fund-types';
import { stillToRemind } from '@giro/domain/fund/reminders';
import { expectedContributors, hasContributed, roundContributions } from '@giro/domain/fund/rules';

/** What a call is about, beyond its member: the declaration of a call to confirm cash. */
export interface CallSubject {
  contributionId?: string | null;
}

type StillOpen = (state: FundState, userId: string, subject: CallSubject) => boolean;

const owesThisRound: StillOpen = (state, userId) =>
  state.round?.state === 'collecting' &&
  expectedContributors(state).includes(userId) &&
  !hasContributed(state, userId);

/**
 * The fund's notifications that ask a member to act, and whether that call is still open in a
 * state. The transaction that closes one (the vote ends, the member pays, the round is paid out)
 * deletes it: the alerts say only what is true now (issue 13). The others are news and stay.
 */
const stillOpen: Partial<Record<NotificationType, StillOpen>> = {
  // "Say how much each member should put in."
  amount_vote_opened: (state, userId) =>
    state.phase === 'voting' && state.voters.includes(userId) && !(userId in state.votes),
  // "Accept the amount, or refuse it."
  confirmation_needed: (state, userId) =>
    state.phase === 'confirmation' && state.participants.includes(userId) && !(userId in state.confirmations),
  // "Read the reason and acknowledge it."
  // Of the participants only: one who left is asked nothing (a held email went to them).
  dismissal_to_acknowledge: (state, userId) =>
    state.phase === 'dismissal_acknowledgment' &&
    state.participants.includes(userId) &&
    !state.acknowledged.includes(userId),
  // "The fund is ready for you to withdraw." Not while they must connect an account first.
  withdrawal_ready: (state, userId) =>
    state.round?.recipientId === userId &&
    state.round.state === 'awaiting_withdrawal' &&
    state.round.recipientTimeoutAt === null,
  // "Vote the withdrawal date."
  fund_activated: (state, userId) =>
    state.phase === 'date_voting' && state.participants.includes(userId) && !(userId in state.dateVotes),
  // "You can withdraw as soon as everyone has contributed."
  your_turn: (state, userId) => state.round?.recipientId === userId,
  // "Connect a payout account by …, or the round moves on."
  payout_account_required: (state, userId) =>
    state.round?.recipientId === userId && state.round.recipientTimeoutAt !== null,
  // "Vote: wait, skip or expel."
  fallback_vote: (state, userId) =>
    state.round?.emergencies.some((vote) => vote.voters.includes(userId) && !(userId in vote.votes)) ?? false,
  // "Accept or decline the swap": closed once answered, withdrawn or lapsed.
  swap_requested: (state, userId) => state.swaps.some((swap) => swap.toId === userId),
  // "You have 24 more hours to contribute." / "Please pay again."
  extension_granted: owesThisRound,
  payment_failed: owesThisRound,
  // "Your cover was declined: pay it yourself."
  cover_failed: owesThisRound,
  // "Anna says she gave you 50 € by hand: confirm it, or say it never came." One notice a
  // declaration, closed with its answer (or the round's end). One from before stop 77 names
  // none, and closes once none waits.
  receipt_to_confirm: (state, userId, { contributionId }) =>
    state.round?.recipientId === userId &&
    roundContributions(state).some(
      (c) => c.status === 'declared' && (!contributionId || c.id === contributionId),
    ),
  // "The recipient did not get your cash: your contribution is unpaid." Closed once paid, or
  // declared again (the recipient's to answer then), as the reminders are.
  contribution_not_received: stillToRemind,
  // "The one who covered you took their cash back: pay it yourself." Closed as the one above.
  cover_cancelled: stillToRemind,
  // The reminders (issue 14): "It is time to contribute", "24 hours left", "2 hours left"; gone
  // once paid or declared paid (until stop 45 they stayed, saying the opposite of the Now card).
  contribution_window_open: stillToRemind,
  contribution_due_24h: stillToRemind,
  contribution_due_2h: stillToRemind,
};

/** The notification types that are calls to act on the fund. */
export const fundCallTypes = Object.keys(stillOpen) as NotificationType[];

export function isCallStillOpen(
  type: NotificationType,
  state: FundState,
  userId: string,
  subject: CallSubject = {},
): boolean {
  return stillOpen[type]?.(state, userId, subject) ?? true;
}
