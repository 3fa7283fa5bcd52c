import type { FundEvent, FundState } from './fund-types';
import { markRefundDue, updateRound, without } from './state-updates';

type EmergencyEvent = Extract<
  FundEvent,
  {
    type:
      | 'ContributionMissed'
      | 'StrikeWarned'
      | 'EmergencyVoteCast'
      | 'EmergencyVoteWithdrawn'
      | 'StrikeForgiven'
      | 'StrikeRestored'
      | 'ExtensionGranted'
      | 'ContributionSkipped'
      | 'MemberExpelled';
  }
>;

/** Applies the events of a missed contribution and its emergency vote (domain.md, phase 7). */
export function evolveEmergency(state: FundState, event: EmergencyEvent): FundState {
  switch (event.type) {
    case 'ContributionMissed': {
      const strikes = { ...state.strikes, [event.memberId]: event.strikes };
      return {
        ...updateRound({ ...state, strikes }, (round) => ({
          emergencies: [
            ...round.emergencies,
            {
              id: event.voteId,
              memberId: event.memberId,
              voters: event.voters,
              allowWait: event.allowWait,
              votes: {},
              deadline: event.deadline,
              memberAtRisk: event.memberAtRisk,
            },
          ],
          extensions: Object.fromEntries(
            Object.entries(round.extensions).filter(([id]) => id !== event.memberId),
          ),
        })),
      };
    }
    case 'StrikeWarned':
      return state;
    case 'EmergencyVoteWithdrawn':
      return updateRound(state, (round) => ({
        emergencies: round.emergencies.filter((vote) => vote.id !== event.voteId),
      }));
    case 'EmergencyVoteCast':
      return updateRound(state, (round) => ({
        emergencies: round.emergencies.map((vote) =>
          vote.id === event.voteId
            ? { ...vote, votes: { ...vote.votes, [event.userId]: event.choice } }
            : vote,
        ),
      }));
    case 'ExtensionGranted':
      return updateRound(state, (round) => ({
        emergencies: round.emergencies.filter((vote) => vote.id !== event.voteId),
        extensions: { ...round.extensions, [event.memberId]: event.until },
        waitGranted: [...round.waitGranted, event.memberId],
      }));
    case 'ContributionSkipped':
      return updateRound(state, (round) => ({
        emergencies: round.emergencies.filter((vote) => vote.id !== event.voteId),
        skipped: [...round.skipped, event.memberId],
      }));
    case 'StrikeForgiven':
    case 'StrikeRestored':
      return { ...state, strikes: { ...state.strikes, [event.memberId]: event.strikes } };
    case 'MemberExpelled': {
      const next = markRefundDue(state, event.refundDue);
      return {
        ...updateRound(next, (round) => ({
          emergencies: round.emergencies
            .filter((vote) => vote.id !== event.voteId && vote.memberId !== event.memberId)
            .map((vote) => ({ ...vote, voters: without(vote.voters, event.memberId) })),
        })),
        expelled: [...state.expelled, event.memberId],
        debts:
          event.debtCents > 0
            ? { ...state.debts, [event.memberId]: (state.debts[event.memberId] ?? 0) + event.debtCents }
            : state.debts,
      };
    }
  }
}
