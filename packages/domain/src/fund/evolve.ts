import { evolveEmergency } from './evolve-emergency';
import { evolveRounds } from './evolve-rounds';
import { evolveSetup } from './evolve-setup';
import { evolveSwaps } from './evolve-swaps';
import type { FundEvent, FundState } from './fund-types';
import { CONTRIBUTION_WINDOW_MS, roundLengthMs } from './rules';

/** A fund before its first cycle: the state `OpenVoting` starts from. */
export function emptyFund(fundId: string): FundState {
  return {
    fundId,
    phase: 'cancelled',
    cycleNumber: 0,
    cycleCreatedAt: 0,
    votingRound: 0,
    voters: [],
    votes: {},
    phaseDeadline: null,
    commitment: '',
    nonce: '',
    nonceRevealed: false,
    participants: [],
    finalAmountCents: null,
    confirmations: {},
    dismissal: null,
    acknowledged: [],
    restartVotes: [],
    seed: null,
    order: [],
    drawnOrder: [],
    swaps: [],
    swapHistory: [],
    dateVotes: {},
    roundLength: null,
    round: null,
    received: [],
    contributions: [],
    strikes: {},
    expelled: [],
    debts: {},
    completedCycles: 0,
    memberCycles: {},
    history: [],
    cancelReason: null,
    closingVotes: [],
  };
}

/**
 * Applies one event. Events are facts: evolve never refuses, it only records. Each family of
 * events has its own file; this switch only routes, so the compiler still checks that every
 * event type is handled.
 */
export function evolve(state: FundState, event: FundEvent): FundState {
  switch (event.type) {
    case 'VotingOpened':
    case 'AmountVoted':
    case 'VoterLeft':
    case 'ParticipantLeft':
    case 'VotingClosed':
    case 'FundCancelled':
    case 'ConfirmationVoted':
    case 'ConfirmationTimedOut':
    case 'DismissalOpened':
    case 'DismissalAcknowledged':
    case 'DismissalAcknowledgmentTimedOut':
    case 'RestartVoted':
    case 'FundActivated':
    case 'WithdrawalDateVoted':
    case 'WithdrawalDateChosen':
      return evolveSetup(state, event);
    case 'RoundStarted':
    case 'ContributionMade':
    case 'ContributionConfirmed':
    case 'ContributionFailed':
    case 'CoverSuperseded':
    case 'ReceiptRefused':
    case 'DeclarationCancelled':
    case 'ContributionCaptured':
    case 'RoundReady':
    case 'RecipientAccountConnected':
    case 'RecipientAccountLost':
    case 'RoundReopened':
    case 'DistributionStarted':
    case 'DistributionFailed':
    case 'RoundDistributed':
    case 'RecipientTimedOut':
    case 'RefundRequested':
    case 'ContributionRefunded':
    case 'CycleCompleted':
      return evolveRounds(state, event);
    case 'ContributionMissed':
    case 'StrikeWarned':
    case 'EmergencyVoteCast':
    case 'EmergencyVoteWithdrawn':
    case 'StrikeForgiven':
    case 'StrikeRestored':
    case 'ExtensionGranted':
    case 'ContributionSkipped':
    case 'MemberExpelled':
      return evolveEmergency(state, event);
    case 'SwapRequested':
    case 'SwapAccepted':
    case 'SwapDeclined':
    case 'SwapWithdrawn':
    case 'SwapLapsed':
      return evolveSwaps(state, event);
    default:
      // An event a newer release wrote, read by this one during a rolling upgrade (the account
      // export replays a fund's events): it changes nothing here rather than breaking the replay.
      return state;
  }
}

export function evolveAll(state: FundState, events: readonly FundEvent[]): FundState {
  return events.reduce(evolve, state);
}

/** The round that starts now: recipient, window and withdrawal date (domain.md, phase 6). */
export function roundTimes(
  startAt: number,
  lengthMs: number,
): { windowOpensAt: number; withdrawalAt: number } {
  const withdrawalAt = startAt + lengthMs;
  return { withdrawalAt, windowOpensAt: withdrawalAt - CONTRIBUTION_WINDOW_MS };
}

export { roundLengthMs };
