import type { Contribution, FundState, Round } from './fund-types';

/** Small immutable updates shared by the evolve functions. */
export const without = (list: string[], id: string) => list.filter((x) => x !== id);

export function updateRound(state: FundState, change: (round: Round) => Partial<Round>): FundState {
  if (!state.round) return state;
  return { ...state, round: { ...state.round, ...change(state.round) } };
}

export function setContribution(state: FundState, id: string, change: Partial<Contribution>): FundState {
  return { ...state, contributions: state.contributions.map((c) => (c.id === id ? { ...c, ...change } : c)) };
}

/** Marks contributions due back, remembering what they were (whether money had moved). */
export function markRefundDue(state: FundState, ids: string[]): FundState {
  const set = new Set(ids);
  return {
    ...state,
    contributions: state.contributions.map((c) =>
      set.has(c.id) ? { ...c, status: 'refund_due' as const, statusBeforeRefund: c.status } : c,
    ),
  };
}
