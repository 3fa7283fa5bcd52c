import type { FundState } from '@giro/domain/fund/fund-types';

/** The completed cycles in which this member took part (to the end, or until expelled). */
export function completedCyclesOf(state: FundState, userId: string): number {
  return state.memberCycles[userId] ?? 0;
}
