import type { Cents } from '../money';

/**
 * The rotating fund's state, events and commands (domain.md, Rotating fund). Times are epoch
 * milliseconds; amounts integer cents. One fund per organization; a fund runs cycles, a cycle
 * is one full rotation made of rounds, one recipient each.
 */
export type FundPhase =
  | 'voting'
  | 'confirmation'
  | 'dismissal_acknowledgment'
  | 'date_voting'
  | 'collecting'
  | 'awaiting_withdrawal'
  | 'completed'
  | 'cancelled';

export type FundStatus = 'voting' | 'confirmation' | 'active' | 'completed' | 'cancelled';

export const withdrawalOptions = ['7d1h', '14d', '21d', '28d'] as const;
export type WithdrawalOption = (typeof withdrawalOptions)[number];

export type PaymentMethod = 'card' | 'paypal' | 'manual';
/**
 * authorized: a card hold (captured at distribution); captured: money in escrow (PayPal, or a
 * card at distribution); declared: a manual payment awaiting the recipient's confirmation;
 * confirmed: a manual payment received; refund_due: to be given back, still in escrow or held;
 * refunded: given back or released; paid_out: part of a distributed pot.
 */
export type ContributionStatus =
  | 'authorized'
  | 'captured'
  | 'declared'
  | 'confirmed'
  | 'refund_due'
  | 'refunded'
  | 'paid_out';

export interface Contribution {
  id: string;
  /** Whose contribution it counts as (one per member and round, whoever pays it). */
  contributorId: string;
  /** Who paid it when another member covered the contributor (domain.md, Covering a member). */
  paidBy?: string;
  /** The round's recipient when it was made (a manual payment goes to them directly). */
  recipientId: string;
  amountCents: Cents;
  method: PaymentMethod;
  status: ContributionStatus;
  cycleNumber: number;
  roundNumber: number;
  at: number;
  /** What it was when it became due back: says whether money had moved (for the refund's posting). */
  statusBeforeRefund?: ContributionStatus;
}

export type EmergencyChoice = 'wait' | 'skip' | 'expel';

export interface EmergencyVote {
  id: string;
  memberId: string;
  voters: string[];
  allowWait: boolean;
  votes: Record<string, EmergencyChoice>;
  deadline: number;
  /** The member has 3 strikes or more: every vote about them shows them at risk of expulsion. */
  memberAtRisk: boolean;
}

export interface Round {
  number: number;
  recipientId: string;
  startsAt: number;
  windowOpensAt: number;
  withdrawalAt: number;
  state: 'collecting' | 'awaiting_withdrawal' | 'distributing';
  /** When everything expected was in and the recipient could withdraw. */
  readyAt: number | null;
  /** Set when the recipient has no active payout account: 24 h to connect one. */
  recipientTimeoutAt: number | null;
  skipped: string[];
  emergencies: EmergencyVote[];
  /** Members granted 24 h more (wait), until when. */
  extensions: Record<string, number>;
  /** Members for whom a wait was already granted in this round. */
  waitGranted: string[];
  payoutFailed: boolean;
}

/** An open request to swap turns: `fromId` asked `toId` (domain.md, Swapping turns). */
export interface SwapRequest {
  id: string;
  fromId: string;
  toId: string;
  at: number;
}

/** A swap that was accepted: the two exchanged their places in the order in force. */
export interface AcceptedSwap {
  id: string;
  fromId: string;
  toId: string;
  at: number;
}

export type SwapLapseReason = 'turn_started' | 'not_eligible' | 'order_changed' | 'cycle_ended';

export interface CycleHistory {
  cycleNumber: number;
  createdAt: number;
  completedAt: number;
  amountCents: Cents;
  totalContributionsCents: Cents;
  recipients: { roundNumber: number; recipientId: string; grossCents: Cents; netCents: Cents; at: number }[];
  commitment: string;
  nonce: string;
  seed: string;
  /** The order as drawn (what the fairness proof verifies): it keeps anyone who left before the first round. */
  order: string[];
  /** Who took part to the end of the cycle, expelled members included (absent in older cycles: then `order`). */
  participants?: string[];
  /** Swaps accepted in this cycle, in order (absent in cycles before swaps existed). */
  swaps?: AcceptedSwap[];
}

