import { evolveEmergency } from './evolve-emergency';
import type { FundEvent, FundState } from './fund-types';
import { CONTRIBUTION_WINDOW_MS, roundLengthMs } from './rules';
import { markRefundDue, setContribution, updateRound, without } from './state-updates';

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
    dateVotes: {},
    roundLength: null,
    round: null,
    received: [],
    contributions: [],
    strikes: {},
    expelled: [],
    debts: {},
    history: [],
    cancelReason: null,
    closingVotes: [],
  };
}

/** Applies one event. Events are facts: evolve never refuses, it only records. */
export function evolve(state: FundState, event: FundEvent): FundState {
  switch (event.type) {
    case 'VotingOpened':
      return {
        ...state,
        phase: 'voting',
        cycleNumber: event.cycleNumber,
        cycleCreatedAt: event.newCycle ? event.at : state.cycleCreatedAt,
        votingRound: event.votingRound,
        voters: event.voters,
        votes: {},
        phaseDeadline: event.deadline,
        commitment: event.commitment,
        nonce: event.nonce,
        nonceRevealed: false,
        participants: event.newCycle ? [] : state.participants,
        finalAmountCents: null,
        confirmations: {},
        dismissal: null,
        acknowledged: [],
        restartVotes: [],
        seed: null,
        order: [],
        dateVotes: {},
        roundLength: null,
        round: null,
        received: event.newCycle ? [] : state.received,
        cancelReason: null,
        closingVotes: [],
      };
    case 'AmountVoted':
      return { ...state, votes: { ...state.votes, [event.userId]: event.amountCents } };
    case 'VoterLeft': {
      const { [event.userId]: _left, ...votes } = state.votes;
      return { ...state, voters: without(state.voters, event.userId), votes };
    }
    case 'ParticipantLeft': {
      const { [event.userId]: _confirmation, ...confirmations } = state.confirmations;
      const { [event.userId]: _dateVote, ...dateVotes } = state.dateVotes;
      return {
        ...state,
        voters: without(state.voters, event.userId),
        participants: without(state.participants, event.userId),
        confirmations,
        acknowledged: without(state.acknowledged, event.userId),
        restartVotes: without(state.restartVotes, event.userId),
        dateVotes,
        order: without(state.order, event.userId),
      };
    }
    case 'VotingClosed':
      return {
        ...state,
        phase: 'confirmation',
        participants: event.participants,
        finalAmountCents: event.finalAmountCents,
        phaseDeadline: event.deadline,
        closingVotes: event.participants.map((userId) => ({ userId, amountCents: state.votes[userId]! })),
      };
    case 'FundCancelled':
      return { ...state, phase: 'cancelled', phaseDeadline: null, cancelReason: event.reason, round: null };
    case 'ConfirmationVoted':
      return { ...state, confirmations: { ...state.confirmations, [event.userId]: event.accept } };
    case 'ConfirmationTimedOut': {
      const confirmations = { ...state.confirmations };
      for (const id of event.nonResponders) confirmations[id] = true;
      return { ...state, confirmations };
    }
    case 'DismissalOpened':
      return {
        ...state,
        phase: 'dismissal_acknowledgment',
        dismissal: { by: event.by, reason: event.reason },
        acknowledged: [event.by],
        phaseDeadline: event.deadline,
      };
    case 'DismissalAcknowledged':
      return { ...state, acknowledged: [...state.acknowledged, event.userId] };
    case 'DismissalAcknowledgmentTimedOut':
      return { ...state, acknowledged: [...state.acknowledged, ...event.nonAcknowledgers] };
    case 'RestartVoted':
      return { ...state, restartVotes: [...state.restartVotes, event.userId] };
    case 'FundActivated':
      return {
        ...state,
        phase: 'date_voting',
        nonce: event.nonce,
        nonceRevealed: true,
        seed: event.seed,
        order: event.order,
        phaseDeadline: event.deadline,
      };
    case 'WithdrawalDateVoted':
      return { ...state, dateVotes: { ...state.dateVotes, [event.userId]: event.option } };
    case 'WithdrawalDateChosen':
      return { ...state, roundLength: event.option, phaseDeadline: null };
    case 'RoundStarted':
      return {
        ...state,
        phase: 'collecting',
        phaseDeadline: null,
        round: {
          number: event.roundNumber,
          recipientId: event.recipientId,
          startsAt: event.at,
          windowOpensAt: event.windowOpensAt,
          withdrawalAt: event.withdrawalAt,
          state: 'collecting',
          readyAt: null,
          recipientTimeoutAt: null,
          skipped: [],
          emergencies: [],
          extensions: {},
          waitGranted: [],
          payoutFailed: false,
        },
      };
    case 'ContributionMade':
      return { ...state, contributions: [...state.contributions, event.contribution] };
    case 'ContributionConfirmed':
      return setContribution(state, event.contributionId, { status: 'confirmed' });
    case 'ContributionFailed':
      return { ...state, contributions: state.contributions.filter((c) => c.id !== event.contributionId) };
    case 'RoundReady':
      return {
        ...updateRound(state, () => ({
          state: 'awaiting_withdrawal',
          readyAt: event.at,
          recipientTimeoutAt: event.recipientTimeoutAt,
        })),
        phase: 'awaiting_withdrawal',
      };
    case 'RoundReopened':
      return {
        ...updateRound(state, () => ({ state: 'collecting', readyAt: null, recipientTimeoutAt: null })),
        phase: 'collecting',
      };
    case 'DistributionStarted':
      return updateRound(state, () => ({ state: 'distributing', payoutFailed: false }));
    case 'DistributionFailed':
      return updateRound(state, () => ({ state: 'awaiting_withdrawal', payoutFailed: true }));
    case 'RoundDistributed': {
      const round = state.round!;
      const paid = state.contributions.map((c) =>
        c.cycleNumber === state.cycleNumber &&
        c.roundNumber === round.number &&
        (c.status === 'authorized' || c.status === 'captured' || c.status === 'confirmed')
          ? { ...c, status: 'paid_out' as const }
          : c,
      );
      return {
        ...state,
        contributions: paid,
        received: [
          ...state.received,
          {
            roundNumber: event.roundNumber,
            recipientId: event.recipientId,
            grossCents: event.grossCents,
            netCents: event.netCents,
            at: event.at,
          },
        ],
        round: null,
      };
    }
    case 'RecipientTimedOut': {
      const moved = { ...markRefundDue(state, event.refundDue), round: null };
      return { ...moved, order: [...without(state.order, event.recipientId), event.recipientId] };
    }
    case 'ContributionMissed':
    case 'StrikeWarned':
    case 'EmergencyVoteCast':
    case 'EmergencyVoteWithdrawn':
    case 'ExtensionGranted':
    case 'ContributionSkipped':
    case 'MemberExpelled':
      return evolveEmergency(state, event);
    case 'RefundRequested':
      return state;
    case 'ContributionRefunded':
      return setContribution(state, event.contributionId, { status: 'refunded' });
    case 'CycleCompleted':
      return {
        ...state,
        phase: 'completed',
        phaseDeadline: null,
        round: null,
        history: [...state.history, event.history],
      };
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
