import type { FundEvent, FundState } from './fund-types';
import { without } from './state-updates';

export type SetupEvent = Extract<
  FundEvent,
  {
    type:
      | 'VotingOpened'
      | 'AmountVoted'
      | 'VoterLeft'
      | 'ParticipantLeft'
      | 'VotingClosed'
      | 'FundCancelled'
      | 'ConfirmationVoted'
      | 'ConfirmationTimedOut'
      | 'DismissalOpened'
      | 'DismissalAcknowledged'
      | 'DismissalAcknowledgmentTimedOut'
      | 'RestartVoted'
      | 'FundActivated'
      | 'WithdrawalDateVoted'
      | 'WithdrawalDateChosen';
  }
>;

/**
 * Applies the events that set a cycle up, from amount voting to the chosen withdrawal date
 * (domain.md, phases 1–5), and the cancellation that can end it.
 */
export function evolveSetup(state: FundState, event: SetupEvent): FundState {
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
        drawnOrder: [],
        swaps: [],
        swapHistory: [],
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
        drawnOrder: event.order,
        phaseDeadline: event.deadline,
      };
    case 'WithdrawalDateVoted':
      return { ...state, dateVotes: { ...state.dateVotes, [event.userId]: event.option } };
    case 'WithdrawalDateChosen':
      return { ...state, roundLength: event.option, phaseDeadline: null };
  }
}