export interface FundState {
  fundId: string;
  phase: FundPhase;
  cycleNumber: number;
  cycleCreatedAt: number;
  votingRound: number;
  /** Members when the voting round opened: they may vote. */
  voters: string[];
  votes: Record<string, Cents>;
  phaseDeadline: number | null;
  commitment: string;
  /** Secret until activation: views must not show it before `nonceRevealed`. */
  nonce: string;
  nonceRevealed: boolean;
  participants: string[];
  finalAmountCents: Cents | null;
  confirmations: Record<string, boolean>;
  dismissal: { by: string; reason: string } | null;
  acknowledged: string[];
  restartVotes: string[];
  seed: string | null;
  /** The order in force: the drawn order after swaps and recipient timeouts. */
  order: string[];
  /** The order as drawn at activation: never changes in the cycle, the proof verifies it. */
  drawnOrder: string[];
  /** Open swap requests of this cycle. */
  swaps: SwapRequest[];
  /** Swaps accepted in this cycle. */
  swapHistory: AcceptedSwap[];
  dateVotes: Record<string, WithdrawalOption>;
  roundLength: WithdrawalOption | null;
  round: Round | null;
  /** Who received in this cycle, with the round. */
  received: { roundNumber: number; recipientId: string; grossCents: Cents; netCents: Cents; at: number }[];
  contributions: Contribution[];
  strikes: Record<string, number>;
  expelled: string[];
  debts: Record<string, Cents>;
  /**
   * Cycles completed, counted (ADR 0041): each one's history is in its `CycleCompleted` event,
   * not here, since a state that grew with every cycle made every command of an old family
   * dearer. Absent in a fund that an instance of the release before created during an upgrade.
   * Read through `cyclesCompleted` and `memberCyclesOf` (cycles.ts).
   */
  completedCycles?: number;
  /** Each member's completed cycles (taken part to the end, or until expelled), as counted. */
  memberCycles?: Record<string, number>;
  /**
   * Only cycles that an instance of the release before ADR 0041 completed during a rolling
   * upgrade: that release appends here, this one never does, and migration 0028 emptied it.
   * Kept so the release before can still read a state (ADR 0027); a contract migration of a
   * later release folds it into the counts and removes it.
   */
  history: CycleHistory[];
  cancelReason: string | null;
  /** The amount votes of the voting round that fixed the amount: part of the draw's seed. */
  closingVotes: { userId: string; amountCents: Cents }[];
}

