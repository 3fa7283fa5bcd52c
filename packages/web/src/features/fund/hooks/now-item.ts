import type { ContributionView, FundView } from '@giro/contract/fund';
import { mayCancelDeclaration } from './cover-rules';

/**
 * The one thing a member owes the fund now (issue 13, the "Now" card), read from the fund view,
 * most pressing first: the pot is theirs to withdraw; an emergency vote waits for them; their
 * contribution is due in an open window; their turn is this round or the next and they have no
 * payout account (without one the round times out and is refunded); manual payments to
 * confirm as received; a dismissal to
 * acknowledge; the amount to confirm, to vote, the withdrawal date to vote; a swap of turns
 * someone asked of them (it waits for no money, so it comes after all of those). When nothing is
 * owed: what happens next (the window opening, who receives when).
 */
export type NowItem =
  | { kind: 'withdraw'; deadline: string | null; netCents: number }
  | { kind: 'vote_emergency'; deadline: string; memberId: string }
  | {
      kind: 'contribute';
      deadline: string;
      amountCents: number;
      recipientId: string;
      /** Someone said they paid this member's share in cash; the recipient has not confirmed it. */
      coverDeclaredBy?: string;
    }
  | { kind: 'processing'; amountCents: number; recipientId: string }
  /** Their window closed unpaid: the others vote on them (`deadline`: that vote's), nothing to pay now. */
  | { kind: 'missed'; deadline: string | null }
  | { kind: 'confirm_received'; deadline: string; count: number }
  /** `allIn`: everything is in; with no `deadline` then, no refund is at stake (a payout was tried). */
  | { kind: 'connect_payout'; deadline: string | null; isCurrentRound: boolean; allIn?: true }
  /** `mayCancel`: its payer may still take it back and pay another way (ADR 0055). */
  | { kind: 'declared'; amountCents: number; recipientId: string; mayCancel: boolean }
  | { kind: 'acknowledge' | 'confirm' | 'vote_amount' | 'vote_date'; deadline: string | null }
  | { kind: 'answer_swap'; memberId: string }
  | { kind: 'covered'; payerId: string; recipientId: string }
  | { kind: 'window_opens'; opensAt: string; amountCents: number; recipientId: string }
  | {
      kind: 'recipient_next';
      withdrawalAt: string;
      recipientId: string;
      isYou: boolean;
      /** Everything is in (or being paid out): the round's date is no longer when it happens. */
      ready: boolean;
      /** The recipient's 24 hours to connect an account, when they run (ADR 0059). */
      accountDeadline: string | null;
    }
  | { kind: 'waiting'; deadline: string | null };

export function nowItem(
  fund: FundView,
  userId: string,
  options: {
    nowMs: number;
    hasPayoutAccount: boolean | undefined;
    /** This round's manual payments declared and not yet confirmed: who paid (undefined: unknown yet). */
    declaredBy?: readonly string[];
    /** A PayPal payment of this member is sent and not yet recorded (api/sent-payments). */
    processing?: boolean;
    /** Who paid this member's contribution of this round for them, if someone covered them. */
    coveredBy?: string | undefined;
    /** Who said they paid it in cash, not yet confirmed: the member may still pay it themselves. */
    coverDeclaredBy?: string | undefined;
  },
): NowItem {
  const round = fund.round;
  const swapAsked = fund.swaps.find((swap) => swap.toId === userId);
  const isParticipant = fund.participants.includes(userId) && !fund.expelled.includes(userId);
  if (round) {
    const isRecipient = round.recipientId === userId;
    if (isRecipient && round.state === 'awaiting_withdrawal') {
      // Money through the platform needs an active account to be withdrawn (the server refuses it
      // otherwise, rounds.ts): connecting one is the thing to do, before the round's 24 hours run
      // out (ADR 0059: they start again when an account is lost). Cash alone needs none.
      if (round.payout.grossCents > 0 && options.hasPayoutAccount === false)
        return {
          kind: 'connect_payout',
          deadline: round.recipientTimeoutAt,
          isCurrentRound: true,
          allIn: true,
        };
      const deadline = options.hasPayoutAccount ? null : round.recipientTimeoutAt;
      return { kind: 'withdraw', deadline, netCents: round.payout.netCents };
    }
    const emergency = round.emergencies.find((vote) => vote.voters.includes(userId) && !vote.votes[userId]);
    if (emergency)
      return { kind: 'vote_emergency', deadline: emergency.deadline, memberId: emergency.memberId };
    // Someone paid for this member: nothing to pay, and it was not them who declared it.
    if (options.coveredBy && !isRecipient)
      return { kind: 'covered', payerId: options.coveredBy, recipientId: round.recipientId };
    const declaredBy = options.declaredBy ?? [];
    // A payment declared by hand waits for the recipient: asking again would invite paying twice.
    // Not someone else's cover in cash: until it is confirmed, the member's own payment replaces it.
    const hasDeclared = declaredBy.includes(userId) && !options.coverDeclaredBy;
    const owes =
      round.expectedContributors.includes(userId) && !round.contributedBy.includes(userId) && !hasDeclared;
    const isWindowOpen = options.nowMs >= Date.parse(round.windowOpensAt);
    if (owes && options.processing) {
      return { kind: 'processing', amountCents: fund.finalAmountCents ?? 0, recipientId: round.recipientId };
    }
    const closesAt = round.extensions[userId] ?? round.withdrawalAt;
    if (owes && round.state === 'collecting' && isWindowOpen && options.nowMs >= Date.parse(closesAt)) {
      // Closed for them (the server refuses a payment now): a vote decides, a wait reopens it.
      const vote = round.emergencies.find((v) => v.memberId === userId);
      return { kind: 'missed', deadline: vote?.deadline ?? null };
    }
    if (owes && round.state === 'collecting' && isWindowOpen) {
      return {
        kind: 'contribute',
        deadline: closesAt,
        amountCents: fund.finalAmountCents ?? 0,
        recipientId: round.recipientId,
        ...(options.coverDeclaredBy ? { coverDeclaredBy: options.coverDeclaredBy } : {}),
      };
    }
    if (options.coverDeclaredBy && !isRecipient)
      return { kind: 'covered', payerId: options.coverDeclaredBy, recipientId: round.recipientId };
    if (isRecipient && round.state === 'collecting' && declaredBy.length > 0) {
      return { kind: 'confirm_received', deadline: round.withdrawalAt, count: declaredBy.length };
    }
    const isTurnSoon = isRecipient || fund.nextRecipientId === userId;
    if (isTurnSoon && options.hasPayoutAccount === false) {
      return {
        kind: 'connect_payout',
        // Its 24 hours start once every contribution is in (RoundReady): none runs before.
        deadline: isRecipient ? round.recipientTimeoutAt : null,
        isCurrentRound: isRecipient,
      };
    }
    if (hasDeclared && round.state === 'collecting') {
      return {
        kind: 'declared',
        amountCents: fund.finalAmountCents ?? 0,
        recipientId: round.recipientId,
        mayCancel: mayCancelDeclaration(round, { contributorId: userId, paidBy: null }, options.nowMs),
      };
    }
    if (swapAsked) return { kind: 'answer_swap', memberId: swapAsked.fromId };
    if (owes && round.state === 'collecting') {
      return {
        kind: 'window_opens',
        opensAt: round.windowOpensAt,
        amountCents: fund.finalAmountCents ?? 0,
        recipientId: round.recipientId,
      };
    }
    return {
      kind: 'recipient_next',
      withdrawalAt: round.withdrawalAt,
      recipientId: round.recipientId,
      isYou: isRecipient,
      ready: round.state !== 'collecting',
      accountDeadline: round.state === 'awaiting_withdrawal' ? round.recipientTimeoutAt : null,
    };
  }
  const deadline = fund.phaseDeadline;
  if (fund.phase === 'dismissal_acknowledgment' && isParticipant && !fund.acknowledged.includes(userId)) {
    return { kind: 'acknowledge', deadline };
  }
  if (fund.phase === 'confirmation' && isParticipant && fund.confirmations[userId] === undefined) {
    return { kind: 'confirm', deadline };
  }
  if (fund.phase === 'voting' && fund.voters.includes(userId) && !fund.votedBy.includes(userId)) {
    return { kind: 'vote_amount', deadline };
  }
  if (fund.phase === 'date_voting' && isParticipant && !fund.dateVotes[userId]) {
    return { kind: 'vote_date', deadline };
  }
  if (swapAsked) return { kind: 'answer_swap', memberId: swapAsked.fromId };
  return { kind: 'waiting', deadline };
}

/**
 * The Now card a page shows above the fund, as the card reads it: whether something outside the
 * fund is on it (a debt), and this member's payout account (undefined while unknown or not asked).
 */
export interface NowCardAbove {
  hasOther: boolean;
  hasPayoutAccount: boolean | undefined;
}

/** What only tells what happens next: something outside the fund to do (a debt) goes first. */
export const isNews = (kind: NowItem['kind']): boolean =>
  ['window_opens', 'recipient_next', 'waiting', 'declared', 'processing', 'covered', 'missed'].includes(kind);

/**
 * Whether the Now card offers to pay for members who have not paid (the cover buttons): after
 * this member's own part is done, or beside an emergency vote; not when something outside the
 * fund (`hasOther`, a debt) takes the card's place.
 */
export const nowCardCovers = (kind: NowItem['kind'], hasOther: boolean): boolean =>
  kind === 'vote_emergency' || ((kind === 'recipient_next' || kind === 'declared') && !hasOther);

/**
 * What this round's contributions tell the Now card (undefined while they are not in): who
 * declared a manual payment not yet confirmed, who paid this member's share for them, and who
 * said they paid it in cash (the recipient has not confirmed it yet).
 */
export function roundPaymentsFor(
  contributions: readonly ContributionView[] | undefined,
  userId: string,
): { declaredBy: string[] | undefined; coveredBy: string | undefined; coverDeclaredBy: string | undefined } {
  const cover = contributions?.find((c) => c.contributorId === userId && c.paidBy);
  const declared = cover?.status === 'declared';
  return {
    declaredBy: contributions?.filter((c) => c.status === 'declared').map((c) => c.contributorId),
    coveredBy: (!declared && cover?.paidBy) || undefined,
    coverDeclaredBy: (declared && cover?.paidBy) || undefined,
  };
}

/**
 * What the Now card reads beside the fund view, for this member at this moment: their payout
 * account when their turn is this round's or the next, this round's payments once its window is
 * open and they pay or receive in it. The card asks for exactly these, and so does the first
 * load (prefetchNowCard in app/member-now), so the card is drawn once, whole, not growing.
 */
export function nowCardReads(
  fund: FundView,
  userId: string,
  nowMs: number,
): { payoutAccount: boolean; roundContributions: boolean } {
  const round = fund.round;
  const concerned =
    round !== null && (round.recipientId === userId || round.expectedContributors.includes(userId));
  return {
    payoutAccount: fund.currentRecipientId === userId || fund.nextRecipientId === userId,
    roundContributions:
      round !== null && round.state === 'collecting' && concerned && nowMs >= Date.parse(round.windowOpensAt),
  };
}