export type FundEvent =
  | {
      type: 'VotingOpened';
      at: number;
      cycleNumber: number;
      votingRound: number;
      voters: string[];
      commitment: string;
      nonce: string;
      deadline: number;
      newCycle: boolean;
    }
  | { type: 'AmountVoted'; at: number; userId: string; amountCents: Cents }
  | { type: 'VoterLeft'; at: number; userId: string }
  /** A participant left the organization between the end of voting and the first round. */
  | { type: 'ParticipantLeft'; at: number; userId: string }
  | {
      type: 'VotingClosed';
      at: number;
      participants: string[];
      finalAmountCents: Cents;
      deadline: number;
      byTimeout: boolean;
    }
  | { type: 'FundCancelled'; at: number; reason: string }
  | { type: 'ConfirmationVoted'; at: number; userId: string; accept: boolean }
  | { type: 'ConfirmationTimedOut'; at: number; nonResponders: string[] }
  | { type: 'DismissalOpened'; at: number; by: string; reason: string; deadline: number }
  | { type: 'DismissalAcknowledged'; at: number; userId: string }
  | { type: 'DismissalAcknowledgmentTimedOut'; at: number; nonAcknowledgers: string[] }
  | { type: 'RestartVoted'; at: number; userId: string }
  | { type: 'FundActivated'; at: number; nonce: string; seed: string; order: string[]; deadline: number }
  | { type: 'WithdrawalDateVoted'; at: number; userId: string; option: WithdrawalOption }
  | { type: 'WithdrawalDateChosen'; at: number; option: WithdrawalOption; byTimeout: boolean }
  | {
      type: 'RoundStarted';
      at: number;
      roundNumber: number;
      recipientId: string;
      windowOpensAt: number;
      withdrawalAt: number;
    }
  | { type: 'ContributionMade'; at: number; contribution: Contribution }
  | { type: 'ContributionConfirmed'; at: number; contributionId: string }
  | { type: 'ContributionFailed'; at: number; contributionId: string }
  /** A card hold captured before it could expire (ADR 0048): its money is with the provider now. */
  | { type: 'ContributionCaptured'; at: number; contributionId: string }
  | { type: 'RoundReady'; at: number; recipientTimeoutAt: number | null }
  /** The waiting recipient's payout account became active: their 24 hours are no deadline any more. */
  | { type: 'RecipientAccountConnected'; at: number }
  /** The ready round's recipient has no active payout account any more: 24 hours from now to connect one. */
  | { type: 'RecipientAccountLost'; at: number; recipientTimeoutAt: number }
  /** A contribution the round counted was refused after all: it is not ready any more. */
  | { type: 'RoundReopened'; at: number }
  | {
      type: 'DistributionStarted';
      at: number;
      roundNumber: number;
      grossCents: Cents;
      feeCents: Cents;
      netCents: Cents;
    }
  /**
   * `captured`: the card holds the provider captured before the payout failed (their money is
   * now on the platform's balance there, not on the payers' cards). Absent on events recorded
   * before captures were told: none.
   */
  | { type: 'DistributionFailed'; at: number; roundNumber: number; captured?: string[] }
  | {
      type: 'RoundDistributed';
      at: number;
      roundNumber: number;
      recipientId: string;
      grossCents: Cents;
      feeCents: Cents;
      netCents: Cents;
      /**
       * The round's contributions, paid out: they leave the state, and stay here for the
       * member's list of their payments and the account export. Absent in events before stop
       * 60, when they stayed in the state, marked paid out.
       */
      settled?: Contribution[];
    }
  | { type: 'RecipientTimedOut'; at: number; roundNumber: number; recipientId: string; refundDue: string[] }
  | {
      type: 'ContributionMissed';
      at: number;
      memberId: string;
      strikes: number;
      voteId: string;
      voters: string[];
      allowWait: boolean;
      deadline: number;
      memberAtRisk: boolean;
    }
  /** The member reached 2 strikes: notification `strike_warning`. */
  | { type: 'StrikeWarned'; at: number; memberId: string; strikes: number }
  /** The member's manual payment was confirmed while a vote about them was open: nothing to decide. */
  | { type: 'EmergencyVoteWithdrawn'; at: number; voteId: string; memberId: string }
  /** Another member covered the contribution a vote was about: the strike of this round is taken back. */
  | { type: 'StrikeForgiven'; at: number; memberId: string; strikes: number }
  /** A cover that took this round's strike back was declined: the member missed after all. */
  | { type: 'StrikeRestored'; at: number; memberId: string; strikes: number }
  /**
   * A cover by hand the recipient had not confirmed gives way to the covered member's own
   * payment: it no longer counts, and nothing was owed for it yet.
   */
  | { type: 'CoverSuperseded'; at: number; contributionId: string; memberId: string; paidBy: string }
  /**
   * The recipient says a payment declared by hand never reached them: it no longer counts, and
   * the member's contribution is unpaid again. `paidBy`: the member who declared it for them.
   */
  | { type: 'ReceiptRefused'; at: number; contributionId: string; memberId: string; paidBy?: string }
  /**
   * The one who declared a payment by hand took it back before the recipient answered: it no
   * longer counts. `paidBy`: set when they had declared it for another member.
   */
  | { type: 'DeclarationCancelled'; at: number; contributionId: string; memberId: string; paidBy?: string }
  | { type: 'EmergencyVoteCast'; at: number; voteId: string; userId: string; choice: EmergencyChoice }
  | { type: 'ExtensionGranted'; at: number; voteId: string; memberId: string; until: number }
  | { type: 'ContributionSkipped'; at: number; voteId: string; memberId: string }
  | {
      type: 'MemberExpelled';
      at: number;
      voteId: string | null;
      memberId: string;
      debtCents: Cents;
      refundDue: string[];
    }
  | { type: 'RefundRequested'; at: number; contributionId: string }
  | { type: 'ContributionRefunded'; at: number; contributionId: string }
  | {
      type: 'CycleCompleted';
      at: number;
      history: CycleHistory;
      /**
       * The contributions the cycle's end takes out of the state: every one given back (or paid
       * out, from rounds distributed before stop 60), whatever its cycle. They stay here, in the
       * event log, for the member's list of their payments and the account export (absent in
       * events before stop 60: then none).
       */
      settled?: Contribution[];
    }
  | { type: 'SwapRequested'; at: number; swapId: string; fromId: string; toId: string }
  /** The two exchanged their places in the order in force. */
  | { type: 'SwapAccepted'; at: number; swapId: string; fromId: string; toId: string }
  | { type: 'SwapDeclined'; at: number; swapId: string; fromId: string; toId: string }
  | { type: 'SwapWithdrawn'; at: number; swapId: string; fromId: string; toId: string }
  | {
      type: 'SwapLapsed';
      at: number;
      swapId: string;
      fromId: string;
      toId: string;
      reason: SwapLapseReason;
    };

export type FundCommand =
  | { type: 'OpenVoting'; members: string[]; nonce: string }
  | { type: 'VoteAmount'; userId: string; amountCents: Cents }
  | { type: 'VoteConfirmation'; userId: string; accept: true }
  | { type: 'VoteConfirmation'; userId: string; accept: false; reason: string }
  | { type: 'AcknowledgeDismissal'; userId: string }
  /**
   * `nonce`: a fresh secret 32-byte nonce (hex) the server draws for every restart vote. It is
   * used only if this vote restarts voting after the draw was revealed: a revealed nonce must
   * never seed a second draw, or the last voter could steer it.
   */
  | { type: 'VoteRestart'; userId: string; nonce?: string }
  | { type: 'VoteWithdrawalDate'; userId: string; option: WithdrawalOption }
  /** `onBehalfOf`: the participant this payment covers (then it counts as theirs, paid by `userId`). */
  | { type: 'Contribute'; userId: string; contributionId: string; method: PaymentMethod; onBehalfOf?: string }
  | { type: 'ContributionPaymentFailed'; contributionId: string }
  /** The provider captured a card hold early, before it expired (ADR 0048). */
  | { type: 'HoldCaptured'; contributionId: string }
  | { type: 'ConfirmReceipt'; userId: string; contributionId: string }
  | { type: 'RefuseReceipt'; userId: string; contributionId: string }
  | { type: 'CancelDeclaration'; userId: string; contributionId: string }
  | { type: 'Withdraw'; userId: string }
  | { type: 'DistributionSucceeded' }
  /** `captured`: the contributions whose card holds were captured before the payout failed. */
  | { type: 'DistributionFailed'; captured?: string[] }
  | { type: 'VoteEmergency'; userId: string; voteId: string; choice: EmergencyChoice }
  | { type: 'RequestRefund'; userId: string; contributionId: string }
  | { type: 'RefundCompleted'; contributionId: string }
  | { type: 'MemberLeft'; userId: string }
  /** `swapId`: a fresh id the server draws (the domain owns no randomness). */
  | { type: 'RequestSwap'; userId: string; withMemberId: string; swapId: string }
  | { type: 'AcceptSwap'; userId: string; swapId: string }
  | { type: 'DeclineSwap'; userId: string; swapId: string }
  | { type: 'WithdrawSwap'; userId: string; swapId: string }
  | { type: 'DeadlinePassed' }
  /** `userId`'s payout account changed (connected, activated, restricted, unlinked, deleted). */
  | { type: 'PayoutAccountChanged'; userId: string };

/** Facts from outside the fund that some rules need, given with the command. */
export interface FundContext {
  now: number;
  /** Whether the test clock is on: the `7d1h` option is offered only then. */
  testClock: boolean;
  /** Whether this member has an active connected payout account. */
  hasPayoutAccount(userId: string): boolean;
  /** A fresh id for an emergency vote (the domain owns no randomness). */
  newId(): string;
}
